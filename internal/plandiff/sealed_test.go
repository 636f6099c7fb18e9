package plandiff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// craftedCatalog is a catalog JSON whose types mark some attributes
// sensitive (typesJSON) while the values are written in the clear.
func craftedCatalog(attrs, typesJSON string) string {
	return `{"format":"catc.catalog/1","resources":[{"ref":"User[deploy]","type":"user","title":"deploy",` +
		`"namevars":{"name":"deploy"},"attributes":{"name":"deploy",` + attrs + `},"index":0}],"edges":[],"types":` + typesJSON + `}`
}

// TestReadSnapshotSealsSensitive: an attribute the file's own types mark
// sensitive is a secret whatever its value looks like (clear text, an
// array with a marker inside, a hash), also when the type is listed under
// another case or twice; its change is shown as undetermined and never
// with its values.
func TestReadSnapshotSealsSensitive(t *testing.T) {
	t.Parallel()
	const sens = `[{"name":"user","attributes":[{"name":"name","behaviour":"namevar","sensitive":false},{"name":"password","behaviour":"property","sensitive":true},{"name":"token","behaviour":"init_only","sensitive":true}]}]`
	const twice = `[{"name":"User","attributes":[{"name":"password","behaviour":"property","sensitive":true}]},{"name":"user","attributes":[{"name":"password","behaviour":"property","sensitive":false}]}]`
	tests := []struct {
		name, types, old, new string
	}{
		{"clear string changed", sens, `"password":"hunter2-old"`, `"password":"hunter2-new"`},
		{"clear string unchanged", sens, `"password":"hunter2-same"`, `"password":"hunter2-same"`},
		{"clear beside a marker", sens, `"password":{"sensitive":"redacted"}`, `"password":"hunter2-new"`},
		{"array with a marker inside", sens, `"password":["hunter2-a",{"sensitive":"redacted"}]`, `"password":["hunter2-b"]`},
		{"hash", sens, `"password":{"k":"hunter2-old"}`, `"password":{"k":"hunter2-new"}`},
		{"init_only", sens, `"token":"hunter2-old"`, `"token":"hunter2-new"`},
		{"type listed twice, other case", twice, `"password":"hunter2-old"`, `"password":"hunter2-new"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := ReadSnapshot([]byte(craftedCatalog(tt.old, tt.types)), "old.json")
			if err != nil {
				t.Fatal(err)
			}
			n, err := ReadSnapshot([]byte(craftedCatalog(tt.new, tt.types)), "new.json")
			if err != nil {
				t.Fatal(err)
			}
			d := Diff(o, n)
			if len(d.Resources) != 1 {
				t.Fatalf("want one changed resource, got %+v", d.Resources)
			}
			text := fmt.Sprintf("%+v", d)
			if strings.Contains(text, "hunter2") {
				t.Errorf("the diff holds a sensitive value: %s", text)
			}
			c := d.Resources[0]
			secret := false
			for _, a := range c.Attributes {
				secret = secret || a.Sensitive && a.Undetermined
			}
			for _, io := range c.InitOnly {
				secret = secret || strings.Contains(io.Message, "Sensitive [value redacted]")
			}
			if !secret {
				t.Errorf("the change is not an undetermined secret: %s", text)
			}
			for _, s := range []*Snapshot{o, n} {
				for _, v := range s.Resources[0].Attributes.Values {
					if strings.Contains(types.FormatValue(unsealed(v)), "hunter2") {
						t.Errorf("the snapshot keeps a clear secret: %v", v)
					}
				}
			}
		})
	}
}

// unsealed turns a Redacted into a string so FormatValue can print the
// rest.
func unsealed(v types.Value) types.Value {
	if _, ok := v.(Redacted); ok {
		return "(redacted)"
	}
	return v
}
