package puppetcatalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/testutil/classcorpus"
)

// TestWriteClassCorpus writes, for every case of the classes oracle
// corpus that Puppet 7.23 compiles, catc's compiled catalog in Puppet's
// format, and compares it with Puppet's catalog.json: the resources in
// order (type, title, kind, tags, and the parameters: Puppet's, each
// with Puppet's value; a container's exactly Puppet's), the containment
// edges in Puppet's order, the classes list and the catalog's tags.
func TestWriteClassCorpus(t *testing.T) {
	t.Parallel()
	cases, err := classcorpus.All()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if c.Refused() || len(c.CatcErrors) > 0 || c.Answer != nil && c.Answer.AgentRefusal() != "" {
			continue // catc refuses these as Puppet's compiler or agent does (TestClassCorpus)
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			got := writeCase(t, c)
			want := c.Catalog
			compareSiteResources(t, got, want)
			if g, w := edgeList(got.Edges), edgeList(want.Edges); !slices.Equal(g, w) {
				t.Errorf("containment edges\n%q\nPuppet\n%q", g, w)
			}
			if !slices.Equal(got.Tags, want.Tags) {
				t.Errorf("catalog tags %q, Puppet %q", got.Tags, want.Tags)
			}
			if !slices.Equal(got.Classes, want.Classes) {
				t.Errorf("classes %q, Puppet %q", got.Classes, want.Classes)
			}
		})
	}
	if n < 40 {
		t.Errorf("only %d cases compile", n)
	}
}

// siteDoc is the part of a Puppet-format catalog compared.
type siteDoc struct {
	Tags      []string `json:"tags"`
	Resources []struct {
		Type       string         `json:"type"`
		Title      string         `json:"title"`
		Tags       []string       `json:"tags"`
		Kind       string         `json:"kind"`
		Parameters map[string]any `json:"parameters"`
	} `json:"resources"`
	Edges   []classcorpus.Edge `json:"edges"`
	Classes []string           `json:"classes"`
}

// writeCase compiles a case's main.hcl for its node and writes it in
// Puppet's format.
func writeCase(t *testing.T, c *classcorpus.Case) *siteDoc {
	t.Helper()
	node, nodeDiags := nodefacts.ReadOne(filepath.Join(c.Dir, "facts.json"))
	cat, diags := compiler.Load([]string{filepath.Join(c.Dir, "main.hcl")}, compiler.LoadOptions{Node: node, NodeDiags: nodeDiags})
	if diags.HasErrors() {
		t.Fatalf("catc refuses what Puppet compiles: %s", diags.Error())
	}
	var b bytes.Buffer
	if err := Write(&b, graph.Build(cat), Options{Secrets: RedactSecrets, Node: c.Certname}); err != nil {
		t.Fatal(err)
	}
	doc := &siteDoc{}
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	if err := dec.Decode(doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// compareSiteResources compares the resources one by one, in order.
func compareSiteResources(t *testing.T, got *siteDoc, want *classcorpus.Catalog) {
	t.Helper()
	var refs, wantRefs []string
	for _, r := range got.Resources {
		refs = append(refs, r.Type+"["+r.Title+"]")
	}
	for _, r := range want.Resources {
		wantRefs = append(wantRefs, r.Ref())
	}
	if !slices.Equal(refs, wantRefs) {
		t.Fatalf("resources\n%q\nPuppet\n%q", refs, wantRefs)
	}
	for i, r := range got.Resources {
		w := want.Resources[i]
		ref := wantRefs[i]
		if r.Kind != w.Kind {
			t.Errorf("%s: kind %s, Puppet %s", ref, r.Kind, w.Kind)
		}
		if !slices.Equal(r.Tags, w.Tags) {
			t.Errorf("%s: tags %q, Puppet %q", ref, r.Tags, w.Tags)
		}
		for name, v := range w.Parameters {
			g, ok := r.Parameters[name]
			if !ok {
				t.Errorf("%s: no parameter %s, Puppet %v", ref, name, v)
				continue
			}
			if gs, ws := paramJSON(name, g), paramJSON(name, v); gs != ws {
				t.Errorf("%s: %s = %s, Puppet %s", ref, name, gs, ws)
			}
		}
		if w.IsContainer() {
			for name := range r.Parameters {
				if _, ok := w.Parameters[name]; !ok {
					t.Errorf("%s: parameter %s not in Puppet's catalog", ref, name)
				}
			}
		}
	}
}

// paramJSON is a parameter's value as JSON; a relationship's targets
// and tags as a sorted list, whether written as a string or a list
// (catc keeps the tags, not how they were written).
func paramJSON(name string, v any) string {
	switch name {
	case "require", "before", "notify", "subscribe", "tag":
		l, ok := v.([]any)
		if !ok {
			l = []any{v}
		}
		refs := make([]string, len(l))
		for i, x := range l {
			refs[i] = fmt.Sprint(x)
		}
		sort.Strings(refs)
		return strings.Join(refs, ", ")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func edgeList(es []classcorpus.Edge) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Source + " -> " + e.Target
	}
	return out
}

// TestWritePuppetCatalogRoundTrip writes again, in Puppet's format, every
// catalog Puppet 7.23 compiled in fixtures/oracle/catalogs that catc
// models: its own containers, not a second prelude, with Puppet's
// resources in order, their kinds and tags, the containment edges in
// order and the classes list.
func TestWritePuppetCatalogRoundTrip(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(testutil.Fixture("oracle", "catalogs", "*.catalog.json"))
	written := 0
	for _, f := range files {
		pc, diags := Read(f)
		if diags.HasErrors() {
			continue
		}
		c, diags := Model(pc, coreTypes(t))
		if diags.HasErrors() {
			continue
		}
		written++
		t.Run(filepath.Base(f), func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, graph.Build(c), Options{Secrets: RedactSecrets}); err != nil {
				t.Fatal(err)
			}
			var got, want siteDoc
			for doc, data := range map[*siteDoc][]byte{&got: b.Bytes(), &want: mustRead(t, f)} {
				if err := json.Unmarshal(data, doc); err != nil {
					t.Fatal(err)
				}
			}
			if g, w := resourceKeys(got), resourceKeys(want); !slices.Equal(g, w) {
				t.Errorf("resources\n%q\nPuppet\n%q", g, w)
			}
			if g, w := edgeList(got.Edges), edgeList(want.Edges); !slices.Equal(g, w) {
				t.Errorf("edges\n%q\nPuppet\n%q", g, w)
			}
			if !slices.Equal(got.Classes, want.Classes) {
				t.Errorf("classes %q, Puppet %q", got.Classes, want.Classes)
			}
		})
	}
	if written < 10 {
		t.Errorf("only %d catalogs written", written)
	}
}

// resourceKeys are the resources' refs with their kinds and tags.
func resourceKeys(doc siteDoc) []string {
	out := make([]string, len(doc.Resources))
	for i, r := range doc.Resources {
		out[i] = r.Type + "[" + r.Title + "] " + r.Kind + " " + strings.Join(r.Tags, ",")
	}
	return out
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
