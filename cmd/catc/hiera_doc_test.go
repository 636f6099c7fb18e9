package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestHieraDocExamples: docs/hiera.md's files (blocks with file=PATH)
// make a site; its hcl block validates on it, and each console command
// prints what the page says (the files it names as a user in the site's
// directory would read them).
func TestHieraDocExamples(t *testing.T) {
	t.Parallel()
	doc := filepath.Join(testutil.Root(), "docs", "hiera.md")
	dir := t.TempDir()
	var consoles []docExample
	files := 0
	for _, ex := range readDocExamples(t, doc) {
		if name := ex.attrs["file"]; name != "" {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(ex.body), 0o644); err != nil {
				t.Fatal(err)
			}
			files++
		}
		if ex.lang == "console" {
			consoles = append(consoles, ex)
		}
	}
	if files < 5 || len(consoles) == 0 {
		t.Fatalf("%s: %d files and %d console blocks", doc, files, len(consoles))
	}
	if code, _, stderr := runCatc(t, "validate", "--strict", "--facts", filepath.Join(dir, "web01.example.com.json"), dir); code != 0 {
		t.Errorf("%s: the site does not validate (exit %d):\n%s", doc, code, stderr)
	}
	checked := 0
	for _, ex := range consoles {
		var cmd []string
		var want strings.Builder
		flush := func() {
			if cmd == nil {
				return
			}
			code, out, stderr := runCatc(t, cmd...)
			out = strings.ReplaceAll(out, dir+string(filepath.Separator), "") // files as named beside them
			if code != 0 || out != want.String() {
				t.Errorf("%s:%d: catc %s: exit %d, stdout\n%s(stderr %s), the page says\n%s", doc, ex.line, strings.Join(cmd, " "), code, out, stderr, want.String())
			}
			checked++
		}
		for _, line := range strings.Split(strings.TrimSuffix(ex.body, "\n"), "\n") {
			if rest, ok := strings.CutPrefix(line, "$ catc "); ok {
				flush()
				cmd, want = nil, strings.Builder{}
				for _, a := range strings.Fields(rest) {
					if a == "." {
						a = dir
					} else if _, err := os.Stat(filepath.Join(dir, a)); err == nil {
						a = filepath.Join(dir, a)
					}
					cmd = append(cmd, a)
				}
				continue
			}
			want.WriteString(line + "\n")
		}
		flush()
	}
	if checked < 4 {
		t.Errorf("%s: only %d commands checked", doc, checked)
	}
}
