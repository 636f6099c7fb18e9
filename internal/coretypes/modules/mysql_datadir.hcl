# mysql 16.3.0's `mysql_datadir` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_datadir" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_datadir.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "datadir" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The data directory; taken from the title by default."
  }

  attribute "basedir" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `basedir` parameter; catc does not check its value."
  }

  attribute "user" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `user` parameter; catc does not check its value."
  }

  attribute "defaults_extra_file" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `defaults_extra_file` parameter; catc does not check its value."
  }

  attribute "insecure" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `insecure` parameter; catc does not check its value."
  }

  attribute "log_error" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `log_error` parameter; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # mysql's mysql_datadir.rb: Package[mysql-server].
  autorequire {
    package = "mysql-server"
  }
}
