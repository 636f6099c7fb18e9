package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
)

// TestSplitFile loads one big file whose heredocs hold lines that look
// like block starts: cutting there would change the meaning, so the
// loader must see the parse errors and parse the file whole.
func TestSplitFile(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`type "note" {
  desc = "A note."
  attribute "name" {
    type      = "String"
    desc      = "n"
    behaviour = "namevar"
  }
  attribute "text" {
    type = "Optional[String]"
    desc = "t"
  }
}

`)
	n := 0
	for b.Len() < 4*splitThreshold {
		// The heredoc holds "}", a blank line and a resource header.
		fmt.Fprintf(&b, "resource \"note\" \"n%d\" {\n  text = <<-EOT\n    x\n}\n\nresource \"note\" \"fake%d\" {\n  EOT\n}\n\n", n, n)
		n++
		fmt.Fprintf(&b, "resource \"note\" \"m%d\" {\n  text = \"plain\"\n}\n\n", n)
		n++
	}
	src := []byte(b.String())
	badCut := false
	for _, ch := range splitFile(0, src) {
		badCut = badCut || strings.HasPrefix(string(ch.src), `resource "note" "fake`)
	}
	if !badCut {
		t.Fatal("no chunk starts inside a heredoc: the test does not exercise the fallback")
	}
	c, diags := LoadFiles([]string{"big.hcl"}, [][]byte{src}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("errors: %s", diags.Error())
	}
	if len(c.Resources) != n {
		t.Errorf("%d resources, want %d", len(c.Resources), n)
	}
	for i, r := range c.Resources {
		if r.Index != i || strings.HasPrefix(r.Title, "fake") {
			t.Fatalf("resource %d is %s (index %d)", i, r.Ref(), r.Index)
		}
	}
}

// TestSplitRanges checks that chunks keep file coordinates.
func TestSplitRanges(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("type \"note\" {\n  desc = \"d\"\n  attribute \"name\" {\n    type = \"String\"\n    desc = \"n\"\n    behaviour = \"namevar\"\n  }\n}\n")
	line := 9
	var lines []int
	for i := 0; b.Len() < 2*splitThreshold; i++ {
		fmt.Fprintf(&b, "resource \"note\" \"r%d\" {\n}\n", i)
		lines = append(lines, line)
		line += 2
	}
	c, diags := LoadFiles([]string{"big.hcl"}, [][]byte{[]byte(b.String())}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("errors: %s", diags.Error())
	}
	src := []byte(b.String())
	for i, r := range c.Resources {
		got := r.DeclRange
		if got.Start.Line != lines[i] || got.Start.Column != 1 || string(src[got.Start.Byte:got.Start.Byte+8]) != "resource" {
			t.Fatalf("%s at %s, want line %d column 1", r.Ref(), got, lines[i])
		}
	}
}

func TestParseRefString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, typ, title string
		ok             bool
	}{
		{"Software[php-yum]", "Software", "php-yum", true},
		{"software['php-yum']", "software", "php-yum", true},
		{`Apt_key["ABCD"]`, "Apt_key", "ABCD", true},
		{"File[/etc/a[1]]", "File", "/etc/a[1]", true},
		{"Foo::Bar[x]", "Foo::Bar", "x", true},
		{"Notify[x", "", "", false},
		{"[x]", "", "", false},
		{"Notify[]", "", "", false},
		{"no brackets", "", "", false},
		{"1abc[x]", "", "", false},
	}
	for _, tc := range tests {
		typ, title, ok := catalog.ParseRef(tc.in)
		if typ != tc.typ || title != tc.title || ok != tc.ok {
			t.Errorf("ParseRef(%q) = %q, %q, %v, want %q, %q, %v", tc.in, typ, title, ok, tc.typ, tc.title, tc.ok)
		}
	}
}

func TestValueRange(t *testing.T) {
	t.Parallel()
	src := "a = \"Enum[x]\"\nb = <<-T\n    Variant[\n      Strin]\n  T\nc = \"x\\\\y\"\n"
	pos := func(line, col, b int) hcl.Pos { return hcl.Pos{Line: line, Column: col, Byte: b} }
	tests := []struct {
		name      string
		expr      hcl.Range
		value     string
		off, n    int
		wantStart hcl.Pos
	}{
		{"quoted", hcl.Range{Start: pos(1, 5, 4), End: pos(1, 14, 13)}, "Enum[x]", 5, 1, pos(1, 11, 10)},
		{"heredoc line 2", hcl.Range{Start: pos(2, 5, 18), End: pos(5, 4, 55)}, "  Variant[\n    Strin]", 15, 5, pos(4, 7, 42)},
		{"escapes: whole", hcl.Range{Start: pos(6, 5, 59), End: pos(6, 11, 65)}, `x\y`, 1, 1, pos(6, 5, 59)},
	}
	for _, tc := range tests {
		got := catalog.ValueRange(tc.expr, []byte(src), tc.value, tc.off, tc.n)
		if d := cmp.Diff(tc.wantStart, got.Start); d != "" {
			t.Errorf("%s: start (-want +got):\n%s", tc.name, d)
		}
	}
}

// TestSplitFileAliases: a type_alias block in a later chunk of a big
// file is read as in a small one (the chunks' aliases were dropped, and
// an attribute of that alias's type was refused as unknown).
func TestSplitFileAliases(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 0; b.Len() < 2*splitThreshold; i++ {
		fmt.Fprintf(&b, "resource \"file\" \"/tmp/f%d\" {\n  ensure = \"present\"\n}\n", i)
	}
	b.WriteString(`type_alias "Myport" {
  type = "Integer[1, 65535]"
}

type "svc" {
  desc = "A service."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "port" {
    type = "Myport"
    desc = "The port."
  }
}

resource "svc" "a" {
  port = 99999
}
`)
	c, diags := LoadFiles([]string{"big.hcl"}, [][]byte{[]byte(b.String())}, LoadOptions{})
	if len(c.Aliases) != 1 || c.Aliases[0].Name != "Myport" {
		t.Fatalf("aliases %v, want Myport", c.Aliases)
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, "99999") {
		t.Fatalf("want the one error of port = 99999 against Myport, got:\n%s", diags.Error())
	}
}
