# Puppet 7.23's `sshkey` type, as catc knows it built in (internal/coretypes/doc.go).
type "sshkey" {
  desc = "A host key in the system-wide known_hosts file."

  title_pattern {
    pattern = "^(?<name>.*?)@(?<type>.*)$"
    desc    = "Fills name and type from the title."
  }

  title_pattern {
    pattern = "^(?<name>[^@]+)$"
    desc    = "Fills name from the title."
  }

  attribute "type" {
    type      = "Enum['ssh-dss', dsa, 'ssh-ed25519', ed25519, 'ssh-rsa', rsa, 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'sk-ecdsa-sha2-nistp256@openssh.com', 'ecdsa-sk', 'sk-ssh-ed25519@openssh.com', 'ed25519-sk']"
    behaviour = "namevar"
    desc      = "The key's algorithm; taken from the title after an @, when there is one."
  }

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The host's name; taken from the title before an @."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: parsed (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the key is in the file."
  }

  attribute "key" {
    type = "Optional[Data]"
    desc = "The host's public key, base64."
  }

  attribute "host_aliases" {
    type = <<-T
      Optional[Variant[Pattern[/\A\S+\z/], Array[Pattern[/\A\S+\z/]]]]
    T
    desc = "Other names of the host, without spaces."
  }

  attribute "target" {
    type = "Optional[Data]"
    desc = "The known_hosts file."
  }
}
