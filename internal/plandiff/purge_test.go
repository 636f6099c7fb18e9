package plandiff

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// purgeSnapshot loads the diff fixtures' types, the purge pair's types and
// src.
func purgeSnapshot(t *testing.T, src string) *Snapshot {
	t.Helper()
	return typesSnapshot(t, src, testutil.Fixture("diff/types.hcl"), testutil.Fixture("diff/purge/purge-types.hcl"))
}

// TestDiffPurges: a resource no longer managed names what in the new
// catalog may purge it, and only that.
func TestDiffPurges(t *testing.T) {
	t.Parallel()
	const chains = `
resource "firewallchain" "INPUT:filter:IPv4" { purge = %s }
resource "firewallchain" "OUTPUT:filter:IPv4" {}
`
	const rules = `
resource "firewall" "100 in" { chain = "INPUT:filter:IPv4" }
resource "firewall" "200 out" { chain = "OUTPUT:filter:IPv4" }
resource "user" "old" {}
resource "package" "telnet" {}
`
	tests := []struct {
		name, old, new string
		want           []string
	}{
		{"nothing purges", rules, ``,
			[]string{"Firewall[100 in]: ", "Firewall[200 out]: ", "Package[telnet]: ", "User[old]: "}},
		{"resources purges its type", rules, `resource "resources" "user" { purge = true }`,
			[]string{"Firewall[100 in]: ", "Firewall[200 out]: ", "Package[telnet]: ", "User[old]: Resources[user] (purge = true)"}},
		{"resources without purge", rules, `resource "resources" "user" {}`,
			[]string{"Firewall[100 in]: ", "Firewall[200 out]: ", "Package[telnet]: ", "User[old]: "}},
		{"resources names the type in any case", rules, `resource "resources" "User" { purge = true }`,
			[]string{"Firewall[100 in]: ", "Firewall[200 out]: ", "Package[telnet]: ", "User[old]: Resources[User] (purge = true)"}},
		{"a purging chain purges its own rules only", strings.Replace(chains, "%s", "false", 1) + rules, strings.Replace(chains, "%s", "true", 1),
			[]string{"Firewall[100 in]: Firewallchain[INPUT:filter:IPv4] (custom_generate, purge = true)", "Firewall[200 out]: ", "Package[telnet]: ", "User[old]: "}},
		{"a chain without purge purges nothing", strings.Replace(chains, "%s", "false", 1) + rules, strings.Replace(chains, "%s", "false", 1),
			[]string{"Firewall[100 in]: ", "Firewall[200 out]: ", "Package[telnet]: ", "User[old]: "}},
		{"a container with purge = true but no custom_generate", `
resource "package" "nginx" {}
resource "file" "/etc/nginx/conf.d/old.conf" { require = package.nginx }
`, `
resource "package" "nginx" {}
resource "filebox" "/etc/nginx/conf.d" { purge = true }
`,
			[]string{"File[/etc/nginx/conf.d/old.conf]: Filebox[/etc/nginx/conf.d] (purge = true)"}},
		{"a rule of no known chain: any purging chain may", rules, strings.Replace(chains, "%s", "true", 1),
			[]string{"Firewall[100 in]: Firewallchain[INPUT:filter:IPv4] (custom_generate, purge = true)",
				"Firewall[200 out]: Firewallchain[INPUT:filter:IPv4] (custom_generate, purge = true)", "Package[telnet]: ", "User[old]: "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Diff(purgeSnapshot(t, tt.old), purgeSnapshot(t, tt.new))
			var got []string
			for _, c := range d.Resources {
				if c.Action != Unmanage {
					continue
				}
				var by []string
				for _, p := range c.PurgedBy {
					by = append(by, p.Ref+" ("+p.Why+")")
				}
				got = append(got, c.Ref+": "+strings.Join(by, ", "))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if n := d.Counts().MayPurge; n != countPurged(tt.want) {
				t.Errorf("Counts().MayPurge = %d, want %d", n, countPurged(tt.want))
			}
		})
	}
}

func countPurged(lines []string) int {
	n := 0
	for _, l := range lines {
		if !strings.HasSuffix(l, ": ") {
			n++
		}
	}
	return n
}
