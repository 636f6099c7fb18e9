package plandiff

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

func TestLongestIncreasing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		seq  []int
		keep []bool
	}{
		{nil, []bool{}},
		{[]int{1, 2, 3}, []bool{true, true, true}},
		// b moved from 2nd to last: only b is off the subsequence.
		{[]int{1, 3, 4, 5, 2}, []bool{true, true, true, true, false}},
		// e moved to the front: only e.
		{[]int{5, 1, 2, 3, 4}, []bool{false, true, true, true, true}},
		{[]int{2, 1}, []bool{false, true}},
	}
	for _, tt := range tests {
		if got := longestIncreasing(tt.seq); !slices.Equal(got, tt.keep) {
			t.Errorf("longestIncreasing(%v) = %v, want %v", tt.seq, got, tt.keep)
		}
	}
}

func TestEqualValue(t *testing.T) {
	t.Parallel()
	h := func(kv ...any) *types.Hash {
		out := &types.Hash{}
		for i := 0; i < len(kv); i += 2 {
			out.Set(kv[i].(string), kv[i+1])
		}
		return out
	}
	tests := []struct {
		a, b types.Value
		want bool
	}{
		{int64(1), int64(1), true},
		{int64(1), "1", false},
		{int64(1), 1.0, false},
		{true, "true", false},
		{nil, nil, true},
		{nil, "", false},
		{[]types.Value{"a", "b"}, []types.Value{"b", "a"}, false},
		{h("a", int64(1), "b", int64(2)), h("b", int64(2), "a", int64(1)), true},
		{h("a", int64(1)), h("a", "1"), false},
		{Redacted{"x"}, Redacted{"x"}, true},
		{Redacted{"x"}, Redacted{"y"}, false},
	}
	for _, tt := range tests {
		if got := equalValue(tt.a, tt.b); got != tt.want {
			t.Errorf("equalValue(%#v, %#v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestReadSnapshotOrder writes the catalog JSON of generated catalogs
// and of the diff fixtures and checks that the order and cycles
// ReadSnapshot recomputes from it are those Order computed.
func TestReadSnapshotOrder(t *testing.T) {
	t.Parallel()
	key := testKey(t, "a test key of 32 bytes, not used") // as compiled with CATC_DIGEST_KEY: secrets compare
	dirs, _ := filepath.Glob(testutil.Fixture("diff/*/new"))
	for _, dir := range dirs {
		c, diags := compiler.Load([]string{dir}, compiler.LoadOptions{DigestKey: key})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", dir, diags)
		}
		checkRoundTrip(t, dir, c)
	}
	checkRoundTrip(t, "generated", generated(t, 2000, -1))
}

func checkRoundTrip(t *testing.T, name string, c *catalog.Catalog) {
	t.Helper()
	g := graph.Build(c)
	plan, _ := graph.Order(g, graph.Ordering{})
	want := NewSnapshot(plan)
	var b bytes.Buffer
	if err := catalogjson.OfGraph(g).Write(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSnapshot(b.Bytes(), name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !slices.Equal(got.Order, want.Order) {
		t.Errorf("%s: order from JSON %v, want %v", name, got.Order, want.Order)
	}
	if len(got.Cycles) != len(want.Cycles) {
		t.Errorf("%s: %d cycles from JSON, want %d", name, len(got.Cycles), len(want.Cycles))
	}
	d := Diff(want, got)
	if len(d.UnresolvedCycles) != len(want.Cycles) {
		t.Errorf("%s: %d unresolved cycles against its own JSON, want %d", name, len(d.UnresolvedCycles), len(want.Cycles))
	}
	if d.UnresolvedCycles = nil; !d.Empty() {
		t.Errorf("%s: a catalog differs from its own JSON: %+v", name, d)
	}
}

func TestReadSnapshotErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, src, want string }{
		{"not JSON", "nope", "not a catalog JSON file"},
		{"wrong format", `{"format": "x"}`, `format is "x"`},
		{"dangling edge", `{"format": "catc.catalog/1", "resources": [], "edges": [{"from": "A[a]", "to": "B[b]"}]}`, "names a resource"},
		{"bad attributes", `{"format": "catc.catalog/1", "resources": [{"ref": "A[a]", "type": "a", "attributes": [1]}]}`, "not a JSON object"},
		{"missing ref", `{"format": "catc.catalog/1", "resources": [{"type": "a"}]}`, "missing ref"},
	}
	for _, tt := range tests {
		_, err := ReadSnapshot([]byte(tt.src), "x.json")
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(tt.want)) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

// ensureRE matches the ensure value of each generated resource.
var ensureRE = regexp.MustCompile(`ensure(\s*)= "present"`)

// generated loads n generated resources; with every > 0 one ensure in
// every `every` becomes "absent" (a 1/every change).
func generated(t testing.TB, n, every int) *catalog.Catalog {
	t.Helper()
	files := gen.Generate(gen.Options{Resources: n, Files: 4})
	names := make([]string, len(files))
	srcs := make([][]byte, len(files))
	count := 0
	for i, f := range files {
		names[i] = f.Name
		srcs[i] = ensureRE.ReplaceAllFunc(f.Src, func(m []byte) []byte {
			count++
			if every > 0 && count%every == 0 {
				return bytes.Replace(m, []byte("present"), []byte("absent"), 1)
			}
			return m
		})
	}
	// Its secrets are digested as with CATC_DIGEST_KEY, so that they
	// compare after a round trip through the catalog JSON.
	c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{DigestKey: testKey(t, "a test key of 32 bytes, not used")})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	return c
}

func snapshotOf(c *catalog.Catalog) *Snapshot {
	p, _ := graph.Order(graph.Build(c), graph.Ordering{})
	return NewSnapshot(p)
}

// BenchmarkDiff compares two 10,000-resource catalogs that differ in one
// in 100 `ensure = "present"` (60 resources: packages give a version),
// snapshots prepared outside the loop; "with-snapshots" also reduces both
// plans to snapshots.
func BenchmarkDiff(b *testing.B) {
	oldCat, newCat := generated(b, 10_000, -1), generated(b, 10_000, 100)
	oldPlan, _ := graph.Order(graph.Build(oldCat), graph.Ordering{})
	newPlan, _ := graph.Order(graph.Build(newCat), graph.Ordering{})
	old, new := NewSnapshot(oldPlan), NewSnapshot(newPlan)
	if c := Diff(old, new).Counts(); c.Remove != 100 { // ensure → absent
		b.Fatalf("counts %+v, want 100 removed from the node", c)
	}
	b.Run("diff", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Diff(old, new)
		}
	})
	b.Run("with-snapshots", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Diff(NewSnapshot(oldPlan), NewSnapshot(newPlan))
		}
	})
}

func ExampleDiff() {
	load := func(src string) *Snapshot {
		c, _ := compiler.LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(gen.Types), []byte(src)}, compiler.LoadOptions{})
		return snapshotOf(c)
	}
	old := load(`resource "package" "nginx" { ensure = "1.18" }`)
	new := load(`resource "package" "nginx" { ensure = "1.22" }`)
	for _, c := range Diff(old, new).Resources {
		for _, a := range c.Attributes {
			fmt.Printf("%s %s %s: %v → %v\n", c.Action.Symbol(), c.Ref, a.Path, a.Old, a.New)
		}
	}
	// Output: ~ Package[nginx] ensure: 1.18 → 1.22
}

// TestDiffCycles checks both directions of the cycle pair: a cycle that
// appears is new, the same one going away is resolved, one on both sides
// is unresolved; with a cycle in the new catalog Puppet applies nothing.
func TestDiffCycles(t *testing.T) {
	t.Parallel()
	load := func(dir string) *Snapshot {
		c, diags := compiler.Load([]string{dir}, compiler.LoadOptions{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", dir, diags)
		}
		return snapshotOf(c)
	}
	old, new := load(testutil.Fixture("diff/cycle/old")), load(testutil.Fixture("diff/cycle/new"))
	want := []string{"Exec[seed]", "Package[db]", "Service[db]", "Exec[seed]"}
	if d := Diff(old, new); len(d.NewCycles) != 1 || !slices.Equal(d.NewCycles[0], want) || len(d.ResolvedCycles) != 0 {
		t.Errorf("old → new: new %v, resolved %v; want new [%v]", d.NewCycles, d.ResolvedCycles, want)
	}
	if d := Diff(new, old); len(d.ResolvedCycles) != 1 || !slices.Equal(d.ResolvedCycles[0], want) || len(d.NewCycles) != 0 {
		t.Errorf("new → old: new %v, resolved %v; want resolved [%v]", d.NewCycles, d.ResolvedCycles, want)
	}
	if d := Diff(old, new); !d.AppliesNothing() {
		t.Errorf("old → new: a new cycle, yet AppliesNothing is false")
	}
	if d := Diff(new, old); d.AppliesNothing() {
		t.Errorf("new → old: the cycle is resolved, yet AppliesNothing is true")
	}
	// A cycle left in the new catalog still stops Puppet: the diff says so.
	d := Diff(new, new)
	if len(d.UnresolvedCycles) != 1 || !slices.Equal(d.UnresolvedCycles[0], want) || !d.AppliesNothing() || d.Empty() {
		t.Errorf("new → new: unresolved %v, AppliesNothing %v; want [%v], true", d.UnresolvedCycles, d.AppliesNothing(), want)
	}
	if d.UnresolvedCycles = nil; !d.Empty() {
		t.Errorf("a cyclic catalog differs from itself: %+v", d)
	}
}

// TestParseNames: every action and attribute behaviour reads
// back from the name the diff JSON writes; unknown names do not.
func TestParseNames(t *testing.T) {
	t.Parallel()
	for a := Manage; a <= Fail; a++ {
		if got, ok := ParseAction(a.String()); !ok || got != a {
			t.Errorf("ParseAction(%q) = %v, %v", a.String(), got, ok)
		}
	}
	for b := PropertyAttr; b <= MetaparameterAttr; b++ {
		if got, ok := ParseAttrBehaviour(b.String()); !ok || got != b {
			t.Errorf("ParseAttrBehaviour(%q) = %v, %v", b.String(), got, ok)
		}
	}
	if _, ok := ParseAction("delete"); ok {
		t.Error("ParseAction accepted delete")
	}
	if _, ok := ParseAttrBehaviour("read_only"); ok {
		t.Error("ParseAttrBehaviour accepted read_only")
	}
}
