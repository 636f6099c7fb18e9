# Imported by catc import from testdata/newtype/demo_line.rb:5.
type "demo_line" {
  desc = "Imported by catc from the Puppet::Type.newtype type demo_line: its namevars and the auto rules catc could read; attribute values are not checked."

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether it is present or absent."
  }

  attribute "name" {
    type      = "String"
    desc      = "The Ruby type's name parameter; catc does not check its value."
    behaviour = "namevar"
  }

  attribute "path" {
    type      = "Optional[Data]"
    desc      = "The Ruby type's path parameter; catc does not check its value."
    behaviour = "parameter"
  }

  attribute "line" {
    type = "Optional[Data]"
    desc = "The Ruby type's line property; catc does not check its value."
  }

  attribute "owner" {
    type      = "Optional[Data]"
    desc      = "The Ruby type's owner parameter; catc does not check its value."
    behaviour = "parameter"
  }

  attribute "conf" {
    type      = "Optional[Data]"
    desc      = "The Ruby type's conf parameter; catc does not check its value."
    behaviour = "parameter"
  }

  autorequire {
    file    = ["$path", parent("$path")]
    user    = ["$owner", "root"]
    package = "demo-tools"
  }

  autobefore {
    service = [format("demo-%s", "$name")]
  }
}
