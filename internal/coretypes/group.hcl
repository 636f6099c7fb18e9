# Puppet 7.23's `group` type, as catc knows it built in (internal/coretypes/doc.go).
type "group" {
  desc = "A local group and its properties."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The group's name; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: aix, directoryservice, groupadd, ldap, pw, windows_adsi (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the group exists."
  }

  attribute "gid" {
    type = <<-T
      Optional[Variant[Integer, Pattern[/\A\s*[-+]?[0-9]+\s*\z/]]]
    T
    desc = "The numeric group id."
  }

  attribute "members" {
    type = "Optional[Data]"
    desc = "Members of the group, for providers that manage them."
  }

  attribute "attributes" {
    type = "Optional[Data]"
    desc = "Extra key=value attributes (AIX)."
  }

  attribute "auth_membership" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether members is the complete list (true) or a part (false)."
  }

  attribute "allowdupe" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether another group may have the same gid."
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

  attribute "system" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether a new group gets a system gid."
  }

  attribute "forcelocal" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to manage the local group file even when another source knows the group."
  }
}
