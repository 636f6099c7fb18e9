package plandiff

import "testing"

// TestLossesDrop keeps a change only when no source's loss explains it:
// a secret the other side's source deletes, a value one side holds as
// rich data (Opaque) and the other, from PuppetDB, as a string.
func TestLossesDrop(t *testing.T) {
	t.Parallel()
	opaque := &SnapResource{Opaque: []string{"message"}}
	plain := &SnapResource{}
	removed := AttrChange{Attr: "message", Old: "Deferred({'name' => 'x'})", HadOld: true}
	added := AttrChange{Attr: "message", New: "x", HasNew: true}
	secret := AttrChange{Attr: "password", HadOld: true, Sensitive: true}
	tests := []struct {
		name    string
		l       losses
		a       AttrChange
		or, nr  *SnapResource
		dropped bool
	}{
		{"string in PuppetDB, rich data in Puppet's", losses{richOld: true}, removed, plain, opaque, true},
		{"rich data in Puppet's, PuppetDB's string of a Deferred", losses{richNew: true}, removed, plain, opaque, true},
		{"rich data on the old side, string in PuppetDB", losses{richNew: true}, added, opaque, plain, true},
		{"two Puppet catalogs: a real change", losses{}, removed, plain, opaque, false},
		{"PuppetDB, but another attribute", losses{richOld: true}, AttrChange{Attr: "other", HadOld: true}, plain, opaque, false},
		{"a secret PuppetDB deleted", losses{secretsNew: true}, secret, plain, plain, true},
		{"a secret removed between Puppet catalogs", losses{}, secret, plain, plain, false},
	}
	for _, tt := range tests {
		got := tt.l.drop([]AttrChange{tt.a}, tt.or, tt.nr)
		if dropped := len(got) == 0; dropped != tt.dropped {
			t.Errorf("%s: dropped %v, want %v", tt.name, dropped, tt.dropped)
		}
	}
}
