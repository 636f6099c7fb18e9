# Puppet 7.23's `filebucket` type, as catc knows it built in (internal/coretypes/doc.go).
type "filebucket" {
  desc = "A place where replaced file contents are backed up, on the node or on a server."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The bucket's name, which file's backup refers to."
  }

  attribute "server" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The server holding the bucket; none means a local bucket."
  }

  attribute "port" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The server's port."
  }

  attribute "path" {
    type      = <<-T
      Optional[Variant[Boolean, Pattern[/\A\//]]]
    T
    behaviour = "parameter"
    desc      = "A local directory for the bucket, or false to use the server."
  }
}
