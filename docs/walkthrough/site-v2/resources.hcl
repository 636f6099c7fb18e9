# site-v2/resources.hcl: the same node, one pull request later
resource "package" "nginx" {}

resource "service" "nginx" {
  ensure  = "stopped"
  require = package.nginx
}

resource "package" "certbot" {
  ensure = "absent"
  before = service.nginx
}

resource "package" "curl" {}
