package graph

import (
	"bytes"
	"os"
	"testing"
)

// FuzzReadSnapshot checks that reading any input as catalog JSON never
// panics, that whatever it reads has its resources at their own index,
// and that it diffs with itself to nothing but its own cycles.
func FuzzReadSnapshot(f *testing.F) {
	for _, name := range []string{"../fixtures/diff/json_types/old.json", "../fixtures/diff/json_types/new.json"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"catc.catalog/1","resources":[{"ref":"A[a]","type":"a","index":0},{"ref":"A[b]","type":"a","index":0}],"edges":[{"from":"A[a]","to":"A[a]","kinds":["notify"]},{"from":"A[a]","to":"A[b]","kinds":["require"]},{"from":"A[b]","to":"A[a]","kinds":["subscribe"]}]}`))
	f.Add([]byte(`{"format":"catc.catalog/1","resources":[{"ref":"A[a]","type":"a","index":1},{"ref":"A[b]","type":"a","index":0}],"edges":[]}`))
	f.Add([]byte(`{"format":"catc.catalog/1","resources":[{"ref":"A[a]","type":"a","attributes":{"x":1,"x":2}}]} {}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadSnapshot(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		for i, r := range s.Resources {
			if r.Index != i {
				t.Fatalf("resource %d (%s) has index %d", i, r.Ref, r.Index)
			}
		}
		// Its own cycles are unresolved (Puppet applies nothing from it),
		// and nothing else differs.
		d := Diff(s, s)
		if len(d.UnresolvedCycles) != len(s.Cycles) || d.AppliesNothing() != (len(s.Cycles) > 0) {
			t.Errorf("%d cycles, %d unresolved against itself", len(s.Cycles), len(d.UnresolvedCycles))
		}
		if d.UnresolvedCycles = nil; !d.Empty() {
			t.Errorf("a snapshot differs from itself: %+v", d)
		}
	})
}
