package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// VariedOptions say what varied fleet to generate.
type VariedOptions struct {
	// Nodes is the number of nodes.
	Nodes int
	// Seed draws the facts.
	Seed uint64
	// Distinct adds what makes every node's catalog its own: the
	// certname in a title, the hostname through a function, a dynamic
	// index into facts and lookup over all of them.
	Distinct bool
}

// VariedFleet is a small fleet whose facts vary in every way a site can
// read them, for the tests that compare a fleet compiled once per
// distinct input with one compiled node by node: facts missing on some
// nodes (read bare, through try or a local), only_if and a group on a
// fact, for_each over a fact, the identity (certname, hostname, fqdn,
// address) in values, through locals and conditionals, a value that a
// change makes equal to another on some nodes only, a host named like a
// directory of the site, values that are no plain word, and a variable's
// default beside facts. The output depends only on o.
func VariedFleet(o VariedOptions) Fleet {
	var f Fleet
	f.Old = []File{{Name: "00-types.hcl", Src: []byte(FleetTypes)}, {Name: "10-site.hcl", Src: []byte(variedSite(false, o.Distinct))}}
	f.New = []File{{Name: "00-types.hcl", Src: []byte(FleetTypes)}, {Name: "10-site.hcl", Src: []byte(variedSite(true, o.Distinct))}}
	rng := rand.New(rand.NewPCG(o.Seed, 32))
	for i := 0; i < o.Nodes; i++ {
		name, src := variedFacts(i, rng)
		f.Facts = append(f.Facts, File{Name: name + ".json", Src: []byte(src)})
	}
	return f
}

// variedSite is the site before (or after) the change.
func variedSite(newSide, distinct bool) string {
	port, pkg, motd, alias := "80", "1.20", "Welcome to", `"${facts.networking.hostname}.example.com"`
	if newSide {
		port, pkg, motd, alias = "8080", "1.22", "Hello from", "facts.networking.fqdn"
	}
	var b strings.Builder
	fmt.Fprintf(&b, `variable "port" {
  default = %s
}

locals {
  dc   = try(facts.datacenter, "nowhere")
  fqdn = facts.networking.fqdn
  motd = "%s ${local.fqdn} (${trusted.certname}) in ${local.dc}"
  role = try(facts.role, "none")
  web  = local.role == "web"
}

resource "file" "/etc/motd" {
  content = "${local.motd}\n"
}

resource "setting" "host" {
  value = "${trusted.hostname} ${facts.networking.hostname} ${try(facts.networking.ip, "no address")}"
}

resource "setting" "alias" {
  value = %s
}

resource "setting" "zone" {
  value = facts.timezone
}

resource "setting" "dc" {
  value = upper(local.dc)
}

resource "setting" "cpus" {
  value = "${facts.processors.count} cpus, ${local.web ? facts.networking.fqdn : "no site"}"
}

resource "file" "/var/www/index.html" {
  only_if = local.web
  content = "<h1>${local.fqdn}</h1>\nport ${var.port}\n"
}

group "web" {
  only_if = local.web

  resource "package" "nginx" {
    ensure = facts.os.family == "Debian" ? "%s" : "1.18"
  }

  resource "file" "/etc/nginx/conf.d/site.conf" {
    content = "server_name ${trusted.certname};\nlisten ${facts.networking.ip}:${var.port};\n"
    require = package.nginx
  }
}

resource "file" "/mnt/${each.key}" {
  for_each = try(facts.mounts, {})
  content  = "${each.value} on ${facts.networking.hostname}\n"
}
`, port, motd, alias, pkg)
	if newSide {
		b.WriteString(`
resource "setting" "rack" {
  only_if = local.role == "db"
  value   = "rack ${facts.rack} for ${trusted.certname}"
}
`)
	}
	if distinct {
		b.WriteString(`
resource "file" "/etc/hosts.d/${trusted.certname}" {
  content = "${lower(facts.networking.hostname)}\n"
}

resource "setting" "role" {
  value = tostring(facts[local.role == "none" ? "kernel" : "role"])
}

resource "setting" "lookup" {
  value = lookup(facts, "kernel", "none")
}
`)
	}
	return b.String()
}

// variedProfiles are the values a node draws besides its identity: few
// enough that nodes share them, varied in every way the site reads.
var variedProfiles = []string{
	`"role": "web", "datacenter": "dc1", "timezone": "UTC", "mounts": {}, "rack": "r1", "os": {"family": "Debian"}, "processors": {"count": 4}`,
	`"role": "web", "timezone": "Europe/Paris", "os": {"family": "RedHat"}, "processors": {"count": 2}`,
	`"role": "db", "datacenter": "dc2", "timezone": "UTC", "mounts": {"data": "/dev/sdb"}, "rack": "r0", "os": {"family": "Debian"}, "processors": {"count": 4}`,
	`"role": "db", "datacenter": "dc1", "mounts": {"data": "/dev/sdb", "logs": "/dev/sdc"}, "os": {"family": "Debian"}, "processors": {"count": 2}`,
	`"role": "cache", "datacenter": "dc1", "timezone": "UTC", "os": {"family": "RedHat"}, "processors": {"count": 4}`,
	`"datacenter": "dc2", "timezone": "UTC", "mounts": {}, "os": {"family": "Debian"}, "processors": {"count": 4}`,
}

// variedFacts draws node i's name and Facter JSON.
func variedFacts(i int, rng *rand.Rand) (string, string) {
	host := fmt.Sprintf("node%02d", i)
	switch i {
	case 3:
		host = "www" // a directory of the site, /var/www
	case 5:
		host = "node0" // a prefix of node01…
	}
	domain := "example.com"
	if rng.IntN(4) == 0 {
		domain = "other.net"
	}
	name := host + "." + domain
	fqdn := name
	switch rng.IntN(8) {
	case 0:
		fqdn = host + ".example.com" // the certname's domain is another
	case 1:
		fqdn = host + " (lab)" // no plain word
	}
	ip := fmt.Sprintf(`, "ip": "10.0.%d.%d"`, i/200, 1+i%200)
	switch rng.IntN(10) {
	case 0:
		ip = "" // no address
	case 1:
		ip = `, "ip": "fe80::1%eth0"`
	}
	return name, fmt.Sprintf("{\n  \"kernel\": \"Linux\", %s,\n  \"networking\": {\"hostname\": %q, \"fqdn\": %q%s}\n}\n",
		variedProfiles[rng.IntN(len(variedProfiles))], host, fqdn, ip)
}
