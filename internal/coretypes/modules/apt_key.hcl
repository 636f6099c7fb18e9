# apt 10.0.1's `apt_key` type (a Puppet::Type.newtype Ruby type), as catc
# ships it for Puppet catalogs (internal/coretypes/doc.go): the namevars and the
# auto relationships are exact; attribute values are not checked (Data).
type "apt_key" {
  desc = "Module type from apt 10.0.1 (lib/puppet/type/apt_key.rb), shipped by catc: auto relationships exact, attribute values not checked."

  attribute "ensure" {
    type = "Optional[Data]"
  }

  attribute "id" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "content" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "source" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "server" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "options" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "refresh" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "weak_ssl" {
    type      = "Optional[Data]"
    behaviour = "parameter"
  }

  attribute "fingerprint" {
    type = "Optional[Data]"
  }

  attribute "long" {
    type = "Optional[Data]"
  }

  attribute "short" {
    type = "Optional[Data]"
  }

  attribute "expired" {
    type = "Optional[Data]"
  }

  attribute "expiry" {
    type = "Optional[Data]"
  }

  attribute "size" {
    type = "Optional[Data]"
  }

  attribute "type" {
    type = "Optional[Data]"
  }

  attribute "created" {
    type = "Optional[Data]"
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
  }

  # apt's apt_key.rb: the File of `source` when it is an absolute path.
  autorequire {
    file = absolute("$source")
  }
}
