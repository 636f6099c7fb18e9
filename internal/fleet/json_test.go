package fleet

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/plandiff"
)

// fixtureDiff is the diff of fixtures/fleet.
func fixtureDiff(t *testing.T) *Diff {
	t.Helper()
	old, new, nodes := loadFixture(t)
	return DiffFleet(Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, Options{})
}

// TestReadJSONRefuses: a shard's JSON is read only when it is one
// document, with no key twice, and counts that are those of its lists;
// its shard identity reads back.
func TestReadJSONRefuses(t *testing.T) {
	t.Parallel()
	d := fixtureDiff(t)
	d.Shard = &ShardOf{Index: 2, Of: 3, Fleet: "abc"}
	var b bytes.Buffer
	if err := WriteJSON(&b, d); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	back, err := ReadJSON([]byte(good), "shard.json")
	if err != nil {
		t.Fatal(err)
	}
	if back.Shard == nil || *back.Shard != *d.Shard {
		t.Errorf("shard read back as %+v, want %+v", back.Shard, d.Shard)
	}
	tests := []struct {
		name, doc, want string
	}{
		{"trailing document", good + `{"format":"catc.fleet-diff/1"}`, "data after the fleet diff JSON document"},
		{"trailing garbage", good + "x", "data after"},
		{"key twice", strings.Replace(good, `"strict": "error",`, `"strict": "error", "strict": "warning",`, 1), "strict"},
		{"nodes count", regexp.MustCompile(`"nodes": \d+`).ReplaceAllString(good, `"nodes": 999`), "counts"},
		{"changed count", regexp.MustCompile(`"changed": \d+`).ReplaceAllString(good, `"changed": 999`), "counts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.doc == good {
				t.Fatal("the edit did not apply")
			}
			_, err := ReadJSON([]byte(tt.doc), "shard.json")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadJSON: %v, want an error with %q", err, tt.want)
			}
		})
	}
}
