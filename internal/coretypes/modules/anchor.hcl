# stdlib 9.7.0's `anchor` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "anchor" {
  desc = "Module type from stdlib 9.7.0 (lib/puppet/type/anchor.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  # stdlib's anchor.rb declares no auto relationship.

  # stdlib's anchor.rb defines refresh: the agent refreshes it on an event.
  refreshable = true
}
