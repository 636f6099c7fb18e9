# Puppet 7.23's `package` type, as catc knows it built in (internal/coretypes/doc.go).
type "package" {
  desc = "A software package installed, upgraded, held or removed through the node's package manager."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The package's name in the package manager; taken from the title by default."
  }

  attribute "provider" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: aix, appdmg, apple, apt, aptitude, aptrpm, blastwave, dnf, dnfmodule, dpkg, fink, freebsd, gem, hpux, macports, nim, openbsd, opkg, pacman, pip, pip2, pip3, pkg, pkgdmg, pkgin, pkgng, pkgutil, portage, ports, portupgrade, puppet_gem, puppetserver_gem, rpm, rug, sun, sunfreeware, tdnf, up2date, urpmi, windows, yum, zypper (modules may add more)."
  }

  attribute "command" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The package manager command, for providers that can use several."
  }

  attribute "ensure" {
    type = "Optional[Variant[Boolean, String[1]]]"
    desc = "What to do: present (installed), absent, purged, latest, held, or a version to install."
  }

  attribute "package_settings" {
    type = "Optional[Data]"
    desc = "Provider-specific settings of the package."
  }

  attribute "flavor" {
    type = "Optional[Data]"
    desc = "The package's flavor, for providers that have them."
  }

  attribute "mark" {
    type = "Optional[Enum[hold, none]]"
    desc = "Whether the package is held at its version (hold) or not (none)."
  }

  attribute "source" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Where the package file comes from, for providers that install from a file or URL."
  }

  attribute "instance" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Which installed instance of the package to manage."
  }

  attribute "status" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The package's state as the package manager reports it; reported, never set."
  }

  attribute "adminfile" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "An admin file that answers installation questions (Solaris)."
  }

  attribute "responsefile" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A file of answers to the package's installation questions."
  }

  attribute "configfiles" {
    type      = "Optional[Enum[keep, replace]]"
    behaviour = "parameter"
    desc      = "Whether an install keeps or replaces modified configuration files."
  }

  attribute "category" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The package category, where the package manager has them."
  }

  attribute "platform" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The platform the package was built for."
  }

  attribute "root" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The root directory the package is installed under."
  }

  attribute "vendor" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The package's vendor."
  }

  attribute "description" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The package's description."
  }

  attribute "allowcdrom" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether the package manager may use a CD-ROM as a source."
  }

  attribute "enable_only" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether to only enable a module stream without installing its default profile."
  }

  attribute "install_only" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether several versions may be installed side by side (kernels)."
  }

  attribute "install_options" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Extra options for the install command."
  }

  attribute "uninstall_options" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Extra options for the uninstall command."
  }

  attribute "allow_virtual" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether the name may be a virtual package."
  }

  attribute "reinstall_on_refresh" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether a refresh reinstalls the package."
  }
  # Puppet's package.rb: responsefile, adminfile, and source when it is an
  # absolute path.
  autorequire {
    file = ["$responsefile", "$adminfile", absolute("$source")]
  }

  # Puppet's package.rb defines refresh: the agent refreshes it on an event.
  refreshable = true
}
