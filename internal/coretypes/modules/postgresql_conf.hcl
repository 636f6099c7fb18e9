# postgresql 10.6.1's `postgresql_conf` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "postgresql_conf" {
  desc = "Module type from postgresql 10.6.1 (lib/puppet/type/postgresql_conf.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "key" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `key` parameter; catc does not check its value."
  }

  attribute "value" {
    type = "Optional[Data]"
    desc = "The module's `value` property; catc does not check its value."
  }

  attribute "comment" {
    type = "Optional[Data]"
    desc = "The module's `comment` property; catc does not check its value."
  }

  attribute "target" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `target` parameter; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # postgresql's postgresql_conf.rb declares no auto relationship.
}
