package classcorpus

import (
	"regexp"
	"testing"
)

// TestMappingTable: each row of docs/classes.md's mapping table names a
// corpus case (which Puppet compiled and applied, and catc matches), and
// each example of its catc cell (a code span, cut at its ellipses) stands
// in that case's main.hcl, each Puppet example in its site.pp: the table
// shows what the tests load. GitHub renders every row with three cells.
func TestMappingTable(t *testing.T) {
	t.Parallel()
	rows, err := MappingTable()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 25 {
		t.Fatalf("%d rows", len(rows))
	}
	byName := map[string]*Case{}
	for _, c := range loadAll(t) {
		byName[c.Name] = c
	}
	for _, r := range rows {
		c := byName[r.Case]
		if c == nil {
			t.Errorf("docs/classes.md:%d: no case %q", r.Line, r.Case)
			continue
		}
		for _, lang := range []struct {
			cell, file string
			src        []byte
		}{{r.Catc, "main.hcl", c.HCL}, {r.Puppet, "site.pp", c.Site}} {
			spans := CodeSpans(lang.cell)
			if len(spans) == 0 {
				t.Errorf("docs/classes.md:%d: no example in %q", r.Line, lang.cell)
			}
			for _, span := range spans {
				if !InOrder(string(lang.src), Pieces(span)) {
					t.Errorf("docs/classes.md:%d: `%s` is not in %s/%s", r.Line, span, r.Case, lang.file)
				}
			}
		}
	}
}

func TestSplitRow(t *testing.T) {
	t.Parallel()
	got := splitRow("| `a <\\| b \\|>` | `c` | `d` |")
	if len(got) != 3 || got[0] != "`a <| b |>`" || got[2] != "`d`" {
		t.Errorf("splitRow = %q", got)
	}
}

// TestDocCitesCases: each case the prose of docs/classes.md cites for
// what Puppet does, "(`case`)" or "(`case`: …)", is a corpus case, so
// the claim is one the corpus test checks catc against Puppet on.
func TestDocCitesCases(t *testing.T) {
	t.Parallel()
	data, err := Doc()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]bool{}
	for _, c := range loadAll(t) {
		byName[c.Name] = true
	}
	cite := regexp.MustCompile("\\(((?:`[a-z0-9_]+`(?:, )?)+)[):]")
	name := regexp.MustCompile("`([a-z0-9_]+)`")
	n := 0
	for _, m := range cite.FindAllStringSubmatch(string(data), -1) {
		for _, c := range name.FindAllStringSubmatch(m[1], -1) {
			n++
			if !byName[c[1]] {
				t.Errorf("docs/classes.md cites %q, which is not a case of the corpus", c[1])
			}
		}
	}
	if n < 15 {
		t.Errorf("%d citations found", n)
	}
}
