# Puppet 7.23's `mount` type, as catc knows it built in (internal/coretypes/doc.go).
type "mount" {
  desc = "A file system mount point and its fstab entry."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The mount point; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: parsed (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[defined, present, unmounted, absent, mounted]]"
    desc = "mounted, unmounted, defined (present: in fstab only) or absent."
  }

  attribute "device" {
    type = "Optional[Data]"
    desc = "The device or remote file system to mount."
  }

  attribute "blockdevice" {
    type = "Optional[Data]"
    desc = "The block device checked by fsck (Solaris)."
  }

  attribute "fstype" {
    type = "Optional[Data]"
    desc = "The file system type."
  }

  attribute "options" {
    type = <<-T
      Optional[Pattern[/\A\S+\z/]]
    T
    desc = "Mount options, comma-separated without spaces."
  }

  attribute "pass" {
    type = "Optional[Data]"
    desc = "The fsck pass number."
  }

  attribute "atboot" {
    type = "Optional[Data]"
    desc = "Whether to mount at boot (Solaris)."
  }

  attribute "dump" {
    type = "Optional[Variant[Integer[0, 1], Pattern[/(0|1)/]]]"
    desc = "Whether dump backs the file system up (0 or 1)."
  }

  attribute "target" {
    type = "Optional[Data]"
    desc = "The fstab file."
  }

  attribute "remounts" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether the mount can be remounted in place to apply new options."
  }
  # mount_core's mount.rb: every managed ancestor mount, the root first,
  # as Pathname#ascend gives them (nothing expanded);
  # every file whose expanded path matches ^NAME/. with the name unescaped
  # (so "." matches any character, and a mount of "/" precedes no file).
  autorequire {
    mount = reverse(ascend("$name"))
  }
  autobefore {
    file = below("$name")
  }

  # mount_core's mount.rb defines refresh: the agent refreshes it on an event.
  refreshable = true
}
