package plandiff

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// nest wraps leaf in depth levels made by wrap, without recursion.
func nest(depth int, leaf types.Value, wrap func(level int, inner types.Value) types.Value) types.Value {
	v := leaf
	for i := depth - 1; i >= 0; i-- {
		v = wrap(i, v)
	}
	return v
}

var longKey = strings.Repeat("k", 40)

func inHash(_ int, v types.Value) types.Value {
	return &types.Hash{Keys: []string{longKey}, Values: []types.Value{v}}
}

func inArray(_ int, v types.Value) types.Value { return []types.Value{v} }

func alternating(level int, v types.Value) types.Value {
	if level%2 == 0 {
		return inHash(level, v)
	}
	return []types.Value{"x", v}
}

// everyLevel differs from its counterpart at every level (its "n" is the
// level plus shift): the report's worst case, whose changes' paths add
// up to the square of the depth.
func everyLevel(shift int) func(int, types.Value) types.Value {
	return func(level int, v types.Value) types.Value {
		return &types.Hash{Keys: []string{"n", longKey}, Values: []types.Value{int64(level + shift), v}}
	}
}

func resourceWith(v types.Value) *SnapResource {
	return &SnapResource{Ref: "Notify[m]", Type: "notify", Attributes: &types.Hash{Keys: []string{"message"}, Values: []types.Value{v}}}
}

// TestDeepValueDiff: two values nested 9,000 levels deep (40-byte keys:
// 1.6 GB and 28 s on main, the paths of each level built as strings) are
// compared in memory linear in their size, and where they differ at every
// level the changes stop at maxValueDepth, the rest one change of the
// value at that depth. Variants: nested arrays, hashes and arrays
// alternating, deep on one side only.
func TestDeepValueDiff(t *testing.T) {
	depth := 9_000
	if testing.Short() {
		depth = 2_000
	}
	tests := []struct {
		name     string
		old, new types.Value
		changes  int // how many changes
		depthAt  int // the levels of the first change's path
	}{
		{"hashes", nest(depth, int64(1), inHash), nest(depth, int64(2), inHash), 1, maxValueDepth},
		{"arrays", nest(depth, int64(1), inArray), nest(depth, int64(2), inArray), 1, maxValueDepth},
		{"hashes and arrays", nest(depth, int64(1), alternating), nest(depth, int64(2), alternating), 1, maxValueDepth},
		{"at every level", nest(depth, int64(1), everyLevel(0)), nest(depth, int64(1), everyLevel(1)), maxValueDepth + 1, 1},
		{"deep on one side", nest(depth, int64(1), inHash), "flat", 1, 0},
		{"deep on the other side", int64(7), nest(depth, int64(1), inArray), 1, 0},
		{"same deep value", nest(depth, int64(1), alternating), nest(depth, int64(1), alternating), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []AttrChange
			n := testutil.Allocated(func() { got = compareAttributes(resourceWith(tt.old), resourceWith(tt.new)) })
			// a few hundred bytes a level for the walk; the main code's
			// paths alone were depth²·20 bytes
			if limit := uint64(depth) * 1000; n > limit {
				t.Errorf("comparing allocated %d bytes, more than %d", n, limit)
			}
			if len(got) != tt.changes {
				t.Fatalf("%d changes, want %d", len(got), tt.changes)
			}
			if tt.changes == 0 {
				return
			}
			if levels := strings.Count(got[0].Path, ".") + strings.Count(got[0].Path, "["); levels != tt.depthAt {
				t.Errorf("the first change is %d levels deep, want %d", levels, tt.depthAt)
			}
			total := 0
			for _, c := range got {
				total += len(c.Path)
				if !strings.HasPrefix(c.Path, "message") {
					t.Errorf("path %.60q does not start at the attribute", c.Path)
				}
			}
			if limit := (maxValueDepth + 2) * (maxValueDepth + 2) * (len(longKey) + 2); total > limit {
				t.Errorf("the changes' paths add up to %d bytes, more than %d", total, limit)
			}
		})
	}
}

// Above the bound, paths are what they were: keys after dots, indexes in
// brackets, from the attribute.
func TestValuePaths(t *testing.T) {
	t.Parallel()
	old := &types.Hash{Keys: []string{"config", "list"}, Values: []types.Value{
		&types.Hash{Keys: []string{"port", "host"}, Values: []types.Value{int64(80), "a"}},
		[]types.Value{"x", []types.Value{int64(1), int64(2)}},
	}}
	nw := &types.Hash{Keys: []string{"config", "list"}, Values: []types.Value{
		&types.Hash{Keys: []string{"port"}, Values: []types.Value{int64(81)}},
		[]types.Value{"x", []types.Value{int64(1), int64(3)}},
	}}
	var paths []string
	for _, c := range compareAttributes(resourceWith(old), resourceWith(nw)) {
		paths = append(paths, c.Path)
	}
	want := "message.config.port message.config.host message.list[1][1]"
	if got := strings.Join(paths, " "); got != want {
		t.Errorf("paths %q, want %q", got, want)
	}
}

// FuzzValueDiff: for any two values (JSON documents, nested up to the
// readers' 10,000 levels), diff finds a change exactly when they differ
// (the depth bound loses none), and nothing between a value and itself.
func FuzzValueDiff(f *testing.F) {
	f.Add(`{"a": [1, {"b": 2}]}`, `{"a": [1, {"b": 3}], "c": null}`)
	f.Add(strings.Repeat(`{"k": [`, 120)+"1"+strings.Repeat("]}", 120), strings.Repeat(`{"k": [`, 120)+"2"+strings.Repeat("]}", 120))
	f.Add(strings.Repeat("[", 150)+strings.Repeat("]", 150), `"x"`)
	f.Add(`[1, 1.0, "1"]`, `[1.0, 1, 1]`)
	f.Fuzz(func(t *testing.T, a, b string) {
		ov, err1 := types.DecodeJSON([]byte(a))
		nv, err2 := types.DecodeJSON([]byte(b))
		if err1 != nil || err2 != nil {
			return
		}
		got := compareAttributes(resourceWith(ov), resourceWith(nv))
		if (len(got) > 0) == equalValue(ov, nv) {
			t.Fatalf("%d changes between values that are equal: %v", len(got), equalValue(ov, nv))
		}
		for _, c := range got {
			if !strings.HasPrefix(c.Path, "message") {
				t.Fatalf("path %q", c.Path)
			}
		}
		if self := compareAttributes(resourceWith(ov), resourceWith(ov)); len(self) != 0 {
			t.Fatalf("a value differs from itself: %+v", self)
		}
	})
}
