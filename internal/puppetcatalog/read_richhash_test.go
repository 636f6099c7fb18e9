package puppetcatalog

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

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

// TestReadRichHashBig: a rich-data Hash of 50,000 keys reads in linear
// time (each key was searched for among those before it: 6 s).
func TestReadRichHashBig(t *testing.T) {
	const n = 50000
	pairs := make([]string, n)
	for i := range pairs {
		pairs[i] = fmt.Sprintf(`"k%d",%d`, i, i)
	}
	start := time.Now()
	v := richParam(t, `{"__ptype":"Hash","__pvalue":[`+strings.Join(pairs, ",")+`]}`)
	took := time.Since(start)
	h, ok := v.(*types.Hash)
	if !ok || h.Len() != n || h.Keys[n-1] != fmt.Sprintf("k%d", n-1) || h.Values[n-1] != int64(n-1) {
		t.Fatalf("not the hash of %d keys: %T", n, v)
	}
	if took > 2*time.Second {
		t.Errorf("a rich-data Hash of %d keys took %v", n, took)
	}
}
