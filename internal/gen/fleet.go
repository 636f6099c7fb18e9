package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// FleetOptions say what fleet to generate.
type FleetOptions struct {
	// Nodes is the number of nodes (facts files).
	Nodes int
	// Resources is the number of resource declarations of the site; a
	// tenth of them (at least 4) depend on facts, the rest do not.
	Resources int
	// Dependent, when set, is the percentage of the resources that
	// depend on the node instead of a tenth: each is declared on one
	// role and reads, in turn, the node's certname, data centre, CPU
	// count or address (as issue 32's fleets do).
	Dependent int
	// Distinct, when set, draws the facts the site reads (role, OS
	// family, data centre, CPU count) so that about this many distinct
	// combinations exist, the nodes' identity apart; else node i has
	// role i%4, data centre i%2 and CPU count 2+i%4*2.
	Distinct int
	// Unique gives every node a data centre of its own: with Dependent,
	// every node's catalog is its own (the worst case of a fleet).
	Unique bool
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
	if o.Dependent > 0 {
		perNode = max(o.Resources*o.Dependent/100, 4)
	}
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
		files = append(files, File{Name: "20-roles.hcl", Src: []byte(roleResources(perNode, side, o.Dependent > 0))})
		if side {
			f.New = files
		} else {
			f.Old = files
		}
	}
	for i := 0; i < o.Nodes; i++ {
		f.Facts = append(f.Facts, File{Name: fmt.Sprintf("node-%05d.example.com.json", i), Src: []byte(nodeFacts(i, o))})
	}
	return f
}

// roleResources writes n settings, each for one role; newSide applies the
// change; mixed makes them read, in turn, the certname, the data centre,
// the CPU count and the address (else the certname).
func roleResources(n int, newSide, mixed bool) string {
	var b strings.Builder
	port, pg := "80", "15"
	if newSide {
		port, pg = "8080", "16"
	}
	for k := 0; k < n; k++ {
		role := roles[k%4]
		value := fmt.Sprintf("${trusted.certname} %s %d", role, k)
		if mixed {
			value = [...]string{value, "dc ${upper(try(facts.datacenter, \"none\"))} %d", "cpus ${facts.processors.count} %d", "address ${facts.networking.ip} %d"}[k/4%4]
			if k/4%4 > 0 {
				value = fmt.Sprintf(value, k)
			}
		}
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
// With o.Distinct, the data centre, OS family and CPU count are drawn so
// that about that many combinations exist with the role; with o.Unique
// the data centre is the node's own.
func nodeFacts(i int, o FleetOptions) string {
	distinct := o.Distinct
	host := fmt.Sprintf("node-%05d", i)
	family, major := "Debian", "12"
	if i%3 == 2 {
		family, major = "RedHat", "9"
	}
	dcNum, cpus := i%2, 2+i%4*2
	if distinct > 0 {
		// role i%4 × family × 5 CPU counts × the data centres
		dcs := max(1, distinct/40)
		r := mix(uint64(i))
		if r%2 == 1 {
			family, major = "RedHat", "9"
		} else {
			family, major = "Debian", "12"
		}
		cpus = 2 << (r / 2 % 5)
		dcNum = int(r / 10 % uint64(dcs))
	}
	if o.Unique {
		dcNum = i
	}
	dc := fmt.Sprintf(",\n  \"datacenter\": \"dc%d\"", dcNum)
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
		i/65536%256, i/256%256, i%256, i/65536%256, i/256%256, i%256, cpus, int64(4+i%3*4)<<30)
}

// mix is splitmix64's finaliser: node i's draws, independent of its role.
func mix(z uint64) uint64 {
	z += 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// WriteFleet writes f below dir: old/, new/ and facts/, created; it
// returns their paths.
func WriteFleet(dir string, f Fleet) (old, new, facts string, err error) {
	old, new, facts = filepath.Join(dir, "old"), filepath.Join(dir, "new"), filepath.Join(dir, "facts")
	for _, side := range []struct {
		dir   string
		files []File
	}{{old, f.Old}, {new, f.New}, {facts, f.Facts}} {
		if err := WriteFiles(side.dir, side.files); err != nil {
			return "", "", "", err
		}
	}
	return old, new, facts, nil
}

// WriteFiles writes files into dir, created.
func WriteFiles(dir string, files []File) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Src, 0o644); err != nil {
			return err
		}
	}
	return nil
}
