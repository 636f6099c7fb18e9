# Puppet 7.23's `selboolean` type, as catc knows it built in (internal/coretypes/doc.go).
type "selboolean" {
  desc = "An SELinux boolean's value, now and optionally across reboots."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The boolean's name; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: getsetsebool (modules may add more)."
  }

  attribute "value" {
    type = "Optional[Variant[Boolean, Enum[on, off, 'true', 'false']]]"
    desc = "on or off."
  }

  attribute "persistent" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether the value survives a reboot."
  }
}
