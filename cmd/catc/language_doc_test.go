package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// docExample is a fenced block of docs/language.md. Its info string says
// what it is: ```hcl complete (must validate with no error and no
// warning), ```hcl error="TEXT" (must fail with TEXT in the
// diagnostics); name=N names it, with=N loads block N alongside it, and
// facts=N passes block N (```json name=N) as --facts.
type docExample struct {
	lang, body string
	line       int
	attrs      map[string]string
}

var fenceAttrRE = regexp.MustCompile(`(\w+)(?:=(?:"([^"]*)"|(\S+)))?`)

func readDocExamples(t *testing.T, path string) []docExample {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []docExample
	var cur *docExample
	var body []string
	for i, line := range strings.Split(string(src), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```") && len(line) > 3:
			info := strings.Fields(line[3:])
			cur = &docExample{lang: info[0], line: i + 1, attrs: map[string]string{}}
			for _, m := range fenceAttrRE.FindAllStringSubmatch(strings.Join(info[1:], " "), -1) {
				cur.attrs[m[1]] = m[2] + m[3]
			}
			body = nil
		case cur != nil && line == "```":
			cur.body = strings.Join(body, "\n") + "\n"
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			body = append(body, line)
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: the block is not closed", path, cur.line)
	}
	return out
}

// TestLanguageDocExamples loads every HCL example of docs/language.md with
// catc validate, so the language reference cannot drift from catc: a
// complete example must be clean (--strict), an error example must fail
// with the error the text promises. Every hcl block is one or the other.
func TestLanguageDocExamples(t *testing.T) {
	t.Parallel()
	doc := filepath.Join(testutil.Root(), "docs", "language.md")
	examples := readDocExamples(t, doc)
	named := map[string]docExample{}
	for _, ex := range examples {
		if n := ex.attrs["name"]; n != "" {
			named[n] = ex
		}
	}
	checked := 0
	for _, ex := range examples {
		if ex.lang != "hcl" {
			continue
		}
		_, complete := ex.attrs["complete"]
		want, isError := ex.attrs["error"]
		if complete == isError {
			t.Errorf("%s:%d: an hcl block must be marked complete or error=\"…\"", doc, ex.line)
			continue
		}
		dir := t.TempDir()
		write := func(name, body string) string {
			p := filepath.Join(dir, name)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}
		var args []string
		if n := ex.attrs["with"]; n != "" {
			dep, ok := named[n]
			if !ok {
				t.Fatalf("%s:%d: with=%s names no block", doc, ex.line, n)
			}
			write("00-"+n+".hcl", dep.body)
		}
		if n := ex.attrs["facts"]; n != "" {
			facts, ok := named[n]
			if !ok {
				t.Fatalf("%s:%d: facts=%s names no block", doc, ex.line, n)
			}
			args = append(args, "--facts", write(n+".json", facts.body))
		}
		write("example.hcl", ex.body)
		if complete {
			args = append(args, "--strict")
		}
		code, _, stderr := runCatc(t, append(append([]string{"validate"}, args...), dir)...)
		switch {
		case complete && code != 0:
			t.Errorf("%s:%d: the complete example does not validate (exit %d):\n%s", doc, ex.line, code, stderr)
		case isError && code != 1:
			t.Errorf("%s:%d: the error example exits %d, want 1:\n%s", doc, ex.line, code, stderr)
		case isError && !strings.Contains(strings.Join(strings.Fields(stderr), " "), want):
			t.Errorf("%s:%d: the error example does not report %q:\n%s", doc, ex.line, want, stderr)
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("%s: only %d hcl examples checked", doc, checked)
	}
}

// TestLanguageDocAnchors: every #anchor that docs/language.md, the README
// and catc's advice point at is a heading of docs/language.md (GitHub's
// slugs: lower case, punctuation dropped, spaces as hyphens).
func TestLanguageDocAnchors(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "language.md"))
	if err != nil {
		t.Fatal(err)
	}
	slugs := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
			slugs[githubSlug(strings.TrimSpace(h))] = true
		}
	}
	// Inside the page a link is (#anchor); from the README,
	// (docs/language.md#anchor).
	for f, links := range map[string]*regexp.Regexp{
		filepath.Join(testutil.Root(), "docs", "language.md"): regexp.MustCompile(`\]\(#([^)]+)\)`),
		filepath.Join(testutil.Root(), "README.md"):           regexp.MustCompile(`\]\(docs/language\.md#([^)]+)\)`),
	} {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if f == filepath.Join(testutil.Root(), "README.md") && !strings.Contains(string(text), "](docs/language.md)") {
			t.Errorf("%s does not link to docs/language.md", f)
		}
		for _, m := range links.FindAllStringSubmatch(string(text), -1) {
			if !slugs[m[1]] {
				t.Errorf("%s links to #%s, which is no heading of docs/language.md", f, m[1])
			}
		}
	}
	for _, anchor := range []string{"escaping"} { // catalog.withSyntaxAdvice
		if !slugs[anchor] {
			t.Errorf("catc's advice points at docs/language.md#%s, which is no heading", anchor)
		}
	}
}

func githubSlug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}
