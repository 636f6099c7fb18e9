package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/hashicorp/hcl/v2"

	"github.com/zclconf/go-cty/cty"
)

// siteTypes and siteResources are the files of testdata/site.txtar.
var siteTypes, siteResources = func() (string, string) {
	files := testutil.MustTxtar(filepath.Join("testdata", "site.txtar"))
	return files["types.hcl"], files["site.hcl"]
}()

func factsOf(t *testing.T, src string) cty.Value {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.json")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	n, diags := nodefacts.Read(path)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return n[0].Facts
}

// TestSiteCompile compiles one site for nodes with different facts: each
// gets its own facts.* and trusted.*, and only_if leaves a resource out.
func TestSiteCompile(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"types.hcl": siteTypes, "site.hcl": siteResources})
	site, diags := LoadSite([]string{dir}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	tests := []struct {
		node nodefacts.Node
		want string
	}{
		{nodefacts.Node{Name: "web-01.example.com", Facts: factsOf(t, `{"os": {"family": "Debian", "release": {"major": "12"}}, "apps": ["a", "skip"]}`)},
			"File[/etc/motd]=managed File[/etc/apt/sources.list]=deb http://deb.example.com 12 File[/etc/hostname]=web-01.example.com File[/srv/a]=web-01"},
		{nodefacts.Node{Name: "db-01", Facts: factsOf(t, `{"os": {"family": "RedHat"}}`)},
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
	t.Parallel()
	tests := []struct{ src, facts, want string }{
		{`resource "file" "/a" {
  only_if = facts.role
}`, `{"role": "web"}`, "only_if must be true or false"},
		{`resource "file" "/a" {
  content = facts.role
}`, `{}`, `This object does not have an attribute named "role".`},
	}
	for _, tt := range tests {
		dir := testutil.TempFiles(t, map[string]string{"types.hcl": siteTypes, "site.hcl": tt.src})
		site, diags := LoadSite([]string{dir}, LoadOptions{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		_, diags = site.Compile(&nodefacts.Node{Name: "n1", Facts: factsOf(t, tt.facts)})
		if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.src, diags, tt.want)
		}
	}
}

// TestSiteCompileParallelSecret compiles, in parallel, a site whose
// nodes each get an error from a secret (facts.role feeds token): every
// node's catalog reports its own, redacted. Run under -race, it also pins
// that parallel Compiles write only their own diagnostics.
func TestSiteCompileParallelSecret(t *testing.T) {
	t.Parallel()
	src := `resource "secret" "db" {
  port = "x"
}

resource "secret" "app" {
  token = tonumber(facts.role)
}
`
	dir := testutil.TempFiles(t, map[string]string{"types.hcl": secretType, "site.hcl": src})
	site, diags := LoadSite([]string{dir}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	const nodes = 8
	got := make([]hcl.Diagnostics, nodes)
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, got[i] = site.Compile(&nodefacts.Node{Name: fmt.Sprintf("n%d", i), Facts: factsOf(t, fmt.Sprintf(`{"role": "hunter2-%d"}`, i))})
		}()
	}
	wg.Wait()
	for i, diags := range got {
		var summaries []string
		for _, d := range diags {
			summaries = append(summaries, d.Summary)
		}
		if want := "Invalid attribute value, Invalid function argument"; strings.Join(summaries, ", ") != want {
			t.Errorf("node %d: %v, want %s", i, diags, want)
		}
		if len(diags) == 2 && diags[1].Detail != redactedDetail {
			t.Errorf("node %d: the function's error is not redacted: %v", i, diags[1])
		}
		if strings.Contains(diags.Error(), "hunter2") {
			t.Errorf("node %d shows the secret: %v", i, diags)
		}
	}
}

// TestGroup: a group's resources are declared only where its only_if
// holds (and their own), and its errors are said once.
func TestGroup(t *testing.T) {
	t.Parallel()
	src := `group "web" {
  only_if = facts.role == "web"

  resource "file" "/etc/nginx.conf" {
    content = "listen ${facts.ip}"
  }

  resource "file" "/etc/tls.pem" {
    only_if = try(facts.tls, false)
  }
}
`
	dir := testutil.TempFiles(t, map[string]string{"types.hcl": siteTypes, "site.hcl": src})
	site, diags := LoadSite([]string{dir}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	tests := []struct{ facts, want string }{
		{`{"role": "web", "ip": "192.0.2.1", "tls": true}`, "File[/etc/nginx.conf] File[/etc/tls.pem]"},
		{`{"role": "web", "ip": "192.0.2.1"}`, "File[/etc/nginx.conf]"},
		{`{"role": "db"}`, ""},
	}
	for _, tt := range tests {
		c, diags := site.Compile(&nodefacts.Node{Name: "n1", Facts: factsOf(t, tt.facts)})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tt.facts, diags)
		}
		var got []string
		for _, r := range c.Resources {
			got = append(got, r.Ref())
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: %v, want %s", tt.facts, got, tt.want)
		}
	}
	_, diags = site.Compile(&nodefacts.Node{Name: "n1", Facts: factsOf(t, `{}`)})
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, `"role"`) {
		t.Errorf("a node without the fact: %v", diags)
	}
}

func TestGroupErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ src, want string }{
		{"group \"a\" {\n  resource \"file\" \"/a\" {}\n}\n", "A group block needs only_if"},
		{"group {\n  only_if = true\n}\n", "A group block has one label"},
		{"group \"a\" {\n  only_if = true\n  mode = \"0644\"\n}\n", `"mode" is not expected here`},
		{"group \"a\" {\n  only_if = true\n  variable \"x\" {}\n}\n", `blocks of type "variable" are not expected here`},
		{"grop \"a\" {}\n", `Did you mean "group"?`},
		// A Puppet user declaring a group resource.
		{"group \"admins\" {}\n", `write a resource block: resource "group" "admins" { … }`},
		{"group \"admins\" {\n  gid = 100\n}\n", `resource "group" "admins"`},
	}
	for _, tt := range tests {
		_, diags := LoadFiles([]string{"types.hcl", "site.hcl"}, [][]byte{[]byte(siteTypes), []byte(tt.src)}, LoadOptions{})
		if !diags.HasErrors() || !strings.Contains(fmt.Sprint(diags.Errs()), tt.want) {
			t.Errorf("%q: %v, want %q", tt.src, diags, tt.want)
		}
	}
}
