# Puppet 7.23's `tidy` type, as catc knows it built in (internal/coretypes/doc.go).
type "tidy" {
  desc = "Removes files below a path that match an age, size or name rule."

  attribute "path" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The directory or file to clean; taken from the title by default."
  }

  attribute "recurse" {
    type      = "Optional[Variant[Boolean, Integer, Enum['true', 'false', inf], Pattern[/^[0-9]+$/]]]"
    behaviour = "parameter"
    desc      = "Whether to descend into subdirectories, or how many levels (inf for all)."
  }

  attribute "max_files" {
    type      = "Optional[Variant[Integer[0], Pattern[/^[0-9]+$/]]]"
    behaviour = "parameter"
    desc      = "How many files recursion may visit before it warns (0) or fails."
  }

  attribute "matches" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "File name globs a file must match to be removed."
  }

  attribute "backup" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "Where removed files are backed up, as for file's backup."
  }

  attribute "age" {
    type      = "Optional[Pattern[/^[0-9]+[smhdwSMHDW]?$/]]"
    behaviour = "parameter"
    desc      = "Remove files older than this: a number with a unit s, m, h, d or w."
  }

  attribute "size" {
    type      = "Optional[Pattern[/^[0-9]+[bkmgtBKMGT]?$/]]"
    behaviour = "parameter"
    desc      = "Remove files at least this big: a number with a unit b, k, m, g or t."
  }

  attribute "type" {
    type      = "Optional[Enum[atime, mtime, ctime]]"
    behaviour = "parameter"
    desc      = "The time age is measured from: atime, mtime or ctime."
  }

  attribute "rmdirs" {
    type      = "Optional[Variant[Boolean, Enum['true', 'false', 'yes', 'no']]]"
    behaviour = "parameter"
    desc      = "Whether empty directories are removed too."
  }
}
