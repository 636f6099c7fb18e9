# Puppet 7.23's `notify` type, as catc knows it built in (internal/coretypes/doc.go).
type "notify" {
  desc = "Logs a message on the agent when the catalog is applied; changes nothing on the node."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "message" {
    type = "Optional[Data]"
    desc = "The text to log; the title when not set."
  }

  attribute "withpath" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether the log line names the resource's full path."
  }
}
