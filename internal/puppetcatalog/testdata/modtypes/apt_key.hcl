# A user's own apt_key type (as catc import writes a Resource API type),
# whose only auto rule requires Package[apt].
type "apt_key" {
  desc = "An apt key, by id."
  attribute "id" {
    type      = "String"
    behaviour = "namevar"
  }
  attribute "source" {
    type = "Optional[String]"
  }
  autorequire {
    package = "apt"
  }
}
