package plandiff

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

func dataAt(file, path string, line int, level string) catalog.ParamOrigin {
	return catalog.ParamOrigin{Param: "workers", Kind: catalog.OriginData, Key: "web::workers",
		Range: hcl.Range{Filename: file, Start: hcl.Pos{Line: line, Column: 1, Byte: 40}, End: hcl.Pos{Line: line, Column: 9}},
		Data:  []catalog.DataSource{{File: file, Path: path, Line: line, Column: 1, Level: level}}}
}

func declaredAt(file string, line int) catalog.ParamOrigin {
	return catalog.ParamOrigin{Param: "workers", Kind: catalog.OriginDeclaration, Via: "include", In: "Node[web]",
		Range: hcl.Range{Filename: file, Start: hcl.Pos{Line: line, Column: 5}}}
}

// TestSameOrigin: two versions of a site give a value from the same
// place when the data files and levels are the same relative to the
// site, or the declaration or default is at the same place of a file of
// the same name; else the value now comes from elsewhere.
func TestSameOrigin(t *testing.T) {
	t.Parallel()
	node := dataAt("old/data/nodes/web.yaml", "data/nodes/web.yaml", 2, "Per node")
	for _, c := range []struct {
		name string
		o, n catalog.ParamOrigin
		same bool
	}{
		{"same data file, two checkouts", node, dataAt("new/data/nodes/web.yaml", "data/nodes/web.yaml", 3, "Per node"), true},
		{"another data file", node, dataAt("new/data/common.yaml", "data/common.yaml", 2, "Common"), false},
		{"data, then a declaration", node, declaredAt("new/site.hcl", 2), false},
		{"the same declaration", declaredAt("old/site.hcl", 2), declaredAt("new/site.hcl", 2), true},
		{"a declaration moved", declaredAt("old/site.hcl", 2), declaredAt("new/site.hcl", 9), false},
	} {
		if got := SameOrigin(&c.o, &c.n); got != c.same {
			t.Errorf("%s: SameOrigin %v, want %v", c.name, got, c.same)
		}
	}
}

// TestDiffParamOrigins: a changed class parameter carries where its
// value came from on each side, the diff names the data keys behind its
// changes (only of resources changed, not added), and the diff JSON
// keeps it all (a fleet's shards read back give the same diff).
func TestDiffParamOrigins(t *testing.T) {
	t.Parallel()
	side := func(v int64, o catalog.ParamOrigin, title string) *Snapshot {
		attrs := &types.Hash{}
		attrs.Set("workers", v)
		return &Snapshot{Resources: []SnapResource{{Ref: "Class[" + title + "]", Type: "class", Title: title, Key: "class\x00" + title,
			Attributes: attrs, Origins: []catalog.ParamOrigin{o}}}, Order: []int32{0}}
	}
	old := side(4, dataAt("old/data/common.yaml", "data/common.yaml", 1, "Common"), "Web")
	new := side(8, dataAt("new/data/nodes/web.yaml", "data/nodes/web.yaml", 2, "Per node"), "Web")
	d := Diff(old, new)
	if len(d.Resources) != 1 || len(d.Resources[0].Attributes) != 1 {
		t.Fatalf("want one changed parameter: %+v", d.Resources)
	}
	a := d.Resources[0].Attributes[0]
	if a.OldOrigin == nil || a.OldOrigin.Data[0].Path != "data/common.yaml" || a.NewOrigin == nil || a.NewOrigin.Data[0].File != "new/data/nodes/web.yaml" {
		t.Fatalf("origins %+v → %+v", a.OldOrigin, a.NewOrigin)
	}
	want := []DataCause{{Key: "web::workers", File: "new/data/nodes/web.yaml", Line: 2, Level: "Per node"}}
	if diff := cmp.Diff(want, d.DataCauses()); diff != "" {
		t.Errorf("data causes (-want +got):\n%s", diff)
	}
	added := Diff(&Snapshot{}, new)
	if cs := added.DataCauses(); len(cs) != 0 {
		t.Errorf("a class added: its values did not change, no data causes: %+v", cs)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, d); err != nil {
		t.Fatal(err)
	}
	var doc JSONDocument
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	back, err := doc.Diff()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(d.Resources, back.Resources); diff != "" {
		t.Errorf("read back from JSON (-written +read):\n%s", diff)
	}
}
