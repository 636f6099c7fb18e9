package graph

import (
	"bytes"
	"os"
	"testing"
)

// FuzzReadSnapshot checks that reading any input as catalog JSON never
// panics, and that whatever it reads diffs with itself to nothing.
func FuzzReadSnapshot(f *testing.F) {
	for _, name := range []string{"../fixtures/diff/json_types/old.json", "../fixtures/diff/json_types/new.json"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"catc.catalog/1","resources":[{"ref":"A[a]","type":"a","index":0},{"ref":"A[b]","type":"a","index":0}],"edges":[{"from":"A[a]","to":"A[a]","kinds":["notify"]},{"from":"A[a]","to":"A[b]","kinds":["require"]},{"from":"A[b]","to":"A[a]","kinds":["subscribe"]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadSnapshot(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		if d := Diff(s, s); !d.Empty() {
			t.Errorf("a snapshot differs from itself: %+v", d)
		}
	})
}
