package importer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
)

// TestImportWithGivenAliases: a type may use the aliases of an earlier
// import; an alias the sources define again is the sources' (no
// duplicate), and only the sources' definitions are written.
func TestImportWithGivenAliases(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	given := "type_alias \"Stdlib::Port\" {\n  type = \"Integer[0, 65535]\"\n}\n\ntype_alias \"Mymod::Name\" {\n  type = \"String[1]\"\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "aliases.hcl"), []byte(given), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, diags := compiler.LoadAliases([]string{dir})
	if diags.HasErrors() || len(cat.Aliases) != 2 {
		t.Fatalf("aliases: %v %v", cat.Aliases, diags)
	}
	rb := `Puppet::ResourceApi.register_type(
  name: 'svc',
  desc: 'A service.',
  attributes: {
    name: { type: 'Mymod::Name', desc: 'The name.', behaviour: :namevar },
    port: { type: 'Stdlib::Port', desc: 'The port.' },
  },
)
`
	sources := []Source{{Name: "svc.rb", Src: []byte(rb)}, {Name: "types/name.pp", Src: []byte("type Mymod::Name = String[2]\n")}}
	outs, diags, _ := ImportWith(sources, Options{Aliases: cat.Aliases})
	if diags.HasErrors() {
		t.Fatalf("import: %v", diags)
	}
	if len(outs) != 2 || outs[0].Type != "svc" || outs[1].Type != "Mymod::Name" {
		t.Errorf("outputs: %+v", outs)
	}
	if _, diags, _ := importAll(sources[:1]); !diags.HasErrors() {
		t.Error("without the given aliases the type loaded")
	}
}
