# Puppet 7.23's `cron` type, as catc knows it built in (internal/coretypes/doc.go).
type "cron" {
  desc = "A line in a user's crontab: a command and when it runs."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The job's name, kept in a comment above its crontab line; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: crontab (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the job is in the crontab."
  }

  attribute "command" {
    type = "Optional[Data]"
    desc = "The command the job runs."
  }

  attribute "special" {
    type = "Optional[Enum[reboot, yearly, annually, monthly, weekly, daily, midnight, hourly, absent]]"
    desc = "A predefined schedule such as daily or reboot, instead of the time fields."
  }

  attribute "minute" {
    type = <<-T
      Optional[Variant[Variant[Integer[0, 59], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*[0-5]?[0-9]$/]], Array[Variant[Integer[0, 59], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*[0-5]?[0-9]$/]]]]]
    T
    desc = "Minutes (0-59): a number, a range a-b, a step */n or a-b/n, or a list of them."
  }

  attribute "hour" {
    type = <<-T
      Optional[Variant[Variant[Integer[0, 23], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*(1?[0-9]|2[0-3])$/]], Array[Variant[Integer[0, 23], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*(1?[0-9]|2[0-3])$/]]]]]
    T
    desc = "Hours (0-23), written like minute."
  }

  attribute "weekday" {
    type = <<-T
      Optional[Variant[Variant[Integer[0, 7], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*[0-7]$/], Pattern[/(?i)\A(sun|mon|tue|wed|thu|fri|sat|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\z/]], Array[Variant[Integer[0, 7], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*[0-7]$/], Pattern[/(?i)\A(sun|mon|tue|wed|thu|fri|sat|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\z/]]]]]
    T
    desc = "Days of the week (0-7, 0 and 7 are Sunday, or names), written like minute."
  }

  attribute "month" {
    type = <<-T
      Optional[Variant[Variant[Integer[1, 12], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*([1-9]|1[0-2])$/], Pattern[/(?i)\A(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|january|february|march|april|may|june|july|august|september|october|november|december)\z/]], Array[Variant[Integer[1, 12], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*([1-9]|1[0-2])$/], Pattern[/(?i)\A(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|january|february|march|april|may|june|july|august|september|october|november|december)\z/]]]]]
    T
    desc = "Months (1-12 or names), written like minute."
  }

  attribute "monthday" {
    type = <<-T
      Optional[Variant[Variant[Integer[1, 31], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*([1-9]|[12][0-9]|3[01])$/]], Array[Variant[Integer[1, 31], Enum['*', absent], Pattern[/^[0-9]+-[0-9]+$/, /^[0-9]+-[0-9]+\/[0-9]+$/, /^\*\/[0-9]+$/, /^0*([1-9]|[12][0-9]|3[01])$/]]]]]
    T
    desc = "Days of the month (1-31), written like minute."
  }

  attribute "environment" {
    type = <<-T
      Optional[Variant[Pattern[/^\s*(\w+)\s*=\s*(.*)\s*$/, /\Aabsent\z/], Array[Pattern[/^\s*(\w+)\s*=\s*(.*)\s*$/, /\Aabsent\z/]]]]
    T
    desc = "Environment settings written above the job, NAME=value each."
  }

  attribute "user" {
    type = "Optional[Data]"
    desc = "The user whose crontab holds the job."
  }

  attribute "target" {
    type = "Optional[Data]"
    desc = "The crontab file, when it is not the user's."
  }
  autorequire {
    user = "$user"
  }
}
