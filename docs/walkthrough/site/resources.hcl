# site/resources.hcl: what the node should have
resource "package" "nginx" {}

resource "service" "nginx" {}

resource "package" "certbot" {
  before = service.nginx
}
