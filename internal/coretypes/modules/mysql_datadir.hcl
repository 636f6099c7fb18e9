# mysql 16.3.0's `mysql_datadir` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "mysql_datadir" {
  desc = "Module type from mysql 16.3.0 (lib/puppet/type/mysql_datadir.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "datadir" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "basedir" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "user" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "defaults_extra_file" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "insecure" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "log_error" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # mysql's mysql_datadir.rb: Package[mysql-server].
  autorequire {
    package = "mysql-server"
  }
}
