package plandiff

import (
	"testing"
)

// FuzzReadSnapshot checks that reading any input as catalog JSON never
// panics, that whatever it reads has its resources at their own index,
// and that it diffs with itself to nothing but its own cycles.
//
// The seeds are small on purpose: the fuzzer minimizes every input that
// finds new coverage, and its minimizer tries removing every range of
// bytes (quadratic in the input's length), for up to a minute. With the
// 2.5 KB fixture catalogs as seeds, each run spent its whole -fuzztime
// minimizing the first mutant and fuzzed nothing.
func FuzzReadSnapshot(f *testing.F) {
	for _, seed := range fuzzSnapshotSeeds {
		f.Add([]byte(seed))
	}
	f.Add([]byte(`{"format":"catc.catalog/1","resources":[{"ref":"A[a]","type":"a","index":0},{"ref":"A[b]","type":"a","index":0}],"edges":[{"from":"A[a]","to":"A[a]","kinds":["notify"]},{"from":"A[a]","to":"A[b]","kinds":["require"]},{"from":"A[b]","to":"A[a]","kinds":["subscribe"]}]}`))
	f.Add([]byte(`{"format":"catc.catalog/1","resources":[{"ref":"A[a]","type":"a","index":1},{"ref":"A[b]","type":"a","index":0}],"edges":[]}`))
	f.Add([]byte(`{"format":"catc.catalog/1","resources":[{"ref":"A[a]","type":"a","attributes":{"x":1,"x":2}}]} {}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadSnapshot(data, "fuzz.json")
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
		if d.UnresolvedCycles = nil; !d.Empty() && !onlyUndetermined(d) {
			t.Errorf("a snapshot differs from itself: %+v", d)
		}
	})
}

// onlyUndetermined reports whether every change of d is a secret without
// a digest, which no one can tell unchanged, not even against itself.
func onlyUndetermined(d *PlanDiff) bool {
	if len(d.Edges)+len(d.Moves)+len(d.Refreshes)+len(d.NewCycles)+len(d.ResolvedCycles) > 0 {
		return false
	}
	for _, r := range d.Resources {
		undetermined := map[string]bool{}
		for _, a := range r.Attributes {
			if !a.Undetermined {
				return false
			}
			undetermined[a.Attr] = true
		}
		for _, io := range r.InitOnly {
			if !undetermined[io.Attr] {
				return false
			}
		}
		if r.Action != Change {
			return false
		}
	}
	return true
}

// fuzzSnapshotSeeds are what fixtures/diff/json_types has (types with
// behaviours and a sensitive attribute, a digest marker, namevars, a
// read_only value), a few hundred bytes each.
var fuzzSnapshotSeeds = []string{
	`{"format":"catc.catalog/1","resources":[{"ref":"U[a]","type":"u","title":"a","namevars":{"n":"a"},"attributes":{"n":"a","p":{"sensitive":"hmac-sha256:0f"},"i":1,"r":"x"},"tags":[],"noop":null,"index":0}],"edges":[],` +
		`"types":[{"name":"u","attributes":[{"name":"n","behaviour":"namevar"},{"name":"p","sensitive":true},{"name":"i","behaviour":"init_only"},{"name":"r","behaviour":"read_only"}]}]}`,
	`{"format":"catc.catalog/1","resources":[{"ref":"F[/a]","type":"f","namevars":{"p":"/a"},"attributes":{"c":["x",{"k":1.5}],"b":false,"s":{"sensitive":"redacted"}},"file":"s.hcl","line":6,"index":0}]}`,
}
