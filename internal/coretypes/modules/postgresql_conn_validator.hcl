# postgresql 10.6.1's `postgresql_conn_validator` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "postgresql_conn_validator" {
  desc = "Module type from postgresql 10.6.1 (lib/puppet/type/postgresql_conn_validator.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "db_name" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `db_name` parameter; catc does not check its value."
  }

  attribute "db_username" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `db_username` parameter; catc does not check its value."
  }

  attribute "db_password" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `db_password` parameter; catc does not check its value."
  }

  attribute "host" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `host` parameter; catc does not check its value."
  }

  attribute "port" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `port` parameter; catc does not check its value."
  }

  attribute "connect_settings" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `connect_settings` parameter; catc does not check its value."
  }

  attribute "sleep" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `sleep` parameter; catc does not check its value."
  }

  attribute "tries" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `tries` parameter; catc does not check its value."
  }

  attribute "psql_path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `psql_path` parameter; catc does not check its value."
  }

  attribute "run_as" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `run_as` parameter; catc does not check its value."
  }

  attribute "command" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `command` parameter; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # postgresql's postgresql_conn_validator.rb declares no auto relationship.
}
