# Puppet 7.23's `user` type, as catc knows it built in (internal/coretypes/doc.go).
type "user" {
  desc = "A local user account and its properties. It requires its primary group (by name, or by number the first group with that gid) and its groups, not its roles: Puppet requires role accounts only with a provider that manages roles, never with useradd on Linux."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The login name; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: aix, directoryservice, hpuxuseradd, ldap, openbsd, pw, user_role_add, useradd, windows_adsi (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent, role]]"
    desc = "Whether the account exists (present) or not (absent); role needs a provider that manages roles."
  }

  attribute "home" {
    type = "Optional[Data]"
    desc = "The home directory."
  }

  attribute "uid" {
    type = "Optional[Data]"
    desc = "The numeric user id."
  }

  attribute "gid" {
    type = "Optional[Data]"
    desc = "The primary group, by name or number."
  }

  attribute "comment" {
    type = "Optional[Data]"
    desc = "The description field (GECOS)."
  }

  attribute "shell" {
    type = "Optional[Data]"
    desc = "The login shell."
  }

  attribute "password" {
    type      = "Optional[Data]"
    sensitive = true
    desc      = "The password hash; kept out of every output."
  }

  attribute "password_min_age" {
    type = <<-T
      Optional[Variant[Integer, Pattern[/^-?\d+$/]]]
    T
    desc = "Minimum days between password changes."
  }

  attribute "password_max_age" {
    type = <<-T
      Optional[Variant[Integer, Pattern[/^-?\d+$/]]]
    T
    desc = "Maximum days a password stays valid."
  }

  attribute "password_warn_days" {
    type = <<-T
      Optional[Variant[Integer, Pattern[/^-?\d+$/]]]
    T
    desc = "Days of warning before a password expires."
  }

  attribute "groups" {
    type = <<-T
      Optional[Variant[Integer, Pattern[/\A[^,]*\z/], Array[Variant[Integer, Pattern[/\A[^,]*\z/]]]]]
    T
    desc = "Secondary groups, as a list (not a comma-separated string)."
  }

  attribute "expiry" {
    type = <<-T
      Optional[Variant[Enum[absent], Pattern[/^\d{4}-\d{2}-\d{2}$/]]]
    T
    desc = "The date the account expires, YYYY-MM-DD, or absent for never."
  }

  attribute "roles" {
    type = "Optional[Data]"
    desc = "Roles the user may assume (Solaris)."
  }

  attribute "auths" {
    type = "Optional[Data]"
    desc = "Authorizations of the user (Solaris)."
  }

  attribute "profiles" {
    type = "Optional[Data]"
    desc = "Execution profiles of the user (Solaris)."
  }

  attribute "keys" {
    type = "Optional[Data]"
    desc = "Extra key=value settings of the user (Solaris)."
  }

  attribute "project" {
    type = "Optional[Data]"
    desc = "The project the user belongs to (Solaris)."
  }

  attribute "attributes" {
    type = "Optional[Data]"
    desc = "Extra key=value attributes (AIX)."
  }

  attribute "salt" {
    type = "Optional[Data]"
    desc = "The salt of the password hash (macOS)."
  }

  attribute "iterations" {
    type = "Optional[Data]"
    desc = "The iterations of the password hash (macOS)."
  }

  attribute "loginclass" {
    type = "Optional[Data]"
    desc = "The login class (BSD)."
  }

  attribute "membership" {
    type      = "Optional[Enum[inclusive, minimum]]"
    behaviour = "parameter"
    desc      = "Whether groups lists every secondary group (inclusive) or some of them (minimum)."
  }

  attribute "system" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether a new account gets a system uid."
  }

  attribute "allowdupe" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether another account may have the same uid."
  }

  attribute "managehome" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to create the home directory with the account and remove it with it."
  }

  attribute "role_membership" {
    type      = "Optional[Enum[inclusive, minimum]]"
    behaviour = "parameter"
    desc      = "Whether roles is the complete list (inclusive) or a part (minimum)."
  }

  attribute "auth_membership" {
    type      = "Optional[Enum[inclusive, minimum]]"
    behaviour = "parameter"
    desc      = "Whether auths is the complete list (inclusive) or a part (minimum)."
  }

  attribute "profile_membership" {
    type      = "Optional[Enum[inclusive, minimum]]"
    behaviour = "parameter"
    desc      = "Whether profiles is the complete list (inclusive) or a part (minimum)."
  }

  attribute "key_membership" {
    type      = "Optional[Enum[inclusive, minimum]]"
    behaviour = "parameter"
    desc      = "Whether keys is the complete list (inclusive) or a part (minimum)."
  }

  attribute "ia_load_module" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The authentication module to use (AIX)."
  }

  attribute "attribute_membership" {
    type      = "Optional[Enum[inclusive, minimum]]"
    behaviour = "parameter"
    desc      = "Whether attributes is the complete list (inclusive) or a part (minimum)."
  }

  attribute "forcelocal" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to manage the local account files even when another source knows the user."
  }

  attribute "purge_ssh_keys" {
    type      = <<-T
      Optional[Variant[Boolean, Enum['true', 'false'], Pattern[/\A\//], Array[Pattern[/\A\//]]]]
    T
    behaviour = "parameter"
    desc      = "Whether to remove authorized keys the catalog does not manage: true, false, or the key files to purge."
  }
  # Puppet's user.rb: gid by name, or by number the first group declared
  # with that gid; then each of groups. Its roles rule is left out: the
  # agent applies it only with a provider that manages roles, never with
  # useradd on Linux.
  autorequire {
    group = [first_with("gid", numeric("$gid")), not_numeric("$gid"), "$groups"]
  }
}
