# mysql 16.3.0's `mysql_grant` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_grant" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_grant.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "privileges" {
    type = "Optional[Data]"
    desc = "The module's `privileges` property; catc does not check its value."
  }

  attribute "table" {
    type = "Optional[Data]"
    desc = "The module's `table` property; catc does not check its value."
  }

  attribute "user" {
    type = "Optional[Data]"
    desc = "The user, user@host: that Mysql_user, when managed, is required."
  }

  attribute "options" {
    type = "Optional[Data]"
    desc = "The module's `options` property; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # mysql's mysql_grant.rb: File[/root/.my.cnf], then the Mysql_user named by `user`.
  autorequire {
    file       = "/root/.my.cnf"
    mysql_user = "$user"
  }
}
