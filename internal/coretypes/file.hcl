# Puppet 7.23's `file` type, as catc knows it built in (internal/coretypes/doc.go).
type "file" {
  desc = "A file, directory or symbolic link on the node, with its content, ownership and permissions."

  title_pattern {
    pattern = "(?m)^(?<path>/|.+:/|.*[^/])/*\\Z"
    desc    = "Fills path from the title."
  }

  attribute "path" {
    type      = <<-T
      Pattern[/\A\//]
    T
    behaviour = "namevar"
    desc      = "The absolute path of the file; taken from the title by default, without trailing slashes."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: posix, windows (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Variant[Boolean, String[1]]]"
    desc = "What should exist: file, directory, link, present or absent (false); any other text is a link target."
  }

  attribute "content" {
    type = "Optional[Data]"
    desc = "The exact content of the file; not together with source."
  }

  attribute "checksum_value" {
    type = "Optional[Data]"
    desc = "The expected checksum of the content, in the algorithm that checksum names."
  }

  attribute "target" {
    type = "Optional[Data]"
    desc = "Where a link points; its value is only used when ensure is link."
  }

  attribute "owner" {
    type = "Optional[Data]"
    desc = "The owning user, by name or number."
  }

  attribute "group" {
    type = "Optional[Data]"
    desc = "The owning group, by name or number."
  }

  attribute "mode" {
    type = "Optional[Pattern[/^0?[0-7]{1,4}$/, /^([ugoa]*[-=+][-=+rstwxXugo]*)(,[ugoa]*[-=+][-=+rstwxXugo]*)*$/]]"
    desc = "Permissions as a string: octal digits such as \"0644\" or symbolic such as \"u=rw,go=r\" (not a number)."
  }

  attribute "type" {
    type      = "Optional[Data]"
    behaviour = "read_only"
    desc      = "The kind of file found on the node; reported, never set."
  }

  attribute "seluser" {
    type = "Optional[Data]"
    desc = "The SELinux user of the file's context."
  }

  attribute "selrole" {
    type = "Optional[Data]"
    desc = "The SELinux role of the file's context."
  }

  attribute "seltype" {
    type = "Optional[Data]"
    desc = "The SELinux type of the file's context."
  }

  attribute "selrange" {
    type = "Optional[Data]"
    desc = "The SELinux level or range of the file's context."
  }

  attribute "ctime" {
    type      = "Optional[Data]"
    behaviour = "read_only"
    desc      = "The file's last status change time; reported, never set."
  }

  attribute "mtime" {
    type      = "Optional[Data]"
    behaviour = "read_only"
    desc      = "The file's last modification time; reported, never set."
  }

  attribute "backup" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Where to keep the old content before replacing it: a filebucket name, a file extension such as \".bak\", or false for none."
  }

  attribute "recurse" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'remote']]]"
    behaviour = "parameter"
    desc      = "Whether to manage a directory's content recursively."
  }

  attribute "recurselimit" {
    type      = "Optional[Variant[Integer[0], Pattern[/^[0-9]+$/]]]"
    behaviour = "parameter"
    desc      = "How many directory levels deep recursion goes."
  }

  attribute "max_files" {
    type      = "Optional[Variant[Integer[-1], Pattern[/^[0-9]+$/, /^-1$/]]]"
    behaviour = "parameter"
    desc      = "How many files recursion may touch before it warns (0) or fails; -1 turns the check off."
  }

  attribute "replace" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to overwrite an existing file whose content differs."
  }

  attribute "force" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to replace a directory with a file or link, or to remove a directory."
  }

  attribute "ignore" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "File name globs that recursion skips."
  }

  attribute "links" {
    type      = "Optional[Enum[follow, manage]]"
    behaviour = "parameter"
    desc      = "Whether to manage links themselves or the files they point to."
  }

  attribute "purge" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether recursion removes files in the directory that the catalog does not manage."
  }

  attribute "sourceselect" {
    type      = "Optional[Enum[first, all]]"
    behaviour = "parameter"
    desc      = "With several sources: take the first that exists, or merge all of them."
  }

  attribute "show_diff" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to log a diff of content changes."
  }

  attribute "staging_location" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Where the new content is written before it is moved into place."
  }

  attribute "validate_cmd" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A command that must accept the new content before it is installed."
  }

  attribute "validate_replacement" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The placeholder for the path of the new content in validate_cmd."
  }

  attribute "checksum" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The checksum algorithm used to compare content."
  }

  attribute "source" {
    type      = <<-T
      Optional[Variant[Pattern[/\A\//, /\A[A-Za-z][A-Za-z0-9+.-]*:/], Array[Pattern[/\A\//, /\A[A-Za-z][A-Za-z0-9+.-]*:/]]]]
    T
    behaviour = "parameter"
    desc      = "Where to copy the content from: an absolute path or a URL (puppet:, file:, http(s):), or a list tried in order."
  }

  attribute "source_permissions" {
    type      = "Optional[Enum[use, use_when_creating, ignore]]"
    behaviour = "parameter"
    desc      = "Whether ownership and permissions are copied from the source."
  }

  attribute "selinux_ignore_defaults" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether to leave the SELinux context alone instead of applying the policy's defaults."
  }
  # Puppet's file.rb: the nearest managed parent directory (after the path
  # is munged), then the link target (`target`, or ensure given as a path);
  # owner and group by name, never by number (the first value only).
  autorequire {
    file  = [first_managed(ancestors("$path")), coalesce("$target", except("$ensure", "absent", "false", "file", "present", "directory", "link"))]
    user  = not_numeric(first("$owner"))
    group = not_numeric(first("$group"))
  }
}
