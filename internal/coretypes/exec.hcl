# Puppet 7.23's `exec` type, as catc knows it built in (internal/coretypes/doc.go).
type "exec" {
  desc = "A command run on the node, optionally guarded so it runs only when needed or only on refresh."

  attribute "command" {
    type      = "Variant[String, Array[String]]"
    behaviour = "namevar"
    desc      = "The command to run; taken from the title by default. It must be an absolute path unless path is set."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: posix, shell, windows (modules may add more)."
  }

  attribute "returns" {
    type = "Optional[Data]"
    desc = "The exit codes that mean success."
  }

  attribute "path" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Directories searched for the commands, as a list or a colon-separated string."
  }

  attribute "user" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The user the command runs as."
  }

  attribute "group" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The group the command runs as."
  }

  attribute "cwd" {
    type      = <<-T
      Optional[Pattern[/\A\//]]
    T
    behaviour = "parameter"
    desc      = "The absolute directory the command runs in."
  }

  attribute "logoutput" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', on_failure]]]"
    behaviour = "parameter"
    desc      = "Whether to log the command's output: always (true), never (false) or on failure."
  }

  attribute "refresh" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "A command run instead of the main one when the exec is refreshed."
  }

  attribute "environment" {
    type      = <<-T
      Optional[Variant[Pattern[/\w+=/], Array[Pattern[/\w+=/]]]]
    T
    behaviour = "parameter"
    desc      = "Extra environment variables, each written NAME=value."
  }

  attribute "umask" {
    type      = "Optional[Pattern[/^0?[0-7]{1,4}$/]]"
    behaviour = "parameter"
    desc      = "The umask of the command, as an octal string."
  }

  attribute "timeout" {
    type      = <<-T
      Optional[Variant[Numeric, Pattern[/\A\s*[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?\s*\z/]]]
    T
    behaviour = "parameter"
    desc      = "Seconds the command may run before it is stopped; 0 means no limit."
  }

  attribute "tries" {
    type      = <<-T
      Optional[Variant[Integer[1], Pattern[/\A\s*\+?0*[1-9][0-9]*\s*\z/]]]
    T
    behaviour = "parameter"
    desc      = "How many times to try the command before giving up (at least 1)."
  }

  attribute "try_sleep" {
    type      = <<-T
      Optional[Variant[Integer[0], Float[0.0], Pattern[/\A\s*\+?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?\s*\z/]]]
    T
    behaviour = "parameter"
    desc      = "Seconds to wait between tries."
  }

  attribute "refreshonly" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false']]]"
    behaviour = "parameter"
    desc      = "Whether the command runs only when a subscribed or notifying resource changes."
  }

  attribute "creates" {
    type      = <<-T
      Optional[Variant[Pattern[/\A\//], Array[Pattern[/\A\//]]]]
    T
    behaviour = "parameter"
    desc      = "Files whose existence means the command has already run."
  }

  attribute "unless" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Commands that, if any succeeds, prevent the run."
  }

  attribute "onlyif" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Commands that must all succeed for the command to run."
  }
  # Puppet's exec.rb: cwd, the leading absolute path of every line of the
  # command (an array's first element), a leading double-quoted path, the
  # same for each onlyif and unless command; the user unless a string of
  # digits (an Integer passes Ruby's `!~`, so it is looked up).
  autorequire {
    file = ["$cwd", line_paths(first("$command")), quoted_paths(first("$command")), line_paths(commands("$onlyif")), line_paths(commands("$unless"))]
    user = not_digits("$user")
  }

  # Puppet's exec.rb defines refresh: the agent refreshes it on an event.
  refreshable = true
}
