package graph

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/compiler"
)

// seedTypes are the seed's apt_key (fixtures/seed/types.hcl); its
// autorequire rules hit the built-in `file` and `package` types.
const seedTypes = `
type "apt_key" {
  desc = "Manages GPG keys needed by apt to perform package validation."
  attribute "ensure" {
    type = "Enum[present, absent]"
    desc = "Whether the key is present."
  }
  attribute "id" {
    type      = <<-T
      Variant[Pattern[/\A(0x)?[0-9a-fA-F]{8}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{16}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{40}\Z/]]
    T
    behaviour = "namevar"
    desc      = "The key ID."
  }
  attribute "source" {
    type = "String"
    desc = "Where the key comes from."
  }
  attribute "created" {
    type      = "String"
    behaviour = "read_only"
    desc      = "When the key was created."
  }
  autorequire {
    file    = "$source"
    package = "apt"
  }
  features = ["canonicalize"]
}
`

const seedKey = `
resource "apt_key" "6F6B15509CF8E59E6E469F327F438280EF8D349F" {
  ensure = "present"
  source = "/etc/apt/key.gpg"
}
`

// TestSeedAptKey is the seed: apt_key autorequires the file its source
// names and package apt when they are declared, and nothing (with no
// diagnostic) when they are not.
func TestSeedAptKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		src   string
		edges []string
	}{
		{"declared", seedKey + `
resource "file" "/etc/apt/key.gpg" {}
resource "package" "apt" {}
`, []string{
			"File[/etc/apt/key.gpg] => Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]: autorequire file (types.hcl:25) on Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F] at main.hcl:4",
			"Package[apt] => Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]: autorequire package (types.hcl:26) on Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F] at main.hcl:2",
		}},
		{"not declared", seedKey, nil},
		{"other file", seedKey + `resource "file" "/etc/apt/other.gpg" {}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, diags := compiler.LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(seedTypes), []byte(tc.src)}, compiler.LoadOptions{})
			if len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			g := Build(c)
			var got []string
			for _, e := range g.Edges() {
				got = append(got, EdgeLine(e))
			}
			if diff := cmp.Diff(tc.edges, got); diff != "" {
				t.Errorf("edges (-want +got):\n%s", diff)
			}
			if _, diags := Order(g, Ordering{}); len(diags) > 0 {
				t.Errorf("Order diagnostics: %v", diags)
			}
		})
	}
}
