package coretypes_test

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/coretypes"
)

// puppetTypes reads Puppet's own description of the 23 types
// (fixtures/oracle/core/types.json, made by describe.rb there).
type puppetTypes struct {
	Types []struct {
		Name          string   `json:"name"`
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

// loadEmpty loads a catalog with no declaration: only the built-ins.
func loadEmpty(t *testing.T) *catalog.Catalog {
	t.Helper()
	c, diags := catalog.LoadFiles([]string{"empty.hcl"}, [][]byte{nil}, catalog.LoadOptions{})
	for _, d := range diags {
		t.Errorf("a load with only the built-ins reports %s: %s; %s", d.Subject, d.Summary, d.Detail)
	}
	return c
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
// order (less provider, which catc reserves), Puppet's namevars, and a
// parameter of Puppet's is a parameter (or a namevar, or read_only)
// while a property stays a property.
func TestTypesMatchPuppet(t *testing.T) {
	c := loadEmpty(t)
	pt := readPuppetTypes(t)
	if len(c.Types) != len(pt.Types) {
		t.Fatalf("%d built-in types, Puppet describes %d", len(c.Types), len(pt.Types))
	}
	for i, want := range pt.Types {
		td := c.Types[i]
		if td.Name != want.Name || !td.Builtin || td.Desc == "" {
			t.Errorf("type %d: %q (builtin %v, desc %q), want %q", i, td.Name, td.Builtin, td.Desc, want.Name)
			continue
		}
		var names []string
		kinds := map[string]string{}
		for _, a := range want.Attributes {
			if a.Name != "provider" {
				names = append(names, a.Name)
				kinds[a.Name] = a.Kind
			}
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
		for _, k := range want.KeyAttributes {
			if k != "provider" {
				wantNV = append(wantNV, k)
			}
		}
		if !slices.Equal(nv, wantNV) {
			t.Errorf("%s namevars %v, want %v", td.Name, nv, wantNV)
		}
	}
}
