package puppetcatalog

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

// containmentCatalog is a hand-written catalog: stage main, classes
// main, A, B and C, Notify x, y, z and w, with the base containment
// (main holds A and y, A holds B, B holds x; C, z and w are in nothing)
// followed by extra edges.
func containmentCatalog(extra ...[2]string) string {
	type res struct {
		Type   string            `json:"type"`
		Title  string            `json:"title"`
		Kind   string            `json:"kind"`
		Params map[string]string `json:"parameters,omitempty"`
	}
	resources := []res{
		{"Stage", "main", "compilable_type", map[string]string{"name": "main"}},
		{"Class", "main", "unknown", nil}, {"Class", "A", "unknown", nil}, {"Class", "B", "unknown", nil}, {"Class", "C", "unknown", nil},
		{"Notify", "x", "compilable_type", map[string]string{"message": "x"}},
		{"Notify", "y", "compilable_type", map[string]string{"message": "y"}},
		{"Notify", "z", "compilable_type", map[string]string{"message": "z"}},
		{"Notify", "w", "compilable_type", map[string]string{"message": "w"}},
	}
	edges := []map[string]string{}
	for _, e := range append([][2]string{{"Stage[main]", "Class[main]"}, {"Class[main]", "Class[A]"}, {"Class[A]", "Class[B]"}, {"Class[B]", "Notify[x]"}, {"Class[main]", "Notify[y]"}}, extra...) {
		edges = append(edges, map[string]string{"source": e[0], "target": e[1]})
	}
	data, err := json.MarshalIndent(map[string]any{"catalog_format": 2, "resources": resources, "edges": edges}, "", " ")
	if err != nil {
		panic(err)
	}
	return string(data)
}

// agentOrder is the agent's evaluation order of a catalog and its
// cycles, as words.
func agentOrder(t *testing.T, c *catalog.Catalog) (order, cycles []string) {
	t.Helper()
	vs, cs := graph.Expand(graph.Build(c)).Order()
	for _, v := range vs {
		order = append(order, v.Ref())
	}
	for _, cy := range cs {
		cycles = append(cycles, cy.String())
	}
	return order, cycles
}

// TestContainmentRepeated: a containment edge given twice counts once,
// as Puppet 7.23 applies such a catalog (noop) exactly as the catalog
// without the repeat: same order, each class ends after its one
// content.
func TestContainmentRepeated(t *testing.T) {
	base, errs := modelOf(t, containmentCatalog())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	dup, errs := modelOf(t, containmentCatalog([2]string{"Class[A]", "Class[B]"}, [2]string{"Class[B]", "Notify[x]"}))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want, _ := agentOrder(t, base)
	if got, _ := agentOrder(t, dup); !slices.Equal(got, want) {
		t.Errorf("order with repeated edges\n%q\nwant\n%q", got, want)
	}
	pc, diags := Parse("cat.json", []byte(containmentCatalog([2]string{"Class[A]", "Class[B]"})))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if n := len(pc.Edges); n != 6 {
		t.Fatalf("read %d edges, want the 6 written", n)
	}
	if _, diags := Model(pc, nil); diags.HasErrors() || len(pc.Edges) != 6 {
		t.Errorf("Model changed the catalog read: %d edges, %v", len(pc.Edges), diags)
	}
	for _, ref := range [][2]string{{"class", "A"}, {"class", "B"}, {"notify", "x"}} {
		r := dup.Lookup(ref[0], ref[1])
		if n, m := len(r.External.Contents), len(r.External.Containers); n > 1 || m != 1 {
			t.Errorf("%s has %d contents and %d containers, want at most 1 and 1", r.Ref(), n, m)
		}
	}
}

// TestContainmentLoops: what Puppet 7.23 does with a catalog whose
// containment loops (puppet apply --noop --catalog on each):
//   - classes only (A holds B holds A, or A holds A): "Found 2
//     dependency cycles" (the admissible and the completed whits), and
//     no resource applied; catc reports the same two cycles;
//   - through a resource that is no class (Notify w holds z holds w, or
//     C holds w holds C, with nothing else holding them): "Could not run:
//     stack level too deep" when it names the resource; catc refuses the
//     catalog at the edge that starts the loop;
//   - a resource in two classes, or in a Notify besides its class: no
//     loop, applied (its first container names it).
func TestContainmentLoops(t *testing.T) {
	tests := []struct {
		name   string
		extra  [][2]string
		err    string // the containment error, "" for none
		cycles []string
	}{
		{"classes", [][2]string{{"Class[B]", "Class[A]"}}, "",
			[]string{"(Class[A] => Class[B] => Class[A])", "(Class[A] => Class[B] => Class[A])"}},
		{"class in itself", [][2]string{{"Class[A]", "Class[A]"}}, "",
			[]string{"(Class[A] => Class[A])", "(Class[A] => Class[A])"}},
		{"resources", [][2]string{{"Notify[w]", "Notify[z]"}, {"Notify[z]", "Notify[w]"}}, "Notify[z] is in Notify[w], which is in Notify[z]: the catalog's containment edges loop", nil},
		{"resource in itself", [][2]string{{"Notify[z]", "Notify[z]"}}, "Notify[z] is in Notify[z]: the catalog's containment edges loop", nil},
		{"class and resource", [][2]string{{"Class[C]", "Notify[w]"}, {"Notify[w]", "Class[C]"}}, "Notify[w] is in Class[C], which is in Notify[w]: the catalog's containment edges loop", nil},
		{"two classes", [][2]string{{"Class[main]", "Notify[x]"}}, "", nil},
		{"in a resource too", [][2]string{{"Notify[y]", "Notify[x]"}}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := containmentCatalog(tt.extra...)
			pc, diags := Parse("cat.json", []byte(src))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			c, diags := Model(pc, nil)
			if tt.err == "" {
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				if _, cycles := agentOrder(t, c); !slices.Equal(cycles, tt.cycles) {
					t.Errorf("cycles %q, want %q", cycles, tt.cycles)
				}
				_, diags = graph.Order(graph.Build(c), graph.Ordering{})
				if len(tt.cycles) > 0 && !diags.HasErrors() {
					t.Errorf("%d cycles and no cycle error", len(tt.cycles))
				}
				for _, d := range diags {
					if !strings.Contains(d.Detail, "The catalog's containment edges make every edge here") {
						t.Errorf("cycle error does not blame the containment edges:\n%s", d.Detail)
					}
				}
				return
			}
			if len(diags) != 1 || diags[0].Severity != hcl.DiagError || !strings.HasPrefix(diags[0].Detail, tt.err) {
				t.Fatalf("diagnostics %v, want one error starting %q", diags, tt.err)
			}
			// The subject is the edge that puts the error's first
			// resource in the next: {"source": NEXT, "target": FIRST}.
			words := strings.Fields(strings.NewReplacer(",", "", ":", "").Replace(tt.err))
			want := fmt.Sprintf("{\n   \"source\": %q,\n   \"target\": %q", words[3], words[0])
			at := diags[0].Subject.Start.Byte
			if !strings.HasPrefix(src[at:], want) {
				t.Errorf("error at %q, want the edge %q", src[at:min(at+60, len(src))], want)
			}
		})
	}
}

// TestReadQuotedRefs: Puppet 7.23 reads a reference in a catalog with
// its title as written, so an edge or a require naming Notify['x'] finds
// no Notify[x] and the run fails; catc refuses both.
func TestReadQuotedRefs(t *testing.T) {
	edge := `{"resources": [{"type": "Class", "title": "main"}, {"type": "Notify", "title": "x"}], "edges": [{"source": "Class[main]", "target": "Notify['x']"}]}`
	if _, diags := Parse("cat.json", []byte(edge)); !diags.HasErrors() || !strings.Contains(diags[0].Detail, `Could not find relationship target Notify['x']`) {
		t.Errorf("edge to Notify['x']: %v", diags)
	}
	meta := `{"resources": [{"type": "Notify", "title": "x"}, {"type": "Notify", "title": "y", "parameters": {"require": "Notify['x']"}}]}`
	pc, diags := Parse("cat.json", []byte(meta))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if _, diags := Model(pc, nil); !diags.HasErrors() || !strings.Contains(diags[0].Detail, `Could not find resource 'Notify['x']' in parameter 'require'`) {
		t.Errorf("require Notify['x']: %v", diags)
	}
}
