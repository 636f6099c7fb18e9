package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestPuppetClassRefs: a class of a Puppet catalog is named as the
// manifests name it (Class[a], Class[::apache::service]) as well as
// Puppet writes it (Class[A], Class[Apache::Service]), in every command
// that takes a reference: why, graph --focus and --collapse.
func TestPuppetClassRefs(t *testing.T) {
	t.Parallel()
	apache := testutil.Fixture("oracle", "catalogs", "apache.catalog.json")
	for _, c := range [][2][]string{
		{{"why", refreshCatalog, "Class[A]", "Class[B]"}, {"why", refreshCatalog, "Class[a]", "class[b]"}},
		{{"why", apache, "Class[Apache::Service]", "Class[Apache]"}, {"why", apache, "Class[::apache::service]", "Class[apache]"}},
		{{"graph", "--focus", "Class[Apache::Service]", apache}, {"graph", "--focus", "Class[apache::service]", apache}},
		{{"graph", "--collapse", "Class[Apache::Mod::Ssl]", apache}, {"graph", "--collapse", "Class[apache::mod::ssl]", apache}},
	} {
		code, want, stderr := runCatc(t, c[0]...)
		if code != 0 || want == "" {
			t.Fatalf("%q: exit %d: %s", c[0], code, stderr)
		}
		code, got, stderr := runCatc(t, c[1]...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", c[1], code, stderr)
		}
		if got != want {
			t.Errorf("%q says\n%s\nwhile %q says\n%s", c[1], got, c[0], want)
		}
	}
	if _, out, _ := runCatc(t, "why", refreshCatalog, "Class[a]", "class[b]"); !strings.Contains(out, "Class[A]") {
		t.Errorf("why names the classes as Puppet writes them: %s", out)
	}
}

// TestPuppetGraphClusterDefault: a catalog read from Puppet is drawn as
// with --cluster class, even one without classes or defines (a hand
// catalog, a PuppetDB export); an HCL catalog is not.
func TestPuppetGraphClusterDefault(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	flat := filepath.Join(dir, "flat.json")
	src := `{"resources": [{"type": "Notify", "title": "a", "kind": "compilable_type"},
 {"type": "Notify", "title": "b", "kind": "compilable_type", "parameters": {"require": "Notify[a]"}}]}`
	if err := os.WriteFile(flat, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	hcl := filepath.Join(dir, "main.hcl")
	if err := os.WriteFile(hcl, []byte("resource \"notify\" \"a\" {}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file string
		same bool
	}{{flat, true}, {hcl, false}} {
		_, def, _ := runCatc(t, "graph", c.file)
		_, class, _ := runCatc(t, "graph", "--cluster", "class", c.file)
		if (def == class) != c.same {
			t.Errorf("%s: graph and graph --cluster class give the same picture: %v, want %v\n%s", c.file, def == class, c.same, def)
		}
	}
}
