# Puppet 7.23's `host` type, as catc knows it built in (internal/coretypes/doc.go).
type "host" {
  desc = "An entry in the hosts file mapping a name to an address."

  attribute "name" {
    type      = <<-T
      Pattern[/\A(\w+|\w[\w-]+\w)(\.(\w+|\w[\w-]+\w))*\z/]
    T
    behaviour = "namevar"
    desc      = "The host name; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: parsed (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the entry exists."
  }

  attribute "ip" {
    type = <<-T
      Optional[Pattern[/\A((25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])\z/, /\A[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){2,7}\z/, /\A[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){1,5}:((25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])\z/]]
    T
    desc = "The host's IPv4 or IPv6 address."
  }

  attribute "host_aliases" {
    type = <<-T
      Optional[Variant[Pattern[/\A\S+\z/], Array[Pattern[/\A\S+\z/]]]]
    T
    desc = "Other names of the host, without spaces."
  }

  attribute "comment" {
    type = <<-T
      Optional[Pattern[/\A[^\r\n]*\z/]]
    T
    desc = "A comment on the entry's line."
  }

  attribute "target" {
    type = "Optional[Data]"
    desc = "The hosts file."
  }
}
