package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render/dot"
)

// ctlTypes defines a type whose description and default hold control
// characters; ctlCatalog titles and values do too (ESC sequences that
// clear the screen or set the window title, BEL, NUL, a C1 CSI, a
// right-to-left override and a newline).
const ctlTypes = `
type "ctl" {
  desc = "Evil \u001b[2J desc"
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The name\u0007."
  }
  attribute "value" {
    type    = "String"
    default = "bell\u0007"
    desc    = "A value."
  }
}
`

const ctlCatalog = `
resource "ctl" "a\u001b]0;owned\u0007" { value = "x\u0000y" }
resource "ctl" "b\u009b31m\u202egnp\r\u2028" {
  value   = "new\nline"
  require = "Ctl[a\u001b]0;owned\u0007]"
}
`

func ctlPlan(t *testing.T, src string) *graph.Plan {
	t.Helper()
	c, diags := compiler.LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(ctlTypes), []byte(src)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	p, _ := graph.Order(graph.Build(c), graph.Ordering{})
	return p
}

// rawControl reports the first control character in s other than
// newline (and tab in prose), or "".
func rawControl(s string) string {
	for _, r := range s {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x202e || r == 0x2028 {
			return string(r)
		}
	}
	return ""
}

func TestTextOutputsEscapeControls(t *testing.T) {
	t.Parallel()
	p := ctlPlan(t, ctlCatalog)
	res := p.Graph.Catalog.Resources
	oldSrc := strings.Replace(strings.Replace(ctlCatalog, `"new\nline"`, `"old"`, 1), `"x\u0000y"`, `"x"`, 1)
	old := plandiff.NewSnapshot(ctlPlan(t, oldSrc))
	d := plandiff.Diff(old, plandiff.NewSnapshot(p))
	outputs := map[string]func(*bytes.Buffer) error{
		"plan":       func(b *bytes.Buffer) error { return PlanText(b, p) },
		"why":        func(b *bytes.Buffer) error { return WhyText(b, p.Why(res[0], res[1])) },
		"neighbours": func(b *bytes.Buffer) error { return NeighboursText(b, p.Neighbours(res[1])) },
		"diff text":  func(b *bytes.Buffer) error { return DiffText(b, d, DiffOptions{}) },
		"diff md":    func(b *bytes.Buffer) error { return DiffMarkdown(b, d, DiffOptions{}) },
		"doc":        func(b *bytes.Buffer) error { return TypeDocs(b, p.Graph.Catalog.Types) },
		"dot": func(b *bytes.Buffer) error {
			s, _ := p.Graph.Select(graph.Selection{})
			return dot.Write(b, s, dot.Options{Cluster: dot.ClusterFile})
		},
		"graph json": func(b *bytes.Buffer) error {
			s, _ := p.Graph.Select(graph.Selection{})
			return GraphJSON(b, s)
		},
		"diff json": func(b *bytes.Buffer) error { return plandiff.WriteJSON(b, d) },
	}
	for name, write := range outputs {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if c := rawControl(out); c != "" {
			t.Errorf("%s prints a raw %q:\n%s", name, c, out)
		}
		want := `Ctl[a\x1b]0;owned\x07]`
		switch name {
		case "doc":
			want = `Evil \x1b[2J desc`
		case "dot":
			want = `Ctl[a\\x1b]0;owned\\x07]` // a label shows the backslash escaped for Graphviz
		case "graph json", "diff json":
			want = `Ctl[a\u001b]0;owned\u0007]`
		}
		for _, raw := range []string{"\u2028", "\u202e", "\r"} {
			if strings.Contains(out, raw) {
				t.Errorf("%s holds a raw %q", name, raw)
			}
		}
		if !strings.Contains(out, want) {
			t.Errorf("%s lacks the escaped %s:\n%s", name, want, out)
		}
	}
}
