package compiler

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// chain is a local whose expression chains n links, each written as
// link (with a "1" before the first).
func chain(name, first, link string, n int) string {
	return "locals {\n  " + name + " = " + first + strings.Repeat(link, n) + "\n}\n"
}

// An expression chaining more than maxChain operators or index brackets
// is refused before parsing, at the first link beyond the limit, with an
// error that says what to do. The first case is the report's 800 KB
// `1 + 1 + …` (200,000 links: 12 s and 600 MB before, and 500,000 links
// overflowed the stack); the others are other shapes of one deep tree.
func TestChainLimit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, src string
		link      string // the bytes the error must be on; "" for no error
	}{
		{"the report's sum", chain("x", "1", " + 1", 200000), "+"},
		{"a chain of &&", chain("x", "true", " && true", 10000), "&&"},
		{"a chain of minus", chain("x", "1", " - 1", 10000), "-"},
		{"a chain of comparisons", chain("x", "1", " == 1 != false", 5000), "=="},
		{"an index chain", "locals {\n  i = 0\n  y = [0]\n}\n" + chain("x", "local.y", "[local.i]", 10000), "["},
		{"a chain of attribute splats", "locals {\n  y = [0]\n}\n" + chain("x", "local.y", ".*", 300000), "*"},
		{"a chain over lines and comments", "locals {\n  x = (1" + strings.Repeat(" # d\n  /* c */ + 1", 10000) + "\n  )\n}\n", "+"},
		{"chains nested in parentheses", chain("x", "1", strings.Repeat(" + 1", 100)+" + (1", 41) + strings.Repeat(")", 41) + "\n", "+"},
		{"at the limit", chain("x", "1", " + 1", maxChain), ""},
		{"long, but in separate expressions", "locals {\n" +
			func() string {
				var b strings.Builder
				for i := 0; i < 20; i++ {
					fmt.Fprintf(&b, "  x%d = %s1\n", i, strings.Repeat("1 + ", 1000))
				}
				return b.String()
			}() + "}\n", ""},
		{"unary minus is no link", "locals {\n  x = [" + strings.Repeat("-1, ", 10000) + "-1]\n}\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(c.src)}, LoadOptions{})
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v", d)
			}
			d := findDiag(diags, summaryTooLong)
			if c.link == "" {
				if diags.HasErrors() {
					t.Fatalf("rejected: %v", diags)
				}
				return
			}
			if d == nil {
				t.Fatalf("no %q error: %v", summaryTooLong, diags)
			}
			if got := c.src[d.Subject.Start.Byte:]; !strings.HasPrefix(got, c.link) {
				t.Errorf("error on %.10q, want %q", got, c.link)
			}
			if !strings.Contains(d.Detail, fmt.Sprintf("at most %d", maxChain)) || !strings.Contains(d.Detail, "locals") {
				t.Errorf("detail %q does not name the limit and what to do", d.Detail)
			}
			if n := countSummary(diags, summaryTooLong); n != 1 || len(diags) != 1 {
				t.Errorf("%d diagnostics, want one: %v", len(diags), diags)
			}
		})
	}
}

// The chain at the limit evaluates: the bound refuses no expression it
// lets through.
func TestChainAtLimitEvaluates(t *testing.T) {
	t.Parallel()
	src := chain("x", "1", " + 1", maxChain) + "resource \"file\" \"/x\" {\n  content = format(\"%d\", local.x)\n}\n"
	c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if v, _ := c.Resources[0].Attributes.Get("content"); v != fmt.Sprint(maxChain+1) {
		t.Errorf("content = %v, want %d", v, maxChain+1)
	}
}
