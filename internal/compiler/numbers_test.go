package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/hashicorp/hcl/v2"
)

// loadAny loads one file whose type takes any value, so that the value
// of attribute v is evaluated and converted; it returns the errors' text,
// or "".
func loadAny(t *testing.T, src string, opts LoadOptions) (*catalog.Catalog, string) {
	t.Helper()
	types := "type \"t\" {\n  desc = \"T.\"\n  attribute \"name\" {\n    desc = \"N.\"\n    type = \"String\"\n    behaviour = \"namevar\"\n  }\n" +
		"  attribute \"v\" {\n    desc = \"V.\"\n    type = \"Any\"\n  }\n}\n"
	c, diags := LoadFiles([]string{"types.hcl", "a.hcl"}, [][]byte{[]byte(types), []byte(src)}, opts)
	if !diags.HasErrors() {
		return c, ""
	}
	return c, diags.Error()
}

// Numbers so large (or so close to zero) that turning them into text or
// rounding them takes minutes are refused wherever they come from:
// every case here ran for minutes (or ran out of memory) before.
func TestNumberBounds(t *testing.T) {
	t.Parallel()
	tooLarge, tooLong := "This number is too large", "characters; catc accepts at most"
	for _, c := range []struct{ name, src, want string }{
		{"literal in an attribute", `v = 1e99999999`, tooLarge},
		{"literal in a local", "v = local.x\n}\nlocals {\n  x = 1e99999999", tooLarge},
		{"negative", `v = -1e99999999`, tooLarge},
		{"close to zero", `v = 1e-99999999`, "too close to zero"},
		{"many digits", `v = ` + strings.Repeat("7", 2000), tooLong},
		{"in a template", `v = "${1e99999999}"`, tooLarge},
		{"a product", `v = 1e4000 * 1e4000`, tooLarge},
		{"a product of locals", "v = local.b\n}\nlocals {\n  a = 1e4000 * 1e4000\n  b = local.a * local.a", tooLarge},
		{"a quotient", `v = 1e-4000 / 1e4000`, "too close to zero"},
		{"a sum of a string", `v = "${"1e99999999" + 0}"`, tooLarge},
		{"floor", `v = floor("1e99999999")`, tooLarge},
		{"ceil", `v = ceil("-1e99999999")`, tooLarge},
		{"max", `v = max(1, "1e99999999")`, tooLarge},
		{"tonumber", `v = tonumber("1e99999999")`, tooLarge},
		{"tostring", `v = tostring(tonumber(" 1e99999999"))`, tooLarge},
		{"format %d", `v = format("%d", "1e99999999")`, tooLarge},
		{"formatlist %f", `v = formatlist("%f", ["1e99999999"])`, tooLarge},
		{"jsonencode of jsondecode", `v = jsonencode(jsondecode("[1e99999999]"))`, tooLarge},
		{"parseint", `v = parseint("` + strings.Repeat("f", 2000) + `", 16)`, tooLong},
		{"pow", `v = pow(10, 99999999)`, "out of the range of a 64-bit float"},
		{"a sum of a long string of digits", `v = format("%020000d", 1) + 0`, tooLong},
		{"a product of a long string of digits", `v = 2 * format("%020000d", 1)`, tooLong},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errs := loadAny(t, "resource \"t\" \"a\" {\n  "+c.src+"\n}\n", LoadOptions{})
			if !strings.Contains(errs, c.want) {
				t.Errorf("got %s\nwant an error with %q", errs, c.want)
			}
		})
	}
}

// Arithmetic converts its operands itself (bounded.go), and reports one
// that is not a number as HCL did, at the operand.
func TestOperandErrors(t *testing.T) {
	t.Parallel()
	_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("locals {\n  x = 1 + \"abc\"\n  y = \"abc\" * 2\n  z = \"2\" * \"3\" - 1\n}\n")}, LoadOptions{})
	errs := errorsOnly(diags)
	if len(errs) != 2 {
		t.Fatalf("%v", diags)
	}
	for i, want := range []struct {
		detail   string
		col, end int
	}{{"Unsuitable value for right operand: a number is required.", 11, 16}, {"Unsuitable value for left operand: a number is required.", 7, 12}} {
		d := errs[i]
		if d.Summary != "Invalid operand" || d.Detail != want.detail || d.Subject.Start.Column != want.col || d.Subject.End.Column != want.end {
			t.Errorf("%d: %s: %s at %s", i, d.Summary, d.Detail, d.Subject)
		}
	}
}

// The literal is refused at its own range, before it is parsed.
func TestNumberBoundsAtLiteral(t *testing.T) {
	t.Parallel()
	_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("locals {\n  x = [1, 1e99999999]\n}\n")}, LoadOptions{})
	d := findDiag(diags, catalog.SummaryNumberBounds)
	if d == nil || d.Subject.Start.Line != 2 || d.Subject.Start.Column != 11 || d.Subject.End.Column != 21 || len(errorsOnly(diags)) != 1 {
		t.Fatalf("%v", diags)
	}
	if _, diags := FormatHCL([]byte("x = 1e99999999\n"), "f.hcl"); findDiag(diags, catalog.SummaryNumberBounds) == nil {
		t.Errorf("FormatHCL: %v", diags)
	}
	// Within the bounds: a double's range error, as before.
	_, errs := loadAny(t, "resource \"t\" \"a\" {\n  v = 1e400\n}\n", LoadOptions{})
	if !strings.Contains(errs, "out of the range of a 64-bit float") {
		t.Errorf("1e400: %s", errs)
	}
	// Names with digits are not numbers.
	if d := checkInput([]byte("x = a-1e99999999\ny = web01e99999999\n"), "f.hcl", hcl.InitialPos); d.HasErrors() {
		t.Errorf("names: %v", d)
	}
}

// Variables: a default, a var file, a --var; and facts.
func TestNumberBoundsInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	vf := filepath.Join(dir, "vars.hcl")
	facts := filepath.Join(dir, "n1.json")
	for name, src := range map[string]string{vf: "w = 1e99999999\n", facts: `{"x": 1e99999999}`} {
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	decl := "variable \"w\" {\n  type = \"Numeric\"\n  default = 1\n}\nresource \"t\" \"a\" {\n  v = var.w\n}\n"
	for _, c := range []struct {
		name string
		src  string
		opts LoadOptions
	}{
		{"default", strings.Replace(decl, "default = 1", "default = 1e99999999", 1), LoadOptions{}},
		{"var file", decl, LoadOptions{VarFiles: []string{vf}}},
		{"--var", decl, LoadOptions{Vars: []string{"w=1e99999999"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, errs := loadAny(t, c.src, c.opts); errs == "" {
				t.Errorf("accepted")
			}
		})
	}
	if _, diags := nodefacts.Read(facts); !strings.Contains(diags.Error(), "This number is too large") {
		t.Errorf("facts: %v", diags)
	}
}
