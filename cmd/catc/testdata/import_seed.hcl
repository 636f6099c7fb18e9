# Imported by catc import from ../../internal/importer/testdata/seed/lib/puppet/type/apt_key.rb:5.
type "apt_key" {
  docs = "Manages GPG keys needed by apt to perform package validation.\n"

  attribute "ensure" {
    type = "Enum[present, absent]"
    desc = "Whether this apt key should be present or absent on the target system."
  }

  attribute "id" {
    type      = "Variant[Pattern[/\\A(0x)?[0-9a-fA-F]{8}\\Z/], Pattern[/\\A(0x)?[0-9a-fA-F]{16}\\Z/], Pattern[/\\A(0x)?[0-9a-fA-F]{40}\\Z/]]"
    desc      = "The ID of the key you want to manage."
    behaviour = "namevar"
  }

  attribute "source" {
    type = "String"
    desc = "Where to retrieve the key from, can be a HTTP(s) URL, or a local file."
  }

  attribute "created" {
    type      = "String"
    desc      = "Date the key was created, in ISO format."
    behaviour = "read_only"
  }

  autorequire {
    file    = "$source"
    package = "apt"
  }

  features = ["canonicalize"]
}

# Imported by catc import from ../../internal/importer/testdata/seed/lib/puppet/type/software.rb:1.
type "software" {
  desc = "Manages software packages from several package managers."

  attribute "ensure" {
    type    = "Enum[present, absent]"
    default = "present"
  }

  attribute "package" {
    type      = "String"
    behaviour = "namevar"
  }

  attribute "manager" {
    type      = "String"
    behaviour = "namevar"
  }

  title_pattern {
    pattern = "^(?<package>.*[^-])-(?<manager>.*)$"
    desc    = "Where the package and the manager are provided with a hyphen separator"
  }

  title_pattern {
    pattern = "^(?<package>.*)$"
    desc    = "Where only the package is provided"
  }
}
