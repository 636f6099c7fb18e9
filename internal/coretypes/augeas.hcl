# Puppet 7.23's `augeas` type, as catc knows it built in (internal/coretypes/doc.go).
type "augeas" {
  desc = "Edits a configuration file in place through Augeas lenses."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The change's name; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: augeas (modules may add more)."
  }

  attribute "returns" {
    type = "Optional[Data]"
    desc = "The result of the changes; reported, never set."
  }

  attribute "context" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A path prefixed to relative paths in changes and onlyif."
  }

  attribute "onlyif" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A condition that must hold for the changes to be made."
  }

  attribute "changes" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The Augeas commands to run, as a string or a list."
  }

  attribute "root" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The file system root Augeas works under."
  }

  attribute "load_path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Extra directories to search for lenses."
  }

  attribute "force" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Whether to save even when nothing changed."
  }

  attribute "type_check" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether to type-check the lenses."
  }

  attribute "lens" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The lens to load, with incl."
  }

  attribute "incl" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The one file to load with lens."
  }

  attribute "show_diff" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to log a diff of the changed files."
  }
}
