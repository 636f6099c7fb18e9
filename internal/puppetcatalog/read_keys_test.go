package puppetcatalog

import (
	"fmt"
	"strings"
	"testing"
)

// objectOfKeys is a JSON object of n keys.
func objectOfKeys(n int) string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf(`"k%d":1`, i)
	}
	return "{" + strings.Join(keys, ",") + "}"
}

// TestReadKeysMapsKept: the map that checks an object's keys for repeats
// is kept for the next object only when it stayed small. A map never
// shrinks and clearing one costs its size: kept after an object of a
// million keys, it made every later object of 17 keys cost as much
// (seconds for 20,000 of them).
func TestReadKeysMapsKept(t *testing.T) {
	for _, tt := range []struct {
		keys int
		kept int
	}{
		{keys: 16, kept: 0}, // no map: the keys are compared in a list
		{keys: 17, kept: 1},
		{keys: spareKeys, kept: 1},
		{keys: spareKeys + 1, kept: 0},
		{keys: 100000, kept: 0},
	} {
		s := &scanner{text: objectOfKeys(tt.keys)}
		if _, ok := s.value(); !ok {
			t.Fatal(s.err.msg)
		}
		if len(s.spareMaps) != tt.kept {
			t.Errorf("an object of %d keys: %d maps kept, want %d", tt.keys, len(s.spareMaps), tt.kept)
		}
	}
}
