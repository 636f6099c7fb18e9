# concat 9.1.0's `concat_fragment` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "concat_fragment" {
  desc = "Module type from concat 9.1.0 (lib/puppet/type/concat_fragment.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "target" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The concat_file (by path or title) this fragment belongs to; no edge is made from it."
  }

  attribute "content" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `content` parameter; catc does not check its value."
  }

  attribute "source" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `source` parameter; catc does not check its value."
  }

  attribute "order" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `order` parameter; catc does not check its value."
  }

  # concat's concat_fragment.rb has an `autorequire(:file)` block that only warns when no concat_file matches its target and returns nothing: no auto relationship.
}
