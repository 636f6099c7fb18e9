# mysql 16.3.0's `mysql_grant` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_grant" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_grant.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "privileges" {
    type = "Optional[Data]"
  }

  attribute "table" {
    type = "Optional[Data]"
  }

  attribute "user" {
    type = "Optional[Data]"
  }

  attribute "options" {
    type = "Optional[Data]"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # mysql's mysql_grant.rb: File[/root/.my.cnf], then the Mysql_user named by `user`.
  autorequire {
    file       = "/root/.my.cnf"
    mysql_user = "$user"
  }
}
