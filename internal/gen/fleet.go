package gen

import (
	"fmt"
	"strings"
)

// FleetOptions say what fleet to generate.
type FleetOptions struct {
	// Nodes is the number of nodes (facts files).
	Nodes int
	// Resources is the number of resource declarations of the site; a
	// tenth of them (at least 4) depend on facts, the rest do not.
	Resources int
}

// Fleet is a generated fleet: the site before and after a change, and
// one Facter JSON file per node.
type Fleet struct {
	Old, New, Facts []File
}

// roles are the node groups: node i has role roles[i%4] and, on every
// third node, the RedHat family instead of Debian.
var roles = [...]string{"web", "db", "cache", "mq"}

// FleetTypes adds a plain setting type (a value that can be shown) to
// Types.
const FleetTypes = Types + `
type "setting" {
  desc = "A configuration setting."
  attribute "name" {
    type      = "String[1]"
    desc      = "The setting's name."
    behaviour = "namevar"
  }
  attribute "value" {
    type = "String"
    desc = "The setting's value."
  }
}
`

// GenerateFleet returns a site of o.Resources resources, most of them the
// same on every node (Generate's) and the rest per role and OS family,
// with the node's identity in values; the new site changes a shared
// resource, the web nodes' listen address (identity-only differences
// between them), the Debian database version, and makes the mq nodes
// read a fact that a tenth of them lack (they no longer compile). The
// output depends only on o.
func GenerateFleet(o FleetOptions) Fleet {
	perNode := max(o.Resources/10, 4)
	shared := max(o.Resources-perNode, 5)
	var f Fleet
	for _, side := range []bool{false, true} {
		files := []File{{Name: "00-types.hcl", Src: []byte(FleetTypes)}}
		var b strings.Builder
		for i := 0; i < shared; i++ {
			writeResource(&b, i)
		}
		src := b.String()
		if side { // a shared change: every node's first package
			src = strings.Replace(src, "ensure = \"1.0.0\"", "ensure = \"1.0.1\"", 1)
		}
		files = append(files, File{Name: "10-shared.hcl", Src: []byte(src)})
		files = append(files, File{Name: "20-roles.hcl", Src: []byte(roleResources(perNode, side))})
		if side {
			f.New = files
		} else {
			f.Old = files
		}
	}
	for i := 0; i < o.Nodes; i++ {
		f.Facts = append(f.Facts, File{Name: fmt.Sprintf("node-%05d.example.com.json", i), Src: []byte(nodeFacts(i))})
	}
	return f
}

// roleResources writes n settings, each for one role; newSide applies the
// change.
func roleResources(n int, newSide bool) string {
	var b strings.Builder
	port, pg := "80", "15"
	if newSide {
		port, pg = "8080", "16"
	}
	for k := 0; k < n; k++ {
		role := roles[k%4]
		value := fmt.Sprintf("${trusted.certname} %s %d", role, k)
		switch {
		case role == "web" && k < 4:
			value = "listen ${facts.networking.ip}:" + port + " server_name ${facts.networking.fqdn}"
		case role == "db" && k < 4:
			value = "postgresql-${facts.os.family == \"Debian\" ? \"" + pg + "\" : \"13\"}"
		}
		fmt.Fprintf(&b, "resource \"setting\" \"%s-%d\" {\n  only_if = facts.role == %q\n  value   = \"%s\"\n}\n\n", role, k, role, value)
	}
	if newSide {
		b.WriteString("resource \"setting\" \"datacenter\" {\n  only_if = facts.role == \"mq\"\n  value   = facts.datacenter\n}\n")
	}
	return b.String()
}

// nodeFacts is node i's Facter JSON: its role, OS, network identity and
// the usual hardware facts; one mq node in ten has no datacenter fact.
func nodeFacts(i int) string {
	host := fmt.Sprintf("node-%05d", i)
	family, major := "Debian", "12"
	if i%3 == 2 {
		family, major = "RedHat", "9"
	}
	dc := fmt.Sprintf(",\n  \"datacenter\": \"dc%d\"", i%2)
	if i%40 == 3 {
		dc = ""
	}
	return fmt.Sprintf(`{
  "role": %q%s,
  "kernel": "Linux",
  "os": {"family": %q, "name": %q, "release": {"major": %q, "full": "%s.1"}},
  "networking": {"hostname": %q, "domain": "example.com", "fqdn": "%s.example.com", "ip": "10.%d.%d.%d",
    "interfaces": {"eth0": {"ip": "10.%d.%d.%d", "mac": "02:00:00:%02x:%02x:%02x", "mtu": 1500}}},
  "processors": {"count": %d, "models": ["Intel(R) Xeon(R) Processor"]},
  "memory": {"system": {"total_bytes": %d}},
  "timezone": "UTC"
}
`, roles[i%4], dc, family, family, major, major, host, host, i/65536%256, i/256%256, i%256,
		i/65536%256, i/256%256, i%256, i/65536%256, i/256%256, i%256, 2+i%4*2, int64(4+i%3*4)<<30)
}
