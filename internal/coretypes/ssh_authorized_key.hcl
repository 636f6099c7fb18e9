# Puppet 7.23's `ssh_authorized_key` type, as catc knows it built in (internal/coretypes/doc.go).
type "ssh_authorized_key" {
  desc = "A public key allowed to log in as a user, kept in that user's authorized_keys file."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The key's name, its comment in the file; taken from the title by default."
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

  attribute "type" {
    type = "Optional[Enum['ssh-dss', dsa, 'ssh-rsa', rsa, 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'ssh-ed25519', ed25519, 'sk-ecdsa-sha2-nistp256@openssh.com', 'ecdsa-sk', 'sk-ssh-ed25519@openssh.com', 'ed25519-sk', 'ssh-rsa-cert-v01@openssh.com', 'ssh-ed25519-cert-v01@openssh.com', 'ssh-dss-cert-v01@openssh.com', 'ecdsa-sha2-nistp256-cert-v01@openssh.com', 'ecdsa-sha2-nistp384-cert-v01@openssh.com', 'ecdsa-sha2-nistp521-cert-v01@openssh.com']]"
    desc = "The key's algorithm, such as ssh-ed25519 or rsa."
  }

  attribute "key" {
    type = <<-T
      Optional[Pattern[/\A\S*\z/]]
    T
    desc = "The public key itself, base64 without the type or a comment."
  }

  attribute "user" {
    type = "Optional[Data]"
    desc = "The account the key lets in."
  }

  attribute "target" {
    type = "Optional[Data]"
    desc = "The authorized_keys file, when it is not the user's default."
  }

  attribute "options" {
    type = "Optional[Data]"
    desc = "Options written before the key, such as no-pty or from=\"...\"."
  }

  attribute "drop_privileges" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether the file is written as its owner rather than as root."
  }
  # The user only: the key's target file is not required.
  autorequire {
    user = "$user"
  }
}
