# stdlib 9.7.0's `file_line` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "file_line" {
  desc = "Module type from stdlib 9.7.0 (lib/puppet/type/file_line.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "match" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "match_for_absence" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "multiple" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "after" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "line" {
    type = "Optional[Data]"
  }

  attribute "path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "replace" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "replace_all_matches_not_matching_line" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "encoding" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "append_on_no_match" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # stdlib's file_line.rb: the File of `path`, when managed.
  autorequire {
    file = "$path"
  }
}
