package compiler

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/hclpaths"
	"github.com/catc-dev/catc/internal/testutil"
)

// loadResult is what a user sees of a load: every diagnostic and the
// compiled catalog.
func loadResult(t *testing.T, names []string, srcs [][]byte, cache *ParseCache) string {
	t.Helper()
	c, diags := LoadFiles(names, srcs, LoadOptions{Cache: cache})
	for i, r := range c.Resources {
		if r.Index != i {
			t.Fatalf("%s has index %d at %d", r.Ref(), r.Index, i)
		}
		for _, rel := range r.Relations {
			if rel.Target != nil && c.Resources[rel.Target.Index] != rel.Target {
				t.Fatalf("%s refers to a resource of another load: %s", r.Ref(), rel.RefText)
			}
		}
	}
	var b bytes.Buffer
	for _, d := range diags {
		fmt.Fprintf(&b, "%v %s: %s %s\n", d.Severity, rangeString(d.Subject), d.Summary, d.Detail)
	}
	if !diags.HasErrors() {
		if err := catalogjson.WriteCatalog(&b, c); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

func rangeString(r *hcl.Range) string {
	if r == nil {
		return "-"
	}
	return r.String()
}

// TestParseCacheSameResult: loads through a cache give exactly what an
// uncached load gives, however often a file is reused, and only files
// whose content changed are parsed again.
func TestParseCacheSameResult(t *testing.T) {
	t.Parallel()
	var names []string
	var srcs [][]byte
	for _, dir := range []string{testutil.Fixture("seed"), testutil.Fixture("valid"), testutil.Fixture("invalid")} {
		files, _ := hclpaths.Expand([]string{dir}, nil)
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			names, srcs = append(names, f), append(srcs, src)
		}
	}
	for _, f := range gen.Generate(gen.Options{Resources: 300, Files: 3}) {
		names, srcs = append(names, filepath.Join("gen", f.Name)), append(srcs, f.Src)
	}
	cache := NewParseCache()
	want := loadResult(t, names, srcs, nil)
	for pass := range 3 {
		if got := loadResult(t, names, srcs, cache); got != want {
			t.Fatalf("pass %d through the cache differs from an uncached load:\n%s\nwant:\n%s", pass, got, want)
		}
	}
	if n := cache.Reparsed(); n != 0 {
		t.Errorf("the last pass parsed %d files, want 0 (all cached)", n)
	}
	// An edit in one file: only it is parsed again, and the result is
	// that of a fresh load of the edited files.
	edited := append([][]byte(nil), srcs...)
	last := len(edited) - 1
	edited[last] = bytes.Replace(edited[last], []byte(`"present"`), []byte(`"presen"`), 1)
	if bytes.Equal(edited[last], srcs[last]) {
		t.Fatal("the edit changed nothing")
	}
	want = loadResult(t, names, edited, nil)
	if got := loadResult(t, names, edited, cache); got != want {
		t.Fatalf("after an edit, the cached load differs:\n%s\nwant:\n%s", got, want)
	}
	if n := cache.Reparsed(); n != 1 {
		t.Errorf("after a one-file edit %d files were parsed, want 1", n)
	}
	// An edit in the types: every declaration is checked again. (The
	// seed's, which load first: the generated apt_key repeats them.)
	for i, n := range names {
		if n == filepath.Join(testutil.Fixture("seed"), "types.hcl") {
			edited[i] = bytes.Replace(edited[i], []byte(`type = "String"`), []byte(`type = "Integer"`), 1)
		}
	}
	before := want
	want = loadResult(t, names, edited, nil)
	if want == before {
		t.Fatal("the type edit changed nothing")
	}
	if got := loadResult(t, names, edited, cache); got != want {
		t.Fatalf("after a type edit, the cached load differs:\n%s\nwant:\n%s", got, want)
	}
	if got := loadResult(t, names, edited, cache); got != want {
		t.Fatalf("a second load after a type edit differs:\n%s\nwant:\n%s", got, want)
	}
}

// BenchmarkLoadCachedEdit is a language server's reload: 10,000
// resources in 100 files, one of which changed since the last load.
func BenchmarkLoadCachedEdit(b *testing.B) {
	var names []string
	var srcs [][]byte
	for _, f := range gen.Generate(gen.Options{Resources: 10000, Files: 100}) {
		names, srcs = append(names, f.Name), append(srcs, f.Src)
	}
	cache := NewParseCache()
	LoadFiles(names, srcs, LoadOptions{Cache: cache})
	edited := append([]byte(nil), srcs[50]...)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		edited[10] ^= 1 // a different content on every pass
		srcs[50] = append([]byte(nil), edited...)
		LoadFiles(names, srcs, LoadOptions{Cache: cache})
	}
}
