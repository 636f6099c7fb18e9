package puppetcatalog

import (
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// TestNotesGathered: the notes of several catalogs (a diff's sides, a
// fleet's nodes) say each kind once, naming what every catalog has, each
// item once, in the order first seen; Merge gathers as Add does. The
// note of an unknown type points at catc import, which reads Ruby types
// of both kinds, not at a type block written by hand.
func TestNotesGathered(t *testing.T) {
	a, _ := modelGraph(t, moduleCatalog(`Sysctl|vm.swappiness|{"value": "10"}`, `File|/etc/a|{"recurse": true}`), nil)
	b, _ := modelGraph(t, moduleCatalog(`Sysctl|net.ipv4.ip_forward|{"value": "1"}`, `Kmod|br_netfilter|{}`,
		`File|/etc/b|{"recurse": true}`, `File|/etc/a|{"recurse": true}`), nil)
	var added catalog.Notes
	added.Add(a)
	added.Add(b)
	var one, two, merged catalog.Notes
	one.Add(a)
	two.Add(b)
	merged.Merge(&one)
	merged.Merge(&two)
	want := []string{
		"Auto relationships unknown for Kmod, Sysctl: catc has no definition of these types (a module's Ruby type); only their explicit relationships are in the graph. Load an HCL definition beside the catalog to add them: catc import writes one from the module's lib/puppet/type/NAME.rb (catc doc --module-types lists the module types catc ships).",
		"Resources generated on the node are not shown, and their order cannot be known offline: File[/etc/a] (recurse), File[/etc/b] (recurse).",
	}
	for name, n := range map[string]*catalog.Notes{"Add": &added, "Merge": &merged} {
		if got := n.Lines(); !slices.Equal(got, want) {
			t.Errorf("%s: notes\n%q\nwant\n%q", name, got, want)
		}
	}
	if got := strings.Join(b.ExternalNotes(), "\n"); strings.Contains(got, "by hand") || !strings.Contains(got, "Kmod, Sysctl") {
		t.Errorf("one catalog's notes: %q", got)
	}
}
