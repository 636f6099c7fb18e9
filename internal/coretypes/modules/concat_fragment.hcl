# concat 9.1.0's `concat_fragment` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "concat_fragment" {
  desc = "Module type from concat 9.1.0 (lib/puppet/type/concat_fragment.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "target" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "content" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "source" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "order" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "tag" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  # concat's concat_fragment.rb has an `autorequire(:file)` block that only warns when no concat_file matches its target and returns nothing: no auto relationship.
}
