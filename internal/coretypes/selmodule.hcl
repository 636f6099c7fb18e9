# Puppet 7.23's `selmodule` type, as catc knows it built in (internal/coretypes/doc.go).
type "selmodule" {
  desc = "An SELinux policy module, loaded or removed."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The module's name; taken from the title by default."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the module is loaded."
  }

  attribute "syncversion" {
    type = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    desc = "Whether to reload the module when its file's version differs."
  }

  attribute "selmoduledir" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The directory holding <name>.pp."
  }

  attribute "selmodulepath" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module file, when it is not <selmoduledir>/<name>.pp."
  }
}
