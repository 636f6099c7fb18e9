package plandiff

import (
	"strings"
	"testing"
)

// TestReadSnapshotStrict pins what a catalog JSON file may not do: repeat
// a key, carry data after the document, list a ref twice or number the
// resources other than 0 to n-1. Each error gives the byte offset or the
// ref.
func TestReadSnapshotStrict(t *testing.T) {
	t.Parallel()
	res := func(ref string, index int) string {
		return `{"ref": "` + ref + `", "type": "a", "title": "x", "index": ` + string(rune('0'+index)) + `}`
	}
	doc := func(resources ...string) string {
		return `{"format": "catc.catalog/1", "resources": [` + strings.Join(resources, ", ") + `], "edges": []}`
	}
	tests := []struct{ name, src, want string }{
		{"duplicate top-level key", `{"format": "catc.catalog/1", "resources": [], "resources": []}`, `duplicate key "resources" at byte offset 46`},
		{"duplicate key in a resource", doc(`{"ref": "A[a]", "type": "a", "type": "b", "index": 0}`), `duplicate key "type" at byte offset 72`},
		{"duplicate key spelt with an escape", doc(`{"ref": "A[a]", "t\u0079pe": "a", "type": "b", "index": 0}`), `duplicate key "type"`},
		{"duplicate attribute", doc(`{"ref": "A[a]", "type": "a", "attributes": {"x": 1, "x": 2}, "index": 0}`), `duplicate key "x"`},
		{"trailing document", doc() + "\n" + doc(), "after top-level value (at byte offset 59)"},
		{"trailing garbage", doc() + " x", "after top-level value"},
		{"duplicate ref", doc(res("A[a]", 0), res("A[a]", 1)), "resource A[a] is listed twice (entries 1 and 2"},
		{"index too big", doc(res("A[a]", 0), res("A[b]", 2)), "resource A[b]: index 2 is out of range: the catalog has 2 resources"},
		{"negative index", doc(`{"ref": "A[a]", "type": "a", "index": -1}`), "resource A[a]: index -1 is out of range"},
		{"index used twice", doc(res("A[a]", 1), res("A[b]", 1)), "resource A[b]: index 1 is also the index of A[a]"},
		{"wrong type", `{"format": "catc.catalog/1", "resources": [{"ref": "A[a]", "index": "0"}]}`, "(the value ends at byte offset 71)"},
		{"repeated key before wrong type", `{"format": "catc.catalog/1", "resources": [{"ref": "A[a]", "index": "0"}], "edges": [], "edges": []}`, `duplicate key "edges" at byte offset 88`},
	}
	for _, tt := range tests {
		_, err := ReadSnapshot([]byte(tt.src), "x.json")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
	// The same keys in sibling objects, and resources listed out of index
	// order, are fine.
	ok := doc(res("A[b]", 1), res("A[a]", 0))
	s, err := ReadSnapshot([]byte(ok), "ok.json")
	if err != nil {
		t.Fatalf("valid catalog rejected: %v", err)
	}
	if s.Resources[0].Ref != "A[a]" || s.Resources[1].Ref != "A[b]" {
		t.Errorf("resources not placed by index: %+v", s.Resources)
	}
}
