package compiler

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestSyntaxErrorsAfterTitleTemplates: a syntax error below a resource
// title that interpolates is reported (the parser, in recovery mode after
// refusing the template, reported none), by a load and by catc fmt, and
// the titles stay accepted.
func TestSyntaxErrorsAfterTitleTemplates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      string // "" : no error
	}{
		{"after a title template", `resource "notify" "${each.key}" {
  for_each = toset(["a"])
}
resource "notify" "x" {
  message = "a" loglevel = "info"
}
`, "Missing newline after argument"},
		{"after two, one nested in a quote", `resource "notify" "${each.key}" {
  for_each = toset(["a"])
}
resource "notify" "b-${lower("X")}" {}
resource "notify" "c" {
  message = 
}
`, "Invalid expression"},
		{"in a define's body", `define "app::site" {
  resource "notify" "site ${self.title}" {}
}
resource "app::site" "one" {}
node "default" {
  resource "notify" "n" {
    message = "a" loglevel = "info"
  }
}
`, "Missing newline after argument"},
		{"a template in a type label", `resource "notify" "${each.key}" {
  for_each = toset(["a"])
}
resource "no${"tify"}" "x" {}
`, "Illegal type reference. The given name 'No${ ... }'"},
		{"templates and no error", `resource "notify" "${each.key}" {
  for_each = toset(["a", "b"])
}
resource "notify" "x-${"y"}" {}
`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, diags := loadClassSite(t, tc.src, nil)
			if tc.want == "" {
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				if c.Lookup("Notify", "x-y") == nil || c.Lookup("Notify", "b") == nil {
					t.Errorf("the titles were not evaluated: %d resources", len(c.Resources))
				}
				return
			}
			if !strings.Contains(diags.Error(), tc.want) {
				t.Errorf("want an error %q, got %v", tc.want, diags)
			}
			// catc fmt refuses to format a syntax error too (it takes
			// templates in every label)
			if out, diags := FormatHCL([]byte(tc.src), "main.hcl"); strings.HasPrefix(tc.want, "Illegal type reference") && diags.HasErrors() {
				t.Errorf("fmt refuses a label template: %v", diags)
			} else if !strings.HasPrefix(tc.want, "Illegal type reference") && (out != nil || !diags.HasErrors()) {
				t.Errorf("fmt formats it: %v", diags)
			}
		})
	}
}

// TestParseTitledAsTwoPasses: parsing a source with title templates in
// one pass (parseTitled) gives the tree and the diagnostics of parsing
// it as written then again blanked (hiddenSyntaxErrors): every block's
// labels and ranges, every diagnostic; and one pass is taken for every
// source without another syntax error.
func TestParseTitledAsTwoPasses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		onePass   bool
	}{
		{"top level", "resource \"notify\" \"a ${each.key} b\" {\n  for_each = toset([\"x\"])\n}\nresource \"notify\" \"plain\" {}\n", true},
		{"two sequences, escapes, a control", "resource \"notify\" \"a\\t${x}-$${y}-%{ if true }z%{ endif }\" {}\nresource \"file\" \"/t/${self.title}/\\u00e9\" {}\n", true},
		{"nested in a define and a class, after a chunk start", "\n\ndefine \"d\" {\n  resource \"notify\" \"d ${self.title} r0\" {\n    message = \"${var.x}\"\n  }\n}\nclass \"c\" {\n  resource \"notify\" \"c ${var.y}\" {}\n  resource \"notify\" \"fixed\" {}\n}\n", true},
		{"a wide character before", "locals {\n  a = \"日本\"\n}\n/* é */ resource \"notify\" \"a ${x} b\" {}\n", true},
		{"a wide character in the title (blanking moves the columns)", "resource \"notify\" \"日本 ${x} 語\" {}\n", false},
		{"CRLF line ends", "resource \"notify\" \"a ${x}\" {}\r\nresource \"notify\" \"b\" {\r\n}\r\n", true},
		{"a title template's look-alike in a heredoc", "locals {\n  x = <<EOT\nresource \"a\" \"${y}\" {}\nEOT\n}\nresource \"notify\" \"${z}\" {}\n", false},
		{"a title template's look-alike in a comment", "/*\nresource \"a\" \"${y}\" {}\n*/\nresource \"notify\" \"${z}\" {}\n", false},
		{"no title template", "resource \"notify\" \"a\" {\n  message = \"${x}\"\n}\n", false},
		{"a syntax error below", "resource \"notify\" \"${each.key}\" {}\nresource \"notify\" \"x\" {\n  message = \"a\" loglevel = \"info\"\n}\n", false},
		{"a template in a type label", "resource \"n${x}\" \"${y}\" {}\n", false},
		{"a title over two lines", "resource \"notify\" \"a ${\nx} b\" {}\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := hcl.Pos{Line: 3, Column: 1, Byte: 40}
			src := []byte(tc.src)
			wantFile, wantDiags := hclsyntax.ParseConfig(src, "t.hcl", start)
			wantDiags = hiddenSyntaxErrors(src, "t.hcl", start, wantDiags)
			file, diags, ok := parseTitled(src, "t.hcl", start)
			if ok != tc.onePass {
				t.Fatalf("one pass: %v, want %v", ok, tc.onePass)
			}
			if !ok {
				return
			}
			if got, want := blockHeaders(file.Body.(*hclsyntax.Body)), blockHeaders(wantFile.Body.(*hclsyntax.Body)); !slices.Equal(got, want) {
				t.Errorf("blocks:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if got, want := diagLines(diags), diagLines(wantDiags); !slices.Equal(got, want) || len(want) == 0 {
				t.Errorf("diagnostics:\n%s\nwant (not none)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if string(file.Bytes) != tc.src {
				t.Errorf("file bytes are not the source")
			}
		})
	}
}

// blockHeaders is every block under body, depth first: its type, labels
// and ranges.
func blockHeaders(body *hclsyntax.Body) []string {
	var out []string
	for _, b := range body.Blocks {
		out = append(out, fmt.Sprintf("%s %q %v %v", b.Type, b.Labels, b.LabelRanges, b.Range()))
		out = append(out, blockHeaders(b.Body)...)
	}
	return out
}

func diagLines(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%v %s: %s; %v %v", d.Severity, d.Summary, d.Detail, d.Subject, d.Context))
	}
	return out
}

// TestParseTitledGeneratedSite: every chunk of a generated site of
// classes and defines parses in one pass to what two passes give.
func TestParseTitledGeneratedSite(t *testing.T) {
	t.Parallel()
	files, err := gen.GenerateClasses(gen.ClassOptions{Seed: 3, Resources: 3000, Classes: 60, Instances: 300})
	if err != nil {
		t.Fatal(err)
	}
	onePass := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name, ".hcl") {
			continue
		}
		for _, c := range splitFile(0, f.Src) {
			file, diags, ok := parseTitled(c.src, f.Name, c.start)
			if !ok {
				continue
			}
			onePass++
			wantFile, wantDiags := hclsyntax.ParseConfig(c.src, f.Name, c.start)
			wantDiags = hiddenSyntaxErrors(c.src, f.Name, c.start, wantDiags)
			if !slices.Equal(blockHeaders(file.Body.(*hclsyntax.Body)), blockHeaders(wantFile.Body.(*hclsyntax.Body))) ||
				!slices.Equal(diagLines(diags), diagLines(wantDiags)) {
				t.Fatalf("chunk at %v: one pass differs from two", c.start)
			}
		}
	}
	if onePass < 5 {
		t.Errorf("%d chunks parsed in one pass, want most of them", onePass)
	}
}
