# Puppet 7.23's `mailalias` type, as catc knows it built in (internal/coretypes/doc.go).
type "mailalias" {
  desc = "An entry in the mail aliases file."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The alias; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: aliases (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the alias exists."
  }

  attribute "recipient" {
    type = "Optional[Data]"
    desc = "Where mail to the alias goes."
  }

  attribute "file" {
    type = "Optional[Data]"
    desc = "A file whose content receives the mail, instead of recipients."
  }

  attribute "target" {
    type = "Optional[Data]"
    desc = "The aliases file."
  }
}
