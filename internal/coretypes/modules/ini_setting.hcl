# inifile 6.2.0's `ini_setting` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "ini_setting" {
  desc = "Module type from inifile 6.2.0 (lib/puppet/type/ini_setting.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "section" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "setting" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "force_new_section_creation" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "show_diff" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "key_val_separator" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "value" {
    type = "Optional[Data]"
  }

  attribute "section_prefix" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "section_suffix" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "indent_char" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "indent_width" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "refreshonly" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # inifile's ini_setting.rb: the File of the PARENT directory of `path` (Ruby's Pathname#parent: the path itself for `/`), not the file.
  autorequire {
    file = coalesce(first(ascend("$path")), "$path")
  }
}
