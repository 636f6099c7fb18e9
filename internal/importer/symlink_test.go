package importer

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFindSourcesSymlinkedModule: a module directory that is a symbolic
// link (a vendored module) gives its files, named below the link.
func TestFindSourcesSymlinkedModule(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	p := filepath.Join(root, "store", "firewall", "lib", "puppet", "type", "x.rb")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("Puppet::ResourceApi.register_type(name: 'x', attributes: {})\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "vendor")
	if err := os.Symlink(filepath.Join("store", "firewall"), link); err != nil {
		t.Fatal(err)
	}
	sources, err := FindSources([]string{link})
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(link, "lib", "puppet", "type", "x.rb")
	if len(sources) != 1 || sources[0].Name != want {
		t.Errorf("sources %v, want one named %s", sources, want)
	}
}
