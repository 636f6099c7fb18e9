# shop/site.hcl: a class, a defined type, and the nodes that get them
define "shop::vhost" {
  variable "docroot" { type = "String" }

  resource "file" "/etc/nginx/conf.d/${self.title}.conf" {
    content = "server_name ${self.title}; root ${var.docroot};"
    notify  = "Service[nginx]"
  }
}

class "profile::web" {
  variable "workers" { type = "Integer[1, 64]" }

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
