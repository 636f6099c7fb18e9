# inifile 6.2.0's `ini_subsetting` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "ini_subsetting" {
  desc = "Module type from inifile 6.2.0 (lib/puppet/type/ini_subsetting.rb), shipped by catc: auto relationships exact, attribute values not checked."

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

  attribute "subsetting" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "subsetting_separator" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "subsetting_key_val_separator" {
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

  attribute "quote_char" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "use_exact_match" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "value" {
    type = "Optional[Data]"
  }

  attribute "insert_type" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "insert_value" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "delete_if_empty" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # inifile's ini_subsetting.rb declares no auto relationship.
}
