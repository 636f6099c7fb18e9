package coretypes_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/coretypes"
)

// puppetTypes reads Puppet's own description of the 23 types
// (fixtures/oracle/core/types.json, made by describe.rb there).
type puppetTypes struct {
	Types []struct {
		Name          string   `json:"name"`
		Isomorphic    bool     `json:"isomorphic"`
		KeyAttributes []string `json:"key_attributes"`
		Attributes    []struct {
			Name string `json:"name"`
			Kind string `json:"kind"`
		} `json:"attributes"`
	} `json:"types"`
}

func readPuppetTypes(t *testing.T) puppetTypes {
	t.Helper()
	b, err := os.ReadFile("../../fixtures/oracle/core/types.json")
	if err != nil {
		t.Fatal(err)
	}
	var pt puppetTypes
	if err := json.Unmarshal(b, &pt); err != nil {
		t.Fatal(err)
	}
	return pt
}

// builtinTypes loads one resource of every built-in type, asserts the
// load reports nothing, and returns the built-in types.
func builtinTypes(t *testing.T) []*catalog.TypeDef {
	t.Helper()
	var src strings.Builder
	for _, n := range coretypes.Names {
		title := "catc_" + n
		if n == "file" || n == "exec" {
			title = "/tmp/catc_" + n // a file's path and an exec's program are absolute
		}
		fmt.Fprintf(&src, "resource %q %q {}\n", n, title)
	}
	c, diags := compiler.LoadFiles([]string{"all.hcl"}, [][]byte{[]byte(src.String())}, compiler.LoadOptions{})
	for _, d := range diags {
		t.Errorf("a load of the built-ins reports %s: %s; %s", d.Subject, d.Summary, d.Detail)
	}
	if len(c.Types) != len(coretypes.Names) {
		t.Errorf("the load has %d types, want the %d built-in ones", len(c.Types), len(coretypes.Names))
	}
	return catalog.BuiltinTypes()
}

func TestEverySourceIsEmbedded(t *testing.T) {
	srcs := coretypes.Sources()
	if len(srcs) != 23 {
		t.Fatalf("%d sources, want 23", len(srcs))
	}
	for i, s := range srcs {
		if len(s.Src) == 0 || s.Name != "<builtin>/"+coretypes.Names[i]+".hcl" {
			t.Errorf("source %d: %q, %d bytes", i, s.Name, len(s.Src))
		}
	}
}

// TestTypesMatchPuppet: every type has Puppet's attributes in Puppet's
// order, Puppet's namevars, and a
// parameter of Puppet's is a parameter (or a namevar, or read_only)
// while a property stays a property.
func TestTypesMatchPuppet(t *testing.T) {
	defs := builtinTypes(t)
	pt := readPuppetTypes(t)
	if len(defs) != len(pt.Types) {
		t.Fatalf("%d built-in types, Puppet describes %d", len(defs), len(pt.Types))
	}
	for i, want := range pt.Types {
		td := defs[i]
		if td.Isomorphic() != want.Isomorphic {
			t.Errorf("%s: isomorphic %v, Puppet's %v", td.Name, td.Isomorphic(), want.Isomorphic)
		}
		if td.Name != want.Name || !td.Builtin || td.Desc == "" {
			t.Errorf("type %d: %q (builtin %v, desc %q), want %q", i, td.Name, td.Builtin, td.Desc, want.Name)
			continue
		}
		var names []string
		kinds := map[string]string{}
		for _, a := range want.Attributes {
			names = append(names, a.Name)
			kinds[a.Name] = a.Kind
		}
		var got []string
		for _, a := range td.Attributes {
			got = append(got, a.Name)
			if a.Desc == "" {
				t.Errorf("%s.%s has no desc", td.Name, a.Name)
			}
			isParam := a.Behaviour == catalog.Parameter || a.Behaviour == catalog.Namevar || a.Behaviour == catalog.ReadOnly
			if isParam != (kinds[a.Name] == "parameter") && a.Behaviour != catalog.ReadOnly {
				t.Errorf("%s.%s: behaviour %v, Puppet's kind %s", td.Name, a.Name, a.Behaviour, kinds[a.Name])
			}
			if a.HasDefault {
				t.Errorf("%s.%s has a default: a compiled catalog carries none", td.Name, a.Name)
			}
		}
		if !slices.Equal(got, names) {
			t.Errorf("%s attributes\n got %v\nwant %v", td.Name, got, names)
		}
		var nv, wantNV []string
		for _, a := range td.Namevars() {
			nv = append(nv, a.Name)
		}
		wantNV = append(wantNV, want.KeyAttributes...)
		if !slices.Equal(nv, wantNV) {
			t.Errorf("%s namevars %v, want %v", td.Name, nv, wantNV)
		}
	}
}
