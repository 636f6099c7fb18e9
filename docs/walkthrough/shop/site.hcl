# shop/site.hcl: a class, a defined type, and the nodes that get them

# A site nginx serves: its configuration file, which restarts nginx.
define "shop::vhost" {
  variable "docroot" {
    type        = "String"
    description = "The directory the site's files are served from."
  }

  resource "file" "/etc/nginx/conf.d/${self.title}.conf" {
    content = "server_name ${self.title}; root ${var.docroot};"
    notify  = "Service[nginx]"
  }
}

# The web server: nginx, its configuration and the shop's site.
class "profile::web" {
  variable "workers" {
    type        = "Integer[1, 64]"
    description = "nginx's worker processes: one per core the node has."
  }

  resource "package" "nginx" {}

  resource "file" "/etc/nginx/nginx.conf" {
    content = "worker_processes ${var.workers};"
    require = "Package[nginx]"
    notify  = "Service[nginx]"
  }

  resource "service" "nginx" {
    ensure = "running"
  }

  resource "shop::vhost" "shop.example.com" {
    docroot = "/srv/shop"
    require = "Package[nginx]"
  }
}

node "web-01.example.com" {
  include "profile::web" {}
}

node "web-02.example.com" {
  include "profile::web" {}
}
