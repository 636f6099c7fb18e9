# apt 10.0.1's `apt_key` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "apt_key" {
  desc = "Module type from apt 10.0.1 (lib/puppet/type/apt_key.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
    desc = "Whether it is present or absent."
  }

  attribute "id" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The key's id (a fingerprint); taken from the title by default."
  }

  attribute "content" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `content` parameter; catc does not check its value."
  }

  attribute "source" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Where the key is read from: a path's File, when managed, is required (URLs require nothing)."
  }

  attribute "server" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `server` parameter; catc does not check its value."
  }

  attribute "options" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `options` parameter; catc does not check its value."
  }

  attribute "refresh" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `refresh` parameter; catc does not check its value."
  }

  attribute "weak_ssl" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The module's `weak_ssl` parameter; catc does not check its value."
  }

  attribute "fingerprint" {
    type = "Optional[Data]"
    desc = "The module's `fingerprint` property; catc does not check its value."
  }

  attribute "long" {
    type = "Optional[Data]"
    desc = "The module's `long` property; catc does not check its value."
  }

  attribute "short" {
    type = "Optional[Data]"
    desc = "The module's `short` property; catc does not check its value."
  }

  attribute "expired" {
    type = "Optional[Data]"
    desc = "The module's `expired` property; catc does not check its value."
  }

  attribute "expiry" {
    type = "Optional[Data]"
    desc = "The module's `expiry` property; catc does not check its value."
  }

  attribute "size" {
    type = "Optional[Data]"
    desc = "The module's `size` property; catc does not check its value."
  }

  attribute "type" {
    type = "Optional[Data]"
    desc = "The module's `type` property; catc does not check its value."
  }

  attribute "created" {
    type = "Optional[Data]"
    desc = "The module's `created` property; catc does not check its value."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set."
  }

  # apt's apt_key.rb: the File of `source` when it is an absolute path.
  autorequire {
    file = absolute("$source")
  }
}
