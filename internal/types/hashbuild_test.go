package types

import (
	"fmt"
	"testing"
)

// TestHashBuilderAsSet: a HashBuilder gives the hash Set gives, small
// and past the point where it indexes the keys, repeats included.
func TestHashBuilderAsSet(t *testing.T) {
	t.Parallel()
	for _, n := range []int{3, smallHash, 5 * smallHash} {
		want, got := &Hash{}, &Hash{}
		b := HashBuilder{H: got}
		for i := range 3 * n {
			k := fmt.Sprint("k", (i*7)%n)
			want.Set(k, i)
			b.Set(k, i)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%d keys: %v, Set gives %v", n, got, want)
		}
	}
}
