package puppetcatalog

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// richParam is the value of parameter "h" of a one-resource catalog.
func richParam(t *testing.T, value string) types.Value {
	t.Helper()
	c, diags := Parse("c.json", []byte(`{"resources":[{"type":"N","title":"a","parameters":{"h":`+value+`}}]}`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return c.Resources[0].Params[0].Value
}

// TestReadRichHash: a Hash written as Puppet's rich data [k, v, …] is a
// hash; a key given twice keeps its first place and its last value (as
// Ruby's Hash[] does); a key that is not a string leaves it rich data.
func TestReadRichHash(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  types.Value
	}{
		{`{"__ptype":"Hash","__pvalue":[]}`, &types.Hash{}},
		{`{"__ptype":"Hash","__pvalue":["a",1,"b",2,"a",3]}`, &types.Hash{Keys: []string{"a", "b"}, Values: []types.Value{int64(3), int64(2)}}},
		{`{"__ptype":"Hash","__pvalue":[1,2]}`, RichData{PType: "Hash", Value: []types.Value{int64(1), int64(2)}}},
	} {
		if got := richParam(t, tt.value); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %#v, want %#v", tt.value, got, tt.want)
		}
	}
}

// TestReadRichHashBig: a rich-data Hash of 50,000 keys reads whole, and
// in linear time (each key was searched for among those before it: 6 s
// for 50,000), checked against the time of a map of the keys, not by a
// bound in seconds that a loaded machine breaks.
func TestReadRichHashBig(t *testing.T) {
	pairs := func(n int) []types.Value {
		list := make([]types.Value, 0, 2*n)
		for i := range n {
			list = append(list, fmt.Sprintf("k%d", i), int64(i))
		}
		return list
	}
	const n = 50000
	v := richParam(t, `{"__ptype":"Hash","__pvalue":[`+strings.Join(func() []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf(`"k%d",%d`, i, i)
		}
		return out
	}(), ",")+`]}`)
	h, ok := v.(*types.Hash)
	if !ok || h.Len() != n || h.Keys[n-1] != fmt.Sprintf("k%d", n-1) || h.Values[n-1] != int64(n-1) {
		t.Fatalf("not the hash of %d keys: %T", n, v)
	}
	// Linear: about as long as putting the keys in a map and the values
	// in a list; searching each key among those before it took 180 times
	// as long at 20,000 keys.
	list := pairs(20000)
	baseline := func() {
		at := make(map[string]int, len(list)/2)
		values := make([]types.Value, 0, len(list)/2)
		for i := 0; i < len(list); i += 2 {
			at[list[i].(string)] = len(values)
			values = append(values, list[i+1])
		}
	}
	if base, took, ok := testutil.AsFastAs(10, baseline, func() { richHash(list) }); !ok {
		t.Errorf("a rich-data Hash of 20,000 keys took %v, a map of them %v: not linear", took, base)
	}
}
