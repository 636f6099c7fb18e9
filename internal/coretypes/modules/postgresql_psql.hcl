# postgresql 10.6.1's `postgresql_psql` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "postgresql_psql" {
  desc = "Module type from postgresql 10.6.1 (lib/puppet/type/postgresql_psql.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "command" {
    type = "Optional[Data]"
    desc = "The SQL command to run."
  }

  attribute "unless" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `unless` parameter; catc does not check its value."
  }

  attribute "onlyif" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `onlyif` parameter; catc does not check its value."
  }

  attribute "connect_settings" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `connect_settings` parameter; catc does not check its value."
  }

  attribute "db" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `db` parameter; catc does not check its value."
  }

  attribute "port" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `port` parameter; catc does not check its value."
  }

  attribute "search_path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `search_path` parameter; catc does not check its value."
  }

  attribute "psql_path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `psql_path` parameter; catc does not check its value."
  }

  attribute "psql_user" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `psql_user` parameter; catc does not check its value."
  }

  attribute "psql_group" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `psql_group` parameter; catc does not check its value."
  }

  attribute "cwd" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `cwd` parameter; catc does not check its value."
  }

  attribute "environment" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `environment` parameter; catc does not check its value."
  }

  attribute "refreshonly" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `refreshonly` parameter; catc does not check its value."
  }

  attribute "instance" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The PostgreSQL instance (main when not set): Anchor[postgresql::server::service::end::INSTANCE], when managed, is required."
  }

  attribute "sensitive" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `sensitive` parameter; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # postgresql's postgresql_psql.rb: the Anchor that ends the service of its `instance` (`main` by default).
  autorequire {
    anchor = format("postgresql::server::service::end::%s", coalesce("$instance", "main"))
  }

  # postgresql's postgresql_psql.rb defines refresh: the agent refreshes it on an event.
  refreshable = true
}
