# Puppet 7.23's `selmodule` type, as catc knows it built in (internal/coretypes/doc.go).
type "selmodule" {
  desc = "An SELinux policy module, loaded or removed."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The module's name; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: semodule (modules may add more)."
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
  # selinux_core's selmodule.rb: selmodulepath, else
  # <selmoduledir>/<name>.pp with Puppet's default directory.
  autorequire {
    file = coalesce("$selmodulepath", format("%s/%s.pp", coalesce("$selmoduledir", "/usr/share/selinux/targeted"), "$name"))
  }
}
