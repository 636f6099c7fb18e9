package compiler

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// lineRange is a range on one line of a catalog file.
func lineRange(line int) hcl.Range {
	return hcl.Range{Filename: "catalog.json", Start: hcl.Pos{Line: line, Column: 1}, End: hcl.Pos{Line: line, Column: 2}}
}

// TestFromExternalRanges: each resource read from a catalog keeps the
// ranges of its own parameters, even one that records more ranges than
// it has parameters (a name that sets the namevar) next to another
// resource, a repeated key has its later range, and a container keeps
// its parameters' ranges.
func TestFromExternalRanges(t *testing.T) {
	t.Parallel()
	defs, diags := LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(renameTypes)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	param := func(name string, line int) catalog.ExternalParam {
		return catalog.ExternalParam{Name: name, Value: fmt.Sprint("v", line), Range: lineRange(line)}
	}
	c, diags := catalog.FromExternal(defs, []catalog.External{
		{Type: "Other", Title: "a", Range: lineRange(1), Params: []catalog.ExternalParam{param("not_name", 2), param("name", 3)}},
		{Type: "Other", Title: "b", Range: lineRange(4), Params: []catalog.ExternalParam{param("not_name", 5), param("not_name", 6)}},
		{Type: "Class", Title: "c", Range: lineRange(7), Kind: "class", Params: []catalog.ExternalParam{param("x", 8)}},
	}, catalog.ExternalOptions{Source: "test"})
	if diags.HasErrors() || len(c.Resources) != 3 {
		t.Fatalf("%d resources: %v", len(c.Resources), diags)
	}
	for _, tc := range []struct {
		res        int
		attr       string
		line, seen int
	}{
		{0, "not_name", 3, 2}, // name sets it: its range
		{0, "name", 3, 1},
		{1, "not_name", 6, 2},
		{2, "x", 8, 1},
	} {
		r := c.Resources[tc.res]
		rng, ok := r.AttrRange(tc.attr)
		if !ok || rng.Start.Line != tc.line {
			t.Errorf("%s: %s at %v, want line %d", r.Ref(), tc.attr, rng, tc.line)
		}
		seen := 0
		for _, ar := range r.AttrRanges() {
			if ar.Name == tc.attr {
				seen++
			}
		}
		if seen != tc.seen {
			t.Errorf("%s: %s listed %d times, want %d", r.Ref(), tc.attr, seen, tc.seen)
		}
	}
}

// TestFromExternalAllocs: a resource read from a catalog, in a class, is
// built in a few allocations (its values, keys and references), not one
// per part: a large catalog has hundreds of thousands of resources.
func TestFromExternalAllocs(t *testing.T) {
	defs, diags := LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(renameTypes)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	const n = 2000
	ext := make([]catalog.External, n, n+1)
	main := catalog.External{Type: "Class", Title: "main", Kind: "class"}
	for i := range ext {
		ext[i] = catalog.External{Type: "Other", Title: fmt.Sprintf("n%d", i), Range: lineRange(i + 1), Kind: "compilable_type"}
		if i > 0 {
			ext[i].Params = []catalog.ExternalParam{{Name: "require", Value: fmt.Sprintf("Other[n%d]", i-1), Range: lineRange(i + 1)}}
		}
		main.Contents = append(main.Contents, i)
	}
	ext = append(ext, main)
	allocs := testing.AllocsPerRun(3, func() {
		if _, diags := catalog.FromExternal(defs, ext, catalog.ExternalOptions{Source: "test"}); diags.HasErrors() {
			t.Fatal(diags)
		}
	})
	t.Logf("%.1f allocations per resource", allocs/n)
	if perResource := allocs / n; perResource > 2 {
		t.Errorf("%.1f allocations per resource, want at most 2", perResource)
	}
}

// TestFromExternalRelations: each resource keeps its own references in
// order, from an array or a string, and one whose references all fail
// to resolve has none (nil, as a resource that wrote none).
func TestFromExternalRelations(t *testing.T) {
	t.Parallel()
	defs, diags := LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(renameTypes)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ref := func(name string, v any) catalog.ExternalParam {
		if list, ok := v.([]string); ok {
			vs := make([]types.Value, len(list))
			for i, s := range list {
				vs[i] = s
			}
			return catalog.ExternalParam{Name: name, Value: vs, Range: lineRange(1)}
		}
		return catalog.ExternalParam{Name: name, Value: v, Range: lineRange(1)}
	}
	c, diags := catalog.FromExternal(defs, []catalog.External{
		{Type: "Other", Title: "a"},
		{Type: "Other", Title: "b", Params: []catalog.ExternalParam{ref("require", []string{"Other[a]", "Other[c]"}), ref("before", "Other[c]")}},
		{Type: "Other", Title: "c", Params: []catalog.ExternalParam{ref("require", "Other[missing]")}},
		{Type: "Class", Title: "x", Kind: "class", Params: []catalog.ExternalParam{ref("require", []string{"Other[a]"})}},
	}, catalog.ExternalOptions{Source: "test"})
	if errs := errorsOnly(diags); len(errs) != 1 || !strings.Contains(errs[0].Detail, "Other[missing]") {
		t.Errorf("want one error for Other[missing], got %v", diags)
	}
	for _, tc := range []struct {
		res  int
		want string
	}{{0, ""}, {1, "require Other[a], require Other[c], before Other[c]"}, {2, ""}, {3, "require Other[a]"}} {
		r := c.Resources[tc.res]
		var got []string
		for _, rel := range r.Relations {
			got = append(got, rel.Kind.String()+" "+rel.Target.Ref())
		}
		if strings.Join(got, ", ") != tc.want || tc.want == "" && r.Relations != nil {
			t.Errorf("%s: relations %q (nil: %v), want %q", r.Ref(), got, r.Relations == nil, tc.want)
		}
	}
}

// TestFromExternalSecretRef: a relationship metaparameter whose value is
// a secret (Sensitive, alone, in an array or in a hash) is refused
// without its content: the diagnostic says it is no reference, not what
// it holds.
func TestFromExternalSecretRef(t *testing.T) {
	t.Parallel()
	defs, diags := LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(renameTypes)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	secret := types.Sensitive{Value: "hunter2"}
	hash := &types.Hash{Keys: []string{"k"}, Values: []types.Value{secret}}
	for _, v := range []types.Value{secret, []types.Value{"Other[a]", secret}, hash} {
		for _, typ := range []string{"Other", "Class"} {
			_, diags := catalog.FromExternal(defs, []catalog.External{
				{Type: "Other", Title: "a"},
				{Type: typ, Title: "b", Kind: map[string]string{"Other": "compilable_type", "Class": "class"}[typ],
					Params: []catalog.ExternalParam{{Name: "require", Value: v, Range: lineRange(2)}}},
			}, catalog.ExternalOptions{Source: "test"})
			if !diags.HasErrors() {
				t.Errorf("%s with require %T: no error", typ, v)
			}
			if text := fmt.Sprint(diags); strings.Contains(text, "hunter2") {
				t.Errorf("%s with require %T: the secret is in %s", typ, v, text)
			}
		}
	}
}

// TestFromExternalSecretAliasTag: a container or a resource of a type
// catc does not know whose alias or tag is a secret keeps no such alias
// or tag in clear (tags are written to the plan's JSON), and the catalog
// is refused as for a resource of a known type.
func TestFromExternalSecretAliasTag(t *testing.T) {
	t.Parallel()
	defs, diags := LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(renameTypes)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	secret := types.Sensitive{Value: "hunter2"}
	for _, e := range []catalog.External{
		{Type: "Mystery", Title: "b", Kind: "compilable_type"},
		{Type: "Other", Title: "b", Kind: "compilable_type"},
		{Type: "Class", Title: "b", Kind: "class"},
	} {
		for _, param := range []string{"alias", "tag"} {
			for _, v := range []types.Value{secret, []types.Value{"x", secret}} {
				e.Params = []catalog.ExternalParam{{Name: param, Value: v, Range: lineRange(2)}}
				c, diags := catalog.FromExternal(defs, []catalog.External{e}, catalog.ExternalOptions{Source: "test"})
				if !diags.HasErrors() {
					t.Errorf("%s[b] with %s %T: no error", e.Type, param, v)
				}
				if text := fmt.Sprint(diags); strings.Contains(text, "hunter2") {
					t.Errorf("%s[b] with %s %T: the secret is in %s", e.Type, param, v, text)
				}
				for _, r := range c.Resources {
					if slices.Contains(r.Aliases, "hunter2") || slices.Contains(r.Tags, "hunter2") {
						t.Errorf("%s with %s %T: aliases %q, tags %q", r.Ref(), param, v, r.Aliases, r.Tags)
					}
				}
			}
		}
	}
}
