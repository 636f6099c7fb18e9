# postgresql 10.6.1's `postgresql_conn_validator` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "postgresql_conn_validator" {
  desc = "Module type from postgresql 10.6.1 (lib/puppet/type/postgresql_conn_validator.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "db_name" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "db_username" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "db_password" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "host" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "port" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "connect_settings" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "sleep" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "tries" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "psql_path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "run_as" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "command" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # postgresql's postgresql_conn_validator.rb declares no auto relationship.
}
