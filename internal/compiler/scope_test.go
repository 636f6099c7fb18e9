package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

const scopeTypes = `type "conf" {
  desc = "A setting."
  attribute "name" {
    type      = "String"
    desc      = "n"
    behaviour = "namevar"
  }
  attribute "value" {
    type = "Optional[Data]"
    desc = "v"
  }
}

variable "port" {
  type    = "Integer"
  default = 80
}

variable "host" {
  type = "String"
}

variable "tags" {
  type    = "Array[String]"
  default = []
}
`

func TestVariables(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	varFile := filepath.Join(dir, "prod.hcl")
	if err := os.WriteFile(varFile, []byte("host = \"db.example.com\"\nport = 5432\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	facts := filepath.Join(dir, "facts.json")
	if err := os.WriteFile(facts, []byte(`{"os": {"family": "Debian"}, "processors": {"count": 4}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		expr    string
		opts    LoadOptions
		want    types.Value
		wantErr string
	}{
		{"default", "var.port", LoadOptions{Vars: []string{"host=h"}}, int64(80), ""},
		{"flag string", "var.host", LoadOptions{Vars: []string{"host=web"}}, "web", ""},
		{"flag number", "var.port", LoadOptions{Vars: []string{"host=h", "port=8080"}}, int64(8080), ""},
		{"flag list", "var.tags", LoadOptions{Vars: []string{"host=h", `tags=["a", "b"]`}}, []types.Value{"a", "b"}, ""},
		{"last wins", "var.host", LoadOptions{Vars: []string{"host=a", "host=b"}}, "b", ""},
		{"var file", "\"${var.host}:${var.port}\"", LoadOptions{VarFiles: []string{varFile}}, "db.example.com:5432", ""},
		{"flag over file", "var.port", LoadOptions{VarFiles: []string{varFile}, Vars: []string{"port=1"}}, int64(1), ""},
		{"facts", "facts.os.family", withFacts(t, LoadOptions{Vars: []string{"host=h"}}, facts), "Debian", ""},
		{"function", "upper(var.host)", LoadOptions{Vars: []string{"host=h"}}, "H", ""},
		{"missing", "var.port", LoadOptions{}, nil, `The variable "host" has no default and no value`},
		{"bad flag", "var.port", LoadOptions{Vars: []string{"host=h", "port=eighty"}}, nil, "var.port expects an Integer value, got String"},
		{"undeclared", "var.port", LoadOptions{Vars: []string{"host=h", "hots=x"}}, nil, `which no variable block declares. Declare it with a variable "hots" block, or fix the name. Did you mean "host"?`},
		{"not name=value", "var.port", LoadOptions{Vars: []string{"host"}}, nil, `is not of the form name=value`},
		{"no facts file", "var.port", withFacts(t, LoadOptions{Vars: []string{"host=h"}}, filepath.Join(dir, "none.json")), nil, "Cannot read"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := scopeTypes + "resource \"conf\" \"x\" {\n  value = " + tc.expr + "\n}\n"
			c, diags := LoadFiles([]string{"s.hcl"}, [][]byte{[]byte(src)}, tc.opts)
			if tc.wantErr != "" {
				if !strings.Contains(describeDiags(diags), tc.wantErr) {
					t.Errorf("diagnostics:\n%s\nwant one containing %q", describeDiags(diags), tc.wantErr)
				}
				return
			}
			if diags.HasErrors() {
				t.Fatalf("errors:\n%s", describeDiags(diags))
			}
			got, _ := c.Resources[0].Attr("value")
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("value (-want +got):\n%s", d)
			}
		})
	}
}

func TestForEachOrder(t *testing.T) {
	t.Parallel()
	src := scopeTypes + `
resource "conf" "first" {
  value = var.host
}

resource "conf" "item-${each.key}" {
  for_each = { b = 2, a = 1, c = 3 }
  value    = each.value
}

resource "conf" "set-${each.value}" {
  for_each = ["z", "y", "z"]
}

resource "conf" "last" {
  value = "plain"
}
`
	c, diags := LoadFiles([]string{"s.hcl"}, [][]byte{[]byte(src)}, LoadOptions{Vars: []string{"host=h"}})
	if diags.HasErrors() {
		t.Fatalf("errors:\n%s", describeDiags(diags))
	}
	var got []string
	for i, r := range c.Resources {
		if r.Index != i {
			t.Errorf("%s has index %d, want %d", r.Ref(), r.Index, i)
		}
		got = append(got, r.Title)
	}
	want := []string{"first", "item-a", "item-b", "item-c", "set-y", "set-z", "last"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("declaration order (-want +got):\n%s", d)
	}
}

// TestFactsFileOfManyNodes: --facts takes one node; a file of several
// says to use --nodes.
func TestFactsFileOfManyNodes(t *testing.T) {
	t.Parallel()
	export := filepath.Join(testutil.Root(), "internal", "nodefacts", "testdata", "facts", "puppetdb", "export.json")
	_, diags := Load([]string{testutil.Fixture("seed")}, withFacts(t, LoadOptions{}, export))
	if !diags.HasErrors() || !strings.Contains(fmt.Sprint(diags), "holds 2 nodes; --facts takes one node. Use --nodes "+export) {
		t.Errorf("%v", diags)
	}
}

// withFacts is opts with the node of the facts file at path, read as
// the command reads --facts.
func withFacts(t testing.TB, opts LoadOptions, path string) LoadOptions {
	t.Helper()
	opts.Node, opts.NodeDiags = nodefacts.ReadOne(path)
	return opts
}

// TestLoadTakesTheNode: the compiler reads no facts file; facts.* and
// trusted.* come from the node the caller gives, and without one a read
// of facts.* is an error.
func TestLoadTakesTheNode(t *testing.T) {
	t.Parallel()
	src := `resource "file" "/etc/motd" {
  content = "${facts.os.family} ${trusted.certname}"
}
`
	node := &nodefacts.Node{Name: "web01.example.com", Facts: cty.ObjectVal(map[string]cty.Value{
		"os": cty.ObjectVal(map[string]cty.Value{"family": cty.StringVal("Debian")}),
	})}
	c, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, LoadOptions{Node: node})
	if diags.HasErrors() || len(c.Resources) != 1 {
		t.Fatalf("load: %v", diags)
	}
	if got, _ := c.Resources[0].Attributes.Get("content"); got != "Debian web01.example.com" {
		t.Errorf("content %v, want the node's family and certname", got)
	}
	if _, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, LoadOptions{}); !diags.HasErrors() {
		t.Error("facts.* read without a node: want an error")
	}
}
