package catalog

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestAttrRangeLaterCounts: a name recorded twice (a key repeated in a
// catalog's JSON, a namevar set through name) has its later range, and
// both stay listed in order; a name never written has none.
func TestAttrRangeLaterCounts(t *testing.T) {
	t.Parallel()
	at := func(line int) hcl.Range {
		return hcl.Range{Filename: "c.json", Start: hcl.Pos{Line: line}, End: hcl.Pos{Line: line}}
	}
	r := &Resource{}
	r.addAttrRange("path", at(1))
	r.addAttrRange("mode", at(2))
	r.addAttrRange("path", at(3))
	if rng, ok := r.AttrRange("path"); !ok || rng != at(3) {
		t.Errorf("path at %v, want the later line 3", rng)
	}
	if rng, ok := r.AttrRange("mode"); !ok || rng != at(2) {
		t.Errorf("mode at %v, want line 2", rng)
	}
	if _, ok := r.AttrRange("owner"); ok {
		t.Error("owner has a range, but was never written")
	}
	var names []string
	for _, ar := range r.AttrRanges() {
		names = append(names, ar.Name)
	}
	if got := len(names); got != 3 || names[0] != "path" || names[1] != "mode" || names[2] != "path" {
		t.Errorf("listed %v, want [path mode path]", names)
	}
}
