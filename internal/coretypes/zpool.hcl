# Puppet 7.23's `zpool` type, as catc knows it built in (internal/coretypes/doc.go).
type "zpool" {
  desc = "A ZFS storage pool and the devices it is built from."

  attribute "pool" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The pool's name; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: zpool (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the pool exists."
  }

  attribute "disk" {
    type = "Optional[Data]"
    desc = "Plain disks of the pool."
  }

  attribute "mirror" {
    type = "Optional[Data]"
    desc = "Mirrors, each a space-separated list of disks."
  }

  attribute "raidz" {
    type = "Optional[Data]"
    desc = "RAID-Z groups, each a space-separated list of disks."
  }

  attribute "spare" {
    type = "Optional[Data]"
    desc = "Spare disks."
  }

  attribute "log" {
    type = "Optional[Data]"
    desc = "Log devices."
  }

  attribute "cache" {
    type = "Optional[Data]"
    desc = "Cache devices."
  }

  attribute "ashift" {
    type = "Optional[Data]"
    desc = "The sector size exponent of the pool's disks."
  }

  attribute "autoexpand" {
    type = "Optional[Data]"
    desc = "Whether the pool grows when its disks grow."
  }

  attribute "failmode" {
    type = "Optional[Data]"
    desc = "What the pool does when it fails: wait, continue or panic."
  }

  attribute "raid_parity" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The RAID-Z parity level."
  }
}
