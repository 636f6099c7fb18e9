# Puppet 7.23's `zfs` type, as catc knows it built in (internal/coretypes/doc.go).
type "zfs" {
  desc = "A ZFS dataset and its properties."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The dataset's name, pool/path; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: zfs (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the dataset exists."
  }

  attribute "aclinherit" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property aclinherit."
  }

  attribute "aclmode" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property aclmode."
  }

  attribute "acltype" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property acltype."
  }

  attribute "atime" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property atime."
  }

  attribute "canmount" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property canmount."
  }

  attribute "checksum" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property checksum."
  }

  attribute "compression" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property compression."
  }

  attribute "copies" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property copies."
  }

  attribute "dedup" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property dedup."
  }

  attribute "devices" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property devices."
  }

  attribute "exec" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property exec."
  }

  attribute "logbias" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property logbias."
  }

  attribute "mountpoint" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property mountpoint."
  }

  attribute "nbmand" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property nbmand."
  }

  attribute "overlay" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property overlay."
  }

  attribute "primarycache" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property primarycache."
  }

  attribute "quota" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property quota."
  }

  attribute "readonly" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property readonly."
  }

  attribute "recordsize" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property recordsize."
  }

  attribute "refquota" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property refquota."
  }

  attribute "refreservation" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property refreservation."
  }

  attribute "reservation" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property reservation."
  }

  attribute "secondarycache" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property secondarycache."
  }

  attribute "setuid" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property setuid."
  }

  attribute "shareiscsi" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property shareiscsi."
  }

  attribute "sharenfs" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property sharenfs."
  }

  attribute "sharesmb" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property sharesmb."
  }

  attribute "snapdir" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property snapdir."
  }

  attribute "sync" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property sync."
  }

  attribute "version" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property version."
  }

  attribute "volsize" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property volsize."
  }

  attribute "vscan" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property vscan."
  }

  attribute "xattr" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property xattr."
  }

  attribute "zoned" {
    type = "Optional[Data]"
    desc = "The dataset's ZFS property zoned."
  }
}
