package compiler

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// TestInputs: a site says what each node-dependent block reads of the
// node, and which reads are verbatim (copied unchanged into a string no
// stage examines), through locals, templates, conditionals and try; a
// read that cannot be known makes the block read everything.
func TestInputs(t *testing.T) {
	t.Parallel()
	setting := `type "setting" {
  attribute "name" {
    type      = "String[1]"
    behaviour = "namevar"
  }
  attribute "value" {
    type = "Optional[String]"
  }
  attribute "port" {
    type = "Integer"
  }
  attribute "secret" {
    type = "Sensitive[String]"
  }
}
`
	tests := []struct {
		name, src string
		want      string // the union: reads, verbatim ones marked *, "all" first when set
	}{
		{"template and whole value", `
resource "setting" "a" { value = "host ${trusted.certname} at ${facts.networking.ip}" }
resource "setting" "b" { value = facts.networking.fqdn }`,
			"facts.networking.fqdn* facts.networking.ip* trusted.certname*"},
		{"function, condition and title are no copy", `
resource "setting" "a" { value = upper(facts.networking.hostname) }
resource "setting" "b" {
  only_if = trusted.certname != "x"
  value   = "x"
}
resource "file" "/etc/${facts.networking.fqdn}" {}`,
			"facts.networking.fqdn facts.networking.hostname trusted.certname"},
		{"an attribute some stage examines", `
resource "setting" "a" { port = facts.port }
resource "file" "/etc/x" { owner = facts.owner }
resource "package" "p" { ensure = facts.version }
resource "setting" "b" { secret = facts.pw }
resource "setting" "${facts.title}" { }`,
			"facts.owner facts.port facts.pw facts.title facts.version"},
		{"what a purging directory and concat read", `
type "concat_file" {
  attribute "path" {
    type      = "String"
    behaviour = "namevar"
  }
  attribute "order" { type = "Optional[Data]" }
  attribute "ensure_newline" { type = "Optional[Data]" }
  attribute "replace" { type = "Optional[Data]" }
  attribute "owner" { type = "Optional[Data]" }
}
type "concat_fragment" {
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }
  attribute "target" { type = "Optional[Data]" }
  attribute "order" { type = "Optional[Data]" }
  attribute "content" { type = "Optional[Data]" }
}
resource "file" "/srv" {
  ensure  = "directory"
  recurse = true
  purge   = true
  ignore  = facts.keep
  force   = facts.force
}
resource "concat_file" "/etc/motd" {
  order          = facts.order
  ensure_newline = facts.newline
  replace        = facts.replace
  owner          = facts.owner
}
resource "concat_fragment" "motd-head" {
  target  = "/etc/motd"
  order   = facts.rank
  content = "This is ${trusted.certname}"
}
resource "setting" "a" { value = facts.content }`,
			"facts.content* facts.force facts.keep facts.newline facts.order facts.owner* facts.rank facts.replace trusted.certname"},
		{"file content is inert", `
resource "file" "/etc/motd" { content = "This is ${trusted.certname}\n" }`,
			"trusted.certname*"},
		{"through locals, conditionals and try", `
locals {
  fqdn = facts.networking.fqdn
  motd = "Welcome to ${local.fqdn}"
  dc   = try(facts.datacenter, "none")
  len  = length(local.dc)
}
resource "setting" "a" { value = local.motd }
resource "setting" "b" { value = "${facts.role == "web" ? facts.networking.ip : "none"} ${try(facts.rack, "r0")}" }`,
			"facts.datacenter facts.networking.fqdn* facts.networking.ip* facts.rack* facts.role"},
		{"a local used otherwise anywhere", `
locals {
  host = facts.networking.hostname
}
resource "setting" "a" { value = local.host }
resource "setting" "b" { value = upper(local.host) }`,
			"facts.networking.hostname"},
		{"a dynamic index reads the whole", `
resource "setting" "a" { value = tostring(facts[var.key]) }
resource "setting" "b" { value = facts.disks[0].name }
variable "key" { default = "role" }`,
			`facts facts.disks[0].name*`},
		{"for_each and each", `
resource "setting" "m-${each.key}" {
  for_each = facts.mounts
  value    = each.value
}`,
			"facts.mounts"},
		{"group condition", `
group "web" {
  only_if = facts.role == "web"
  resource "setting" "a" { value = trusted.certname }
}`,
			"facts.role trusted.certname*"},
		{"lookup may read anything", `
resource "setting" "a" { value = lookup(facts.m, "k", "") }`,
			"all facts.m"},
		{"an unknown function", `
resource "setting" "a" { value = hiera("k") }`,
			"all"},
		{"local as a whole", `
locals {
  ip = facts.networking.ip
}
resource "setting" "a" { value = local.ip }
resource "setting" "b" { value = tostring(length(local)) }`,
			"facts.networking.ip"},
		{"a site with classes: its node blocks match the name", `
class "web" {}
node "web-01" {
  include "web" {}
}`,
			"all"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "site.hcl"), []byte(setting+tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			site, _ := LoadSite([]string{dir}, LoadOptions{})
			if got := inputsText(site.Inputs().Union()); got != tt.want {
				t.Errorf("reads %q, want %q", got, tt.want)
			}
		})
	}
}

func inputsText(b BlockInputs) string {
	var parts []string
	for _, r := range b.Reads {
		s := r.String()
		if r.Verbatim {
			s += "*"
		}
		parts = append(parts, s)
	}
	sort.Strings(parts)
	if b.All {
		parts = append([]string{"all"}, parts...)
	}
	return strings.Join(parts, " ")
}

// TestInputsPerBlock: each block says its own reads (its locals' too),
// and the locals say theirs, which every node evaluates.
func TestInputsPerBlock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `locals {
  dc = facts.datacenter
}
resource "file" "/etc/a" { content = local.dc }
resource "file" "/etc/b" { only_if = facts.role == "web" }
resource "file" "/etc/c" {}
`
	if err := os.WriteFile(filepath.Join(dir, "site.hcl"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	site, diags := LoadSite([]string{dir}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var got []string
	for _, b := range site.Inputs().Blocks {
		got = append(got, b.Range.String()+": "+inputsText(b))
	}
	want := []string{
		filepath.Join(dir, "site.hcl") + ":4,1-25: facts.datacenter*",
		filepath.Join(dir, "site.hcl") + ":5,1-25: facts.role",
		filepath.Join(dir, "site.hcl") + ":1,1-7: facts.datacenter*",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("blocks:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFunctionsClassified: every function of the evaluation context is
// known to read nothing of the node but its arguments, or is lookup,
// which may (Hiera): a function added must be classified, or the fleet
// would share catalogs between nodes it reads apart.
func TestFunctionsClassified(t *testing.T) {
	t.Parallel()
	for name := range evalFunctions(catalog.NewBudget(catalog.Limits{})) {
		if !pureFunctions()[name] && name != "lookup" {
			t.Errorf("the function %s is not classified in pureFunctions (inputs.go)", name)
		}
	}
	if pureFunctions()["lookup"] {
		t.Error("lookup is Puppet's Hiera lookup in a site: it reads the node")
	}
}

// TestExceeds: every bound of evaluation is recognised by its summary.
func TestExceeds(t *testing.T) {
	t.Parallel()
	for _, s := range []string{catalog.SummaryTooLarge, catalog.SummaryNumberBounds, summaryTooDeep, catalog.SummaryBudget} {
		if !Exceeds(catalog.ErrorAt(s, "x", hcl.Range{}, nil)) {
			t.Errorf("%q is not a bound", s)
		}
	}
	if Exceeds(catalog.ErrorAt(catalog.SummaryInvalidValue, "x", hcl.Range{}, nil)) {
		t.Errorf("%q is a bound", catalog.SummaryInvalidValue)
	}
}
