# mysql 16.3.0's `mysql_user` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_user" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_user.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "password_hash" {
    type = "Optional[Data]"
    desc = "The module's `password_hash` property; catc does not check its value."
  }

  attribute "plugin" {
    type = "Optional[Data]"
    desc = "The module's `plugin` property; catc does not check its value."
  }

  attribute "max_user_connections" {
    type = "Optional[Data]"
    desc = "The module's `max_user_connections` property; catc does not check its value."
  }

  attribute "max_connections_per_hour" {
    type = "Optional[Data]"
    desc = "The module's `max_connections_per_hour` property; catc does not check its value."
  }

  attribute "max_queries_per_hour" {
    type = "Optional[Data]"
    desc = "The module's `max_queries_per_hour` property; catc does not check its value."
  }

  attribute "max_updates_per_hour" {
    type = "Optional[Data]"
    desc = "The module's `max_updates_per_hour` property; catc does not check its value."
  }

  attribute "tls_options" {
    type = "Optional[Data]"
    desc = "The module's `tls_options` property; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # mysql's mysql_user.rb: File[/root/.my.cnf]. Its `autorequire(:class)` names no resource type, so Puppet ignores it.
  autorequire {
    file = "/root/.my.cnf"
  }
}
