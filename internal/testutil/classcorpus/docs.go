package classcorpus

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/catc-dev/catc/internal/testutil"
)

// DocExample is an example of docs/classes.md: a snippet of a corpus
// case's main.hcl (Lang "hcl") or site.pp (Lang "puppet"), written in the
// doc as a fenced block with the info string "hcl case=NAME", or of a
// file of the repository ("hcl file=PATH": File is set, Case is not).
type DocExample struct {
	Case, File, Lang, Text string
	// Line is the doc line of the opening fence.
	Line int
}

// Doc is the text of docs/classes.md, which the corpus's examples, its
// mapping table and its citations of cases are checked against.
func Doc() ([]byte, error) {
	return os.ReadFile(filepath.Join(testutil.Root(), "docs", "classes.md"))
}

// DocExamples are docs/classes.md's examples, in order.
func DocExamples() ([]DocExample, error) {
	data, err := Doc()
	if err != nil {
		return nil, err
	}
	var out []DocExample
	var cur *DocExample
	var text bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur != nil && line == "```":
			cur.Text = text.String()
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			text.WriteString(line + "\n")
		case strings.HasPrefix(line, "```hcl case=") || strings.HasPrefix(line, "```puppet case="):
			lang, name, _ := strings.Cut(strings.TrimPrefix(line, "```"), " case=")
			cur = &DocExample{Case: name, Lang: lang, Line: n}
			text.Reset()
		case strings.HasPrefix(line, "```hcl file="):
			cur = &DocExample{File: strings.TrimPrefix(line, "```hcl file="), Lang: "hcl", Line: n}
			text.Reset()
		case strings.HasPrefix(line, "```hcl") || strings.HasPrefix(line, "```puppet"):
			return nil, fmt.Errorf("docs/classes.md:%d: an example names no case", n)
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("docs/classes.md:%d: unclosed example", cur.Line)
	}
	return out, sc.Err()
}

// In reports whether the example is in its case's file: its lines, each
// without its leading spaces, are consecutive lines of the file (an
// example may be cut out of a block and unindented).
func (e DocExample) In(c *Case) bool {
	src := c.HCL
	if e.Lang == "puppet" {
		src = c.Site
	}
	return e.InText(string(src))
}

// InText reports whether the example's lines, each without its leading
// spaces, are consecutive lines of src.
func (e DocExample) InText(src string) bool {
	want := trimmed(e.Text)
	have := trimmed(src)
	for i := 0; i+len(want) <= len(have); i++ {
		if equal(have[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

func trimmed(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " ")
	}
	return lines
}

func equal(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
