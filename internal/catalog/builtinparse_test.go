package catalog

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/coretypes"
)

// builtinSources are every built-in source: core types, then module types.
func builtinSources(t *testing.T) []coretypes.Source {
	out := coretypes.Sources()
	for _, n := range coretypes.ModuleNames {
		s, ok := coretypes.ModuleSourceOf(n)
		if !ok {
			t.Fatalf("no source for module type %s", n)
		}
		out = append(out, s)
	}
	return out
}

// TestQuickTypeBlock: for every built-in type, the quick parse is taken
// and builds exactly the tree hclsyntax builds, ranges included.
func TestQuickTypeBlock(t *testing.T) {
	for _, s := range builtinSources(t) {
		t.Run(s.Name, func(t *testing.T) {
			masked := maskDescs(s.Src)
			got, ok := quickTypeBlock(masked, s.Name)
			if !ok {
				t.Fatal("the quick parse gave up on a built-in source")
			}
			p := parseTypeSource(t, masked, s)
			compareBlocks(t, s.Name, got, p.Block)
		})
	}
}

// compareBlocks reports the first item where two trees differ.
func compareBlocks(t *testing.T, at string, got, want *hclsyntax.Block) {
	t.Helper()
	gb, wb := *got, *want
	gb.Body, wb.Body = nil, nil
	if !reflect.DeepEqual(gb, wb) {
		t.Fatalf("%s: block header\n got %#v\nwant %#v", at, gb, wb)
	}
	if got.Body.SrcRange != want.Body.SrcRange || got.Body.EndRange != want.Body.EndRange {
		t.Fatalf("%s: body ranges got %v %v, want %v %v", at, got.Body.SrcRange, got.Body.EndRange, want.Body.SrcRange, want.Body.EndRange)
	}
	if len(got.Body.Attributes) != len(want.Body.Attributes) || len(got.Body.Blocks) != len(want.Body.Blocks) {
		t.Fatalf("%s: %d attributes and %d blocks, want %d and %d", at, len(got.Body.Attributes), len(got.Body.Blocks), len(want.Body.Attributes), len(want.Body.Blocks))
	}
	for name, w := range want.Body.Attributes {
		if g := got.Body.Attributes[name]; !reflect.DeepEqual(g, w) {
			t.Fatalf("%s: attribute %s\n got %s\nwant %s", at, name, dumpAttr(g), dumpAttr(w))
		}
	}
	for i, w := range want.Body.Blocks {
		compareBlocks(t, fmt.Sprintf("%s/%s%q", at, w.Type, w.Labels), got.Body.Blocks[i], w)
	}
}

func dumpAttr(a *hclsyntax.Attribute) string {
	if a == nil {
		return "<nil>"
	}
	s := fmt.Sprintf("%#v expr %T %#v", *a, a.Expr, a.Expr)
	if te, ok := a.Expr.(*hclsyntax.TemplateExpr); ok {
		for _, p := range te.Parts {
			s += fmt.Sprintf("\n  part %T %#v", p, p)
		}
	}
	return s
}

// TestQuickTypeBlockGivesUp: a source outside the simple shape is left
// to the HCL parser whole (parseBuiltin), and one inside it is not.
func TestQuickTypeBlockGivesUp(t *testing.T) {
	for _, c := range []struct {
		name, src string
		quick     bool
	}{
		{"simple", "type \"t\" {\n  attribute \"name\" {\n    type = \"String\"\n  }\n}\n", true},
		{"tab", "type \"t\" {\n\tattribute \"name\" {\n    type = \"String\"\n  }\n}\n", false},
		{"crlf", "type \"t\" {\r\n  attribute \"name\" {\r\n    type = \"String\"\r\n  }\r\n}\r\n", false},
		{"non-ascii", "type \"t\" {\n  attribute \"näme\" {\n    type = \"String\"\n  }\n}\n", false},
		{"block comment", "type \"t\" {\n  /* x */\n  attribute \"name\" {\n    type = \"String\"\n  }\n}\n", false},
		{"two blocks", "type \"t\" {\n  attribute \"name\" {\n    type = \"String\"\n  }\n}\ntype \"u\" {\n}\n", false},
		{"unclosed", "type \"t\" {\n  attribute \"name\" {\n    type = \"String\"\n  }\n", false},
		{"duplicate", "type \"t\" {\n  attribute \"name\" {\n    type = \"String\"\n    type = \"String\"\n  }\n}\n", false},
		{"heredoc template", "type \"t\" {\n  attribute \"name\" {\n    type = <<-T\n      ${x}\n    T\n  }\n}\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := quickTypeBlock([]byte(c.src), "t.hcl")
			if ok != c.quick {
				t.Fatalf("quick parse taken: %v, want %v", ok, c.quick)
			}
			if !ok {
				return
			}
			p := parseTypeSource(t, []byte(c.src), coretypes.Source{Name: "t.hcl", Src: []byte(c.src)})
			compareBlocks(t, c.name, got, p.Block)
		})
	}
}

// parseTypeSource parses src, the text of s (its descs masked or not), as
// HCL: its one type block.
func parseTypeSource(t testing.TB, src []byte, s coretypes.Source) TypeBlock {
	t.Helper()
	f, diags := hclsyntax.ParseConfig(src, s.Name, hcl.InitialPos)
	body := f.Body.(*hclsyntax.Body)
	if diags.HasErrors() || len(body.Blocks) != 1 {
		t.Fatalf("hclsyntax: %v, %d blocks", diags, len(body.Blocks))
	}
	return TypeBlock{Block: body.Blocks[0], Src: s.Src}
}
