# Puppet 7.23's `service` type, as catc knows it built in (internal/coretypes/doc.go).
type "service" {
  desc = "A system service: whether it runs now and whether it starts at boot."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The service's name for the init system; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: base, bsd, daemontools, debian, freebsd, gentoo, init, launchd, openbsd, openrc, openwrt, rcng, redhat, runit, service, smf, src, systemd, upstart, windows (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Variant[Boolean, Enum[running, stopped, 'true', 'false']]]"
    desc = "Whether the service is running (true) or stopped (false)."
  }

  attribute "enable" {
    type = "Optional[Variant[Boolean, Enum['true', 'false', manual, mask, delayed]]]"
    desc = "Whether the service starts at boot; mask, manual and delayed depend on the init system."
  }

  attribute "logonaccount" {
    type = "Optional[Data]"
    desc = "The account a Windows service runs as."
  }

  attribute "flags" {
    type = "Optional[Data]"
    desc = "Flags passed to the service when it starts (OpenBSD)."
  }

  attribute "logonpassword" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    sensitive = true
    desc      = "The password of logonaccount."
  }

  attribute "binary" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The daemon's binary, for init systems that start it directly."
  }

  attribute "hasstatus" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether the init script has a working status command."
  }

  attribute "path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Where init scripts are searched for."
  }

  attribute "pattern" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The text to look for in the process table when there is no status command."
  }

  attribute "restart" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A command that restarts the service."
  }

  attribute "start" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A command that starts the service."
  }

  attribute "status" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A command whose exit code tells whether the service runs."
  }

  attribute "stop" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A command that stops the service."
  }

  attribute "control" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The rc.conf variable that enables the service (BSD)."
  }

  attribute "hasrestart" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether the init script has a working restart command."
  }

  attribute "manifest" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The SMF manifest to import (Solaris)."
  }

  attribute "timeout" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Seconds to wait for the service to start or stop."
  }

  # Puppet's service.rb defines refresh: the agent refreshes it on an event.
  refreshable = true
}
