package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
)

const siteTypes = `type "file" {
  desc = "A file."
  attribute "path" {
    type      = "String[1]"
    desc      = "The path."
    behaviour = "namevar"
  }
  attribute "content" {
    type = "Optional[String]"
    desc = "The content."
  }
}
`

const siteResources = `resource "file" "/etc/motd" {
  content = "managed"
}

resource "file" "/etc/apt/sources.list" {
  only_if = facts.os.family == "Debian"
  content = "deb http://deb.example.com ${facts.os.release.major}"
}

resource "file" "/etc/hostname" {
  content = trusted.certname
}

resource "file" "/srv/${each.key}" {
  for_each = toset(try(facts.apps, []))
  only_if  = each.key != "skip"
  content  = trusted.hostname
}
`

func writeSite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func factsOf(t *testing.T, src string) cty.Value {
	t.Helper()
	n, why := nodesOf(mustJSON(t, src), "x", "x")
	if why != "" {
		t.Fatal(why)
	}
	return n[0].Facts
}

// TestSiteCompile compiles one site for nodes with different facts: each
// gets its own facts.* and trusted.*, and only_if leaves a resource out.
func TestSiteCompile(t *testing.T) {
	dir := writeSite(t, map[string]string{"types.hcl": siteTypes, "site.hcl": siteResources})
	site, diags := LoadSite([]string{dir}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	tests := []struct {
		node Node
		want string
	}{
		{Node{Name: "web-01.example.com", Facts: factsOf(t, `{"os": {"family": "Debian", "release": {"major": "12"}}, "apps": ["a", "skip"]}`)},
			"File[/etc/motd]=managed File[/etc/apt/sources.list]=deb http://deb.example.com 12 File[/etc/hostname]=web-01.example.com File[/srv/a]=web-01"},
		{Node{Name: "db-01", Facts: factsOf(t, `{"os": {"family": "RedHat"}}`)},
			"File[/etc/motd]=managed File[/etc/hostname]=db-01"},
	}
	for _, tt := range tests {
		c, diags := site.Compile(&tt.node)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tt.node.Name, diags)
		}
		var got []string
		for _, r := range c.Resources {
			v, _ := r.Attr("content")
			got = append(got, r.Ref()+"="+v.(string))
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.node.Name, strings.Join(got, " "), tt.want)
		}
	}
}

func TestSiteCompileErrors(t *testing.T) {
	tests := []struct{ src, facts, want string }{
		{`resource "file" "/a" {
  only_if = facts.role
}`, `{"role": "web"}`, "only_if must be true or false"},
		{`resource "file" "/a" {
  content = facts.role
}`, `{}`, `This object does not have an attribute named "role".`},
	}
	for _, tt := range tests {
		dir := writeSite(t, map[string]string{"types.hcl": siteTypes, "site.hcl": tt.src})
		site, diags := LoadSite([]string{dir}, LoadOptions{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		_, diags = site.Compile(&Node{Name: "n1", Facts: factsOf(t, tt.facts)})
		if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.src, diags, tt.want)
		}
	}
}

func mustJSON(t *testing.T, src string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(src), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
