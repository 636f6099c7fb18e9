package lsp

// Files of the test workspaces.

const typesHCL = `type "package" {
  desc = "A package."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Its name."
  }
  attribute "ensure" {
    type    = "Enum[present, absent]"
    default = "present"
    desc    = "Whether it is installed."
  }
}

type "file" {
  desc = "A file."
  attribute "path" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Its absolute path."
  }
  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether it exists."
  }
  attribute "content" {
    type      = "Optional[String]"
    sensitive = true
    default   = "s3cr3t-default"
    desc      = "What it holds."
  }
  attribute "package" {
    type = "Optional[String]"
    desc = "The package that owns it."
  }
  attribute "port" {
    type = "Optional[Mymod::Port]"
    desc = "A port."
  }
  attribute "backup" {
    type = "Optional[Boolean]"
    desc = "Keep a copy."
  }
  autorequire {
    package = "$package"
  }
}

type_alias "Mymod::Port" {
  type = "Integer[0, 65535]"
  desc = "A TCP port."
}
`

const siteHCL = `resource "package" "nginx" {}

resource "file" "/etc/nginx.conf" {
  ensure  = "present"
  package = "nginx"
  content = "hunter2"
}

resource "file" "/etc/motd" {
  require = [file["/etc/nginx.conf"], "Package[nginx]"]
}
`
