# mysql 16.3.0's `mysql_database` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_database" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_database.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "charset" {
    type = "Optional[Data]"
    desc = "The module's `charset` property; catc does not check its value."
  }

  attribute "collate" {
    type = "Optional[Data]"
    desc = "The module's `collate` property; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # mysql's mysql_database.rb: File[/root/.my.cnf]. Its `autorequire(:class)` names no resource type, so Puppet ignores it.
  autorequire {
    file = "/root/.my.cnf"
  }
}
