# concat 9.1.0's `concat_file` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "concat_file" {
  desc = "Module type from concat 9.1.0 (lib/puppet/type/concat_file.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "tag" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "path" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "owner" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "group" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "mode" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "order" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "backup" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "replace" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "validate_cmd" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "ensure_newline" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "format" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "force" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "selinux_ignore_defaults" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "selrange" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "selrole" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "seltype" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "seluser" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "show_diff" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "create_empty_file" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  # concat's concat_file.rb: the File of `path` (the title by default). Puppet's agent generates that File with `before` this resource, so the rule only adds an edge when the catalog itself manages File[path].
  autorequire {
    file = "$path"
  }
}
