package catalog

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// FuzzLoad loads arbitrary bytes as one file next to the seed types and
// writes the result: neither may panic. The seed corpus is the fixtures
// plus testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	types, err := os.ReadFile(filepath.Join(seedDir, "types.hcl"))
	if err != nil {
		f.Fatal(err)
	}
	for _, glob := range []string{testutil.Fixture("*/*.hcl")} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c, _ := LoadFiles([]string{"types.hcl", "fuzz.hcl"}, [][]byte{types, src}, LoadOptions{Parallelism: 1})
		if err := WriteJSON(io.Discard, c); err != nil {
			t.Fatal(err)
		}
		for _, r := range c.Resources {
			for _, rule := range r.Type.AutoRules {
				for _, title := range r.AutoTitles(rule) {
					c.Lookup(rule.Target, title)
				}
			}
		}
	})
}
