# inifile 6.2.0's `ini_subsetting` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "ini_subsetting" {
  desc = "Module type from inifile 6.2.0 (lib/puppet/type/ini_subsetting.rb), shipped by catc: auto relationships exact, attribute values not checked."

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

  attribute "subsetting" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `subsetting` parameter; catc does not check its value."
  }

  attribute "subsetting_separator" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `subsetting_separator` parameter; catc does not check its value."
  }

  attribute "subsetting_key_val_separator" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `subsetting_key_val_separator` parameter; catc does not check its value."
  }

  attribute "path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The INI file (no auto relationship)."
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

  attribute "quote_char" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `quote_char` parameter; catc does not check its value."
  }

  attribute "use_exact_match" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `use_exact_match` parameter; catc does not check its value."
  }

  attribute "value" {
    type = "Optional[Data]"
    desc = "The module's `value` property; catc does not check its value."
  }

  attribute "insert_type" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `insert_type` parameter; catc does not check its value."
  }

  attribute "insert_value" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `insert_value` parameter; catc does not check its value."
  }

  attribute "delete_if_empty" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `delete_if_empty` parameter; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # inifile's ini_subsetting.rb declares no auto relationship.
}
