# Puppet 7.23's `resources` type, as catc knows it built in (internal/coretypes/doc.go).
type "resources" {
  desc = "Settings for every resource of one type, mainly purging the ones the catalog does not manage."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The type whose resources these settings apply to; taken from the title."
  }

  attribute "purge" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether resources of the type that the catalog does not manage are removed."
  }

  attribute "unless_system_user" {
    type      = "Optional[Variant[Boolean, Integer, Enum['true', 'false'], Pattern[/^[0-9]+$/]]]"
    behaviour = "parameter"
    desc      = "With user purging: spare system users (true), or users with a uid up to this number."
  }

  attribute "unless_uid" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "With user purging: uids or ranges of users that are never removed."
  }
}
