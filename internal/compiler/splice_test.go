package compiler

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
)

// TestSpliceThroughCache: loads of a flat site through a cache, each
// after an edit of one file, are spliced from the one before and give
// what an uncached load gives; an edit of the types is loaded in full.
func TestSpliceThroughCache(t *testing.T) {
	t.Parallel()
	var names []string
	var srcs [][]byte
	for _, f := range gen.Generate(gen.Options{Resources: 300, Files: 6}) {
		names, srcs = append(names, filepath.Join("gen", f.Name)), append(srcs, f.Src)
	}
	cache := NewParseCache()
	if got, want := loadResult(t, names, srcs, cache), loadResult(t, names, srcs, nil); got != want {
		t.Fatalf("the first load through the cache differs:\n%s\nwant:\n%s", got, want)
	}
	for _, e := range []struct {
		name     string
		file     int
		old, new string
		spliced  bool
	}{
		{"a value", 3, `ensure    = "running"`, `ensure    = "stopped"`, true},
		{"an invalid value", 3, `ensure    = "stopped"`, `ensure    = "stoppex"`, true},
		{"a title others refer to", 1, `"package" "pkg-0"`, `"package" "pkg-x"`, true},
		{"a removed resource", 2, "resource \"package\" \"pkg-10\" {\n  ensure = \"1.10.0\"\n  tag    = [\"group10\"]\n}\n", "", true},
		{"a reference to another file", 6, `notify = service.svc-59`, `notify = service.svc-0`, true},
		{"a duplicate", 6, `"package" "pkg-55"`, `"package" "pkg-1"`, false},
		{"the duplicate gone", 6, `"package" "pkg-1"`, `"package" "pkg-55"`, false}, // the load before had a conflict
		{"after a full load", 5, `ensure    = "running"`, `ensure    = "stopped"`, true},
		{"a type", 0, `"The package manager."`, `"The manager."`, false},
	} {
		edited := append([][]byte(nil), srcs...)
		edited[e.file] = bytes.Replace(srcs[e.file], []byte(e.old), []byte(e.new), 1)
		if bytes.Equal(edited[e.file], srcs[e.file]) {
			t.Fatalf("%s: %s holds no %q", e.name, names[e.file], e.old)
		}
		srcs = edited
		got, want := loadResult(t, names, srcs, cache), loadResult(t, names, srcs, nil)
		if got != want {
			t.Fatalf("%s: the load through the cache differs:\n%s\nwant:\n%s", e.name, got, want)
		}
		if cache.Spliced() != e.spliced {
			t.Errorf("%s: spliced = %v, want %v", e.name, cache.Spliced(), e.spliced)
		}
	}
}
