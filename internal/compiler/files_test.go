//go:build unix

package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestLoadRefusesSpecialFiles: a named pipe, a link to /dev/zero (never
// followed: catc reads nothing of /dev), a file over the size limit
// (sparse) are refused
// each with an error naming it, quickly and without reading them, as
// HCL inputs, facts and var files.
func TestLoadRefusesSpecialFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"site/ok.hcl":   "",
		"site/evil.hcl": "-> /dev/zero",
		"zero.json":     "-> /dev/zero",
		"vars.hcl":      "-> /dev/zero",
	})
	if err := syscall.Mkfifo(filepath.Join(dir, "site", "x.hcl"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "site", "big.hcl")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, inputfile.MaxSize+1); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	p := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	for _, tc := range []struct {
		name string
		opts LoadOptions
		want []string
	}{
		{
			name: "a directory's inputs",
			want: []string{
				"Cannot read " + p("site/big.hcl") + ": larger than 256 MiB, the limit for an input file.",
				p("site/evil.hcl") + ": it is /dev/zero: catc never reads /dev (the environment, memory and devices of the machine are there). It was not read.",
				"Cannot read " + p("site/x.hcl") + ": not a regular file but a named pipe: catc reads only regular files.",
			},
		},
		{
			name: "facts",
			opts: withFacts(t, LoadOptions{}, p("zero.json")),
			want: []string{"Cannot read " + p("zero.json") + ": it is a symbolic link to /dev/zero: catc never reads /dev through a link (the environment, memory and devices of the machine are there)."},
		},
		{
			name: "var file",
			opts: LoadOptions{VarFiles: []string{p("vars.hcl")}},
			want: []string{"Cannot read " + p("vars.hcl") + ": it is a symbolic link to /dev/zero: catc never reads /dev through a link (the environment, memory and devices of the machine are there)."},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan hcl.Diagnostics, 1)
			go func() {
				_, diags := Load([]string{site}, tc.opts)
				done <- diags
			}()
			var diags hcl.Diagnostics
			select {
			case diags = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Load hung")
			}
			var got []string
			for _, d := range diags {
				if d.Summary == catalog.SummaryUnreadable || d.Summary == "Symbolic link out of the tree" {
					if d.Severity != hcl.DiagError {
						t.Errorf("%s is not an error", d.Detail)
					}
					got = append(got, d.Detail)
				}
			}
			for _, w := range tc.want {
				if !containsString(got, w) {
					t.Errorf("no diagnostic %q in:\n%s", w, strings.Join(got, "\n"))
				}
			}
		})
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
