# postgresql 10.6.1's `postgresql_psql` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "postgresql_psql" {
  desc = "Module type from postgresql 10.6.1 (lib/puppet/type/postgresql_psql.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "command" {
    type = "Optional[Data]"
  }

  attribute "unless" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "onlyif" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "connect_settings" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "db" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "port" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "search_path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "psql_path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "psql_user" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "psql_group" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "cwd" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "environment" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "refreshonly" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "instance" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "sensitive" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # postgresql's postgresql_psql.rb: the Anchor that ends the service of its `instance` (`main` by default).
  autorequire {
    anchor = format("postgresql::server::service::end::%s", coalesce("$instance", "main"))
  }
}
