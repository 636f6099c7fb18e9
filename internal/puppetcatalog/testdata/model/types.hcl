# Types for the model tests: a few attributes of Puppet's notify, file
# and exec, enough to check values read from a catalog.

type "notify" {
  desc = "A message."
  attribute "name" {
    type      = "String"
    desc      = "The title."
    behaviour = "namevar"
  }
  attribute "message" {
    type = "Optional[String]"
    desc = "The message."
  }
}

type "file" {
  desc = "A file."
  attribute "path" {
    type      = "Pattern[/\\A\\//]"
    desc      = "The absolute path."
    behaviour = "namevar"
  }
  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the path exists."
  }
  attribute "mode" {
    type = "Optional[Pattern[/\\A[0-7]{4}\\z/]]"
    desc = "The mode."
  }
  attribute "content" {
    type      = "Optional[String]"
    desc      = "The content."
    sensitive = true
  }
  attribute "validate_cmd" {
    type = "Optional[String]"
    desc = "A check."
  }
  title_pattern {
    pattern = "^(?<path>/|.*[^/])/*\\z"
    desc    = "Trailing slashes are not part of the path."
  }
}

type "exec" {
  desc = "A command."
  attribute "name" {
    type      = "String"
    desc      = "The title."
    behaviour = "namevar"
  }
  attribute "command" {
    type = "String"
    desc = "The command."
  }
  attribute "refreshonly" {
    type = "Optional[Boolean]"
    desc = "Run only on refresh."
  }
  attribute "environment" {
    type = "Optional[Array[String]]"
    desc = "The environment."
  }
  attribute "timeout" {
    type = "Optional[Numeric]"
    desc = "The timeout."
  }
  attribute "unless" {
    type = "Optional[String]"
    desc = "A guard."
  }
  attribute "match" {
    type = "Optional[Any]"
    desc = "A pattern."
  }
  attribute "options" {
    type = "Optional[Any]"
    desc = "Options."
  }
  attribute "labels" {
    type = "Optional[Hash[String, Integer]]"
    desc = "Labels."
  }
  attribute "extra" {
    type = "Optional[Hash]"
    desc = "More."
  }
}
