package compiler

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// Aliases defined in one file are usable from another, by variables and
// attributes, whatever the file order.
func TestTypeAliasAcrossFiles(t *testing.T) {
	t.Parallel()
	names := []string{"a_types.hcl", "b_aliases.hcl"}
	srcs := [][]byte{
		[]byte(`
variable "port" {
  type    = "Stdlib::Port"
  default = 99999
}
type "svc" {
  desc = "A service."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "port" {
    type = "Optional[Stdlib::Port]"
    desc = "Its port."
  }
}
resource "svc" "a" { port = 80 }
resource "svc" "b" { port = "80" }
`),
		[]byte(`
type_alias "Stdlib::Port" {
  type = "Integer[0, 65535]"
}
`),
	}
	c, diags := LoadFiles(names, srcs, LoadOptions{})
	var got []string
	for _, d := range diags {
		got = append(got, d.Subject.String()+": "+d.Detail)
	}
	want := []string{
		`a_types.hcl:4,13-18: var.port expects a Stdlib::Port = Integer[0, 65535] value, got Integer[99999, 99999]`,
		`a_types.hcl:19,29-33: svc.port expects a Stdlib::Port = Integer[0, 65535] value, got String`,
	}
	if len(got) != len(want) {
		t.Fatalf("diagnostics:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diagnostic %d:\n got  %s\n want %s…", i, got[i], want[i])
		}
	}
	if len(c.Aliases) != 1 || c.Aliases[0].Name != "Stdlib::Port" || c.Aliases[0].Type.Resolved.String() != "Integer[0, 65535]" {
		t.Errorf("Aliases = %+v", c.Aliases)
	}
}

// A misspelt alias name gets the nearest alias as a suggestion.
func TestTypeAliasSuggestion(t *testing.T) {
	t.Parallel()
	src := []byte(`
type_alias "Stdlib::Port" {
  type = "Integer[0, 65535]"
}
type "svc" {
  desc = "A service."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "port" {
    type = "Stdlib::Prot"
    desc = "Its port."
  }
}
`)
	_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{src}, LoadOptions{})
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, `type_alias block`) || !strings.Contains(diags[0].Detail, `Did you mean "Stdlib::Port"?`) {
		t.Errorf("diagnostics: %v", diags)
	}
}

// Recursive aliases check and describe values in bounded time, matching
// or not. Each mismatch looped forever before: the recursion guard
// compared freshly built types by pointer.
func TestRecursiveAliasValues(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, aliases, typ, value string
		ok                        bool
	}{
		{"iterable of itself, integer", `A = "Iterable[My::A]"`, "My::A", `5`, false},
		{"iterable of itself, string", `A = "Iterable[My::A]"`, "My::A", `"abc"`, false},
		{"iterable of itself, array", `A = "Iterable[My::A]"`, "My::A", `[1, [2]]`, false},
		{"iterable of itself, hash", `A = "Iterable[My::A]"`, "My::A", `{a = 1}`, false},
		{"iterable in a variant", `A = "Iterable[Variant[Integer, My::A]]"`, "My::A", `[1, "x"]`, false},
		{"variant of array", `A = "Variant[String, Array[My::A]]"`, "My::A", `["a", ["b", ["c"]]]`, true},
		{"variant of array, mismatch", `A = "Variant[String, Array[My::A]]"`, "My::A", `["a", [1]]`, false},
		{"array of itself", `A = "Array[My::A]"`, "My::A", `[[[]]]`, true},
		{"array of itself, mismatch", `A = "Array[My::A]"`, "My::A", `[[1]]`, false},
		{"hash of itself", `A = "Variant[Integer, Hash[String, My::A]]"`, "My::A", `{a = {b = 1}}`, true},
		{"hash of itself, mismatch", `A = "Variant[Integer, Hash[String, My::A]]"`, "My::A", `{a = {b = "x"}}`, false},
		{"struct of itself", `A = "Struct[{name => String, Optional[kids] => Array[My::A]}]"`, "My::A", `{name = "a", kids = [{name = "b"}]}`, true},
		{"struct of itself, mismatch", `A = "Struct[{name => String, Optional[kids] => Array[My::A]}]"`, "My::A", `{name = "a", kids = [{name = 1}]}`, false},
		{"mutual", "A = \"Variant[Integer, Array[My::B]]\"\nB = \"Hash[String, My::A]\"", "My::A", `[{a = 1}, {b = [{}]}]`, true},
		{"mutual, mismatch", "A = \"Variant[Integer, Array[My::B]]\"\nB = \"Hash[String, My::A]\"", "My::A", `[{a = "x"}]`, false},
		{"mutual through iterable", "A = \"Iterable[My::B]\"\nB = \"Iterable[My::A]\"", "My::A", `7`, false},
		{"optional iterable of itself", `A = "Optional[Iterable[My::A]]"`, "Array[My::A]", `[5]`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var src strings.Builder
			for _, line := range strings.Split(c.aliases, "\n") {
				name, typ, _ := strings.Cut(line, " = ")
				src.WriteString("type_alias \"My::" + name + "\" {\n  type = " + typ + "\n}\n")
			}
			src.WriteString("variable \"v\" {\n  type    = \"" + c.typ + "\"\n  default = " + c.value + "\n}\n")
			_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src.String())}, LoadOptions{})
			d := findDiag(diags, catalog.SummaryVariableValue)
			switch {
			case c.ok && diags.HasErrors():
				t.Errorf("rejected: %v", diags)
			case !c.ok && (d == nil || !strings.Contains(d.Detail, "expects a")):
				t.Errorf("no mismatch message: %v", diags)
			}
		})
	}
}
