# postgresql 10.6.1's `postgresql_conf` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "postgresql_conf" {
  desc = "Module type from postgresql 10.6.1 (lib/puppet/type/postgresql_conf.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "key" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "value" {
    type = "Optional[Data]"
  }

  attribute "comment" {
    type = "Optional[Data]"
  }

  attribute "target" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # postgresql's postgresql_conf.rb declares no auto relationship.
}
