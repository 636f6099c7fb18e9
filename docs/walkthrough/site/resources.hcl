# site/resources.hcl: what the node should have
resource "package" "nginx" {}

resource "service" "nginx" {
  ensure  = "running"
  require = package.nginx
}

resource "package" "certbot" {
  before = service.nginx
}
