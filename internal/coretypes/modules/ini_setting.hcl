# inifile 6.2.0's `ini_setting` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "ini_setting" {
  desc = "Module type from inifile 6.2.0 (lib/puppet/type/ini_setting.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "section" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `section` parameter; catc does not check its value."
  }

  attribute "setting" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `setting` parameter; catc does not check its value."
  }

  attribute "force_new_section_creation" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `force_new_section_creation` parameter; catc does not check its value."
  }

  attribute "path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The INI file; the File of its parent directory, when managed, is required."
  }

  attribute "show_diff" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `show_diff` parameter; catc does not check its value."
  }

  attribute "key_val_separator" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `key_val_separator` parameter; catc does not check its value."
  }

  attribute "value" {
    type = "Optional[Data]"
    desc = "The module's `value` property; catc does not check its value."
  }

  attribute "section_prefix" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `section_prefix` parameter; catc does not check its value."
  }

  attribute "section_suffix" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `section_suffix` parameter; catc does not check its value."
  }

  attribute "indent_char" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `indent_char` parameter; catc does not check its value."
  }

  attribute "indent_width" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `indent_width` parameter; catc does not check its value."
  }

  attribute "refreshonly" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `refreshonly` parameter; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # inifile's ini_setting.rb: the File of the PARENT directory of `path` (Ruby's Pathname#parent: the path itself for `/`), not the file.
  autorequire {
    file = coalesce(first(ascend("$path")), "$path")
  }

  # inifile's ini_setting.rb defines refresh: the agent refreshes it on an event.
  refreshable = true
}
