# concat 9.1.0's `concat_file` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "concat_file" {
  desc = "Module type from concat 9.1.0 (lib/puppet/type/concat_file.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "path" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The file the fragments are assembled into; taken from the title by default. Its File, when managed, is required."
  }

  attribute "owner" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `owner` parameter; catc does not check its value."
  }

  attribute "group" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `group` parameter; catc does not check its value."
  }

  attribute "mode" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `mode` parameter; catc does not check its value."
  }

  attribute "order" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `order` parameter; catc does not check its value."
  }

  attribute "backup" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `backup` parameter; catc does not check its value."
  }

  attribute "replace" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `replace` parameter; catc does not check its value."
  }

  attribute "validate_cmd" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `validate_cmd` parameter; catc does not check its value."
  }

  attribute "ensure_newline" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `ensure_newline` parameter; catc does not check its value."
  }

  attribute "format" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `format` parameter; catc does not check its value."
  }

  attribute "force" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `force` parameter; catc does not check its value."
  }

  attribute "selinux_ignore_defaults" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `selinux_ignore_defaults` parameter; catc does not check its value."
  }

  attribute "selrange" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `selrange` parameter; catc does not check its value."
  }

  attribute "selrole" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `selrole` parameter; catc does not check its value."
  }

  attribute "seltype" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `seltype` parameter; catc does not check its value."
  }

  attribute "seluser" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `seluser` parameter; catc does not check its value."
  }

  attribute "show_diff" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `show_diff` parameter; catc does not check its value."
  }

  attribute "create_empty_file" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `create_empty_file` parameter; catc does not check its value."
  }

  # concat's concat_file.rb: the File of `path` (the title by default). Puppet's agent generates that File with `before` this resource, so the rule only adds an edge when the catalog itself manages File[path].
  autorequire {
    file = "$path"
  }
}
