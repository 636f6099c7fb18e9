# Small stand-ins for Puppet's file, user, group, exec and mount, with
# the auto rules Puppet's agent applies, written with the auto-rule
# functions (autofunc_test.go).
type "file" {
  desc = "A file."
  attribute "path" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Its absolute path."
  }
  attribute "state" {
    type = "Optional[Any]"
    desc = "What it is; a path makes a link."
  }
  attribute "target" {
    type = "Optional[Any]"
    desc = "A link's target."
  }
  attribute "owner" {
    type = "Optional[Any]"
    desc = "Its owner."
  }
  title_pattern {
    pattern = "^(?<path>/|.*[^/])/*\\Z"
    desc    = "Trailing slashes are dropped."
  }
  autorequire {
    file = [first_managed(ancestors("$path")), coalesce("$target", except("$state", "absent", "false", "file", "present", "directory", "link"))]
    user = not_numeric(first("$owner"))
  }
}

type "user" {
  desc = "A user."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Its name."
  }
  attribute "gid" {
    type = "Optional[Any]"
    desc = "Its primary group."
  }
  attribute "groups" {
    type = "Optional[Any]"
    desc = "Its other groups."
  }
  autorequire {
    group = [first_with("gid", numeric("$gid")), not_numeric("$gid"), "$groups"]
  }
}

type "group" {
  desc = "A group."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Its name."
  }
  attribute "gid" {
    type = "Optional[Any]"
    desc = "Its id."
  }
}

type "exec" {
  desc = "A command."
  attribute "command" {
    type      = "Optional[Any]"
    behaviour = "namevar"
    desc      = "What it runs."
  }
  attribute "cwd" {
    type = "Optional[Any]"
    desc = "Where."
  }
  attribute "onlyif" {
    type = "Optional[Any]"
    desc = "When."
  }
  attribute "user" {
    type = "Optional[Any]"
    desc = "Who."
  }
  autorequire {
    file = ["$cwd", line_paths(first("$command")), quoted_paths(first("$command")), line_paths(commands("$onlyif"))]
    user = not_digits("$user")
  }
}

type "mount" {
  desc = "A mount point."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Where it is mounted."
  }
  attribute "selmoduledir" {
    type = "Optional[Any]"
    desc = "A directory, for format()."
  }
  autorequire {
    mount = reverse(ascend("$name"))
    file  = format("%s/%s.pp", "$selmoduledir", "$name")
  }
  autobefore {
    file = below("$name")
  }
}
