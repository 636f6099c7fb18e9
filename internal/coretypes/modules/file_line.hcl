# stdlib 9.7.0's `file_line` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "file_line" {
  desc = "Module type from stdlib 9.7.0 (lib/puppet/type/file_line.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "match" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `match` parameter; catc does not check its value."
  }

  attribute "match_for_absence" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `match_for_absence` parameter; catc does not check its value."
  }

  attribute "multiple" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `multiple` parameter; catc does not check its value."
  }

  attribute "after" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `after` parameter; catc does not check its value."
  }

  attribute "line" {
    type = "Optional[Data]"
    desc = "The line the file must hold."
  }

  attribute "path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The file that holds the line: its File, when managed, is required."
  }

  attribute "replace" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `replace` parameter; catc does not check its value."
  }

  attribute "replace_all_matches_not_matching_line" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `replace_all_matches_not_matching_line` parameter; catc does not check its value."
  }

  attribute "encoding" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `encoding` parameter; catc does not check its value."
  }

  attribute "append_on_no_match" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `append_on_no_match` parameter; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # stdlib's file_line.rb: the File of `path`, when managed.
  autorequire {
    file = "$path"
  }
}
