# Puppet 7.23's `schedule` type, as catc knows it built in (internal/coretypes/doc.go).
type "schedule" {
  desc = "A time window that other resources can be limited to through their schedule metaparameter."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The schedule's name, which resources name in their schedule metaparameter."
  }

  attribute "range" {
    type      = <<-T
      Optional[Variant[Pattern[/\A\s*([01]?[0-9]|2[0-3])(:[0-5]?[0-9]){0,2}\s*-\s*([01]?[0-9]|2[0-3])(:[0-5]?[0-9]){0,2}\s*\z/], Array[Pattern[/\A\s*([01]?[0-9]|2[0-3])(:[0-5]?[0-9]){0,2}\s*-\s*([01]?[0-9]|2[0-3])(:[0-5]?[0-9]){0,2}\s*\z/]]]]
    T
    behaviour = "parameter"
    desc      = "The hours of the day the schedule allows, such as \"2 - 4\" or \"2:30 - 3:30\"."
  }

  attribute "periodmatch" {
    type      = "Optional[Enum[number, distance]]"
    behaviour = "parameter"
    desc      = "Whether period counts calendar units (number) or the time since the last run (distance)."
  }

  attribute "period" {
    type      = "Optional[Enum[hourly, daily, weekly, monthly, never]]"
    behaviour = "parameter"
    desc      = "How often: hourly, daily, weekly, monthly or never."
  }

  attribute "repeat" {
    type      = <<-T
      Optional[Variant[Integer, Pattern[/\A\s*[0-9]+\s*\z/]]]
    T
    behaviour = "parameter"
    desc      = "How many times per period a resource may be applied."
  }

  attribute "weekday" {
    type      = <<-T
      Optional[Variant[Integer[0, 6], Pattern[/(?i)\A([0-6]|sun|mon|tue|wed|thu|fri|sat|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\z/], Array[Variant[Integer[0, 6], Pattern[/(?i)\A([0-6]|sun|mon|tue|wed|thu|fri|sat|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\z/]]]]]
    T
    behaviour = "parameter"
    desc      = "Days of the week the schedule allows, as names or numbers 0-6."
  }
}
