package catalog

import (
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// TestAutoValueKey: first_with's index finds exactly what a scan with
// autoValuesEqual finds: two values have the same key when, and only
// when, they are equal.
func TestAutoValueKey(t *testing.T) {
	vals := []types.Value{int64(100), "100", "0100", "0144", int64(64), "1e2", 100.0, "abc", "abc\n12", "12", int64(12),
		"", nil, true, "true", "99999999999999999999", "-1", int64(-1), []types.Value{"100"}}
	for _, a := range vals {
		for _, b := range vals {
			if got, want := autoValueKey(a) == autoValueKey(b), autoValuesEqual(a, b); got != want {
				t.Errorf("%#v, %#v: same key %v, equal %v", a, b, got, want)
			}
		}
	}
}
