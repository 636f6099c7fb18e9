package puppetcatalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadCatalog: no input panics or hangs the reader; an error is one
// diagnostic inside the file; a catalog read has every edge resolved.
func FuzzReadCatalog(f *testing.F) {
	files, _ := filepath.Glob("testdata/read/*.json")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`[{"certname":"a","resources":{"data":[]}}]`))
	f.Add([]byte(`{"resources":[{"type":"N","title":"a","parameters":{"x":{"__ptype":"Hash","__pvalue":[1,2]}}}]}`))
	f.Add([]byte(`{"resources":[{"type":"N","title":"\ud83d\ude00\u00e9"}]}`))
	f.Add([]byte("Notice: Scope(Node[default]): hi\nNotice: Compiled catalog for n in environment production in 1.00 seconds\n{\"resources\":[]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, diags := Parse("f.json", data)
		if diags.HasErrors() {
			if c != nil || len(diags) != 1 {
				t.Fatalf("an error with a catalog, or %d diagnostics", len(diags))
			}
			s := diags[0].Subject
			if s == nil || s.Start.Byte < 0 || s.Start.Byte > len(data) || !strings.HasSuffix(diags[0].Detail, ".") {
				t.Fatalf("diagnostic %+v", diags[0])
			}
			return
		}
		for _, e := range c.Edges {
			if e.Source < 0 || e.Source >= len(c.Resources) || e.Target < 0 || e.Target >= len(c.Resources) {
				t.Fatalf("edge %+v out of range", e)
			}
		}
	})
}
