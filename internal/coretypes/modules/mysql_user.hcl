# mysql 16.3.0's `mysql_user` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_user" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_user.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "password_hash" {
    type = "Optional[Data]"
  }

  attribute "plugin" {
    type = "Optional[Data]"
  }

  attribute "max_user_connections" {
    type = "Optional[Data]"
  }

  attribute "max_connections_per_hour" {
    type = "Optional[Data]"
  }

  attribute "max_queries_per_hour" {
    type = "Optional[Data]"
  }

  attribute "max_updates_per_hour" {
    type = "Optional[Data]"
  }

  attribute "tls_options" {
    type = "Optional[Data]"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # mysql's mysql_user.rb: File[/root/.my.cnf]. Its `autorequire(:class)` names no resource type, so Puppet ignores it.
  autorequire {
    file = "/root/.my.cnf"
  }
}
