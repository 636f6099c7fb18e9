# mysql 16.3.0's `mysql_plugin` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_plugin" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_plugin.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The resource's name; taken from the title by default."
  }

  attribute "soname" {
    type = "Optional[Data]"
    desc = "The module's `soname` property; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # mysql's mysql_plugin.rb: File[/root/.my.cnf].
  autorequire {
    file = "/root/.my.cnf"
  }
}
