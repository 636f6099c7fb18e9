package puppetcatalog

import (
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// TestListsAreTheirOwn: the lists Parse carves from shared chunks are
// each the resource's own: growing one (as a caller adding a parameter
// or a tag does) leaves the next resource's as read, and [] stays an
// empty array, not null.
func TestListsAreTheirOwn(t *testing.T) {
	data := []byte(`{"resources":[
	 {"type":"File","title":"/a","tags":["file"],"parameters":{"mode":"0644","x":[["a"],[]]}},
	 {"type":"File","title":"/b","tags":["file","b"],"parameters":{"mode":"0600","x":{"k":[1]}}}]}`)
	pc, diags := Parse("c.json", data)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	a, b := pc.Resources[0], pc.Resources[1]
	a.Params = append(a.Params, Param{Name: "owner", Value: "root"})
	a.Tags = append(a.Tags, "grown")
	x, _ := a.Param("x")
	inner := x.([]types.Value)
	_ = append(inner[0].([]types.Value), "grown")
	if b.Params[0].Name != "mode" || b.Params[0].Value != "0600" || b.Tags[0] != "file" || b.Tags[1] != "b" {
		t.Errorf("the second resource changed: %+v %q", b.Params, b.Tags)
	}
	if first, ok := inner[0].([]types.Value); !ok || len(first) != 1 {
		t.Errorf("x[0] = %#v, want [a]", inner[0])
	}
	if empty, ok := inner[1].([]types.Value); !ok || empty == nil || len(empty) != 0 {
		t.Errorf("x = %#v, want [[a] []] with [] not null", x)
	}
	if bx, _ := b.Param("x"); bx.(*types.Hash).Keys[0] != "k" {
		t.Errorf("the hash of the second resource changed: %#v", bx)
	}
}
