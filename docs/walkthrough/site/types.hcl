# site/types.hcl: what a package and a service are
type "package" {
  desc = "A software package."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The package's name."
  }
  attribute "ensure" {
    type    = "Enum[present, absent]"
    default = "present"
    desc    = "Whether the package is installed."
  }
}

type "service" {
  desc = "A system service."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The service's name."
  }
  attribute "state" {
    type    = "Enum[running, stopped]"
    default = "running"
    desc    = "Whether the service runs."
  }
  autorequire {
    package = "$name" # a service comes after the package of its name
  }
}
