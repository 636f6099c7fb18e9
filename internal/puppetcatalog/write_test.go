package puppetcatalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// featureCatalog uses what the seed and the oracle cases do not: a
// sensitive attribute and one of a Sensitive type (only that one goes in
// "sensitive_parameters"), floats, hashes, alias, tag, noop, several targets
// of one metaparameter (one of them twice), a reference by alias, and an
// autorequire that must not be written.
const featureCatalog = `
type "secret" {
  desc = "A secret."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }
  attribute "password" {
    type      = "String"
    sensitive = true
  }
  attribute "token" {
    type = "Sensitive[String]"
  }
  attribute "ratio" {
    type = "Optional[Float]"
  }
  attribute "labels" {
    type = "Optional[Hash[String, Variant[String, Integer, Array[String]]]]"
  }
  autorequire {
    node_res = "$name"
  }
}
resource "node_res" "db" {
  alias = ["database"]
}
resource "node_res" "web server" {
  tag  = ["Frontend", "web"]
  noop = true
}
resource "secret" "db" {
  password = "hunter2"
  token    = "s3cret"
  ratio    = 1.0
  labels   = { zone = "b", port = 5432, hosts = ["x", "y"] }
  require  = ["Node_res[database]", node_res.db, node_res["web server"]]
  notify   = node_res["web server"]
}
`

// loadPuppetGraph loads files (path → name in the catalog) and builds
// the graph; a load error fails the test.
func loadPuppetGraph(t *testing.T, names []string, srcs [][]byte) *graph.Graph {
	t.Helper()
	c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	return graph.Build(c)
}

// readFixtures reads files under fixtures/ and names them by their path
// there, so the goldens do not depend on where the test runs.
func readFixtures(t *testing.T, paths ...string) ([]string, [][]byte) {
	t.Helper()
	srcs := make([][]byte, len(paths))
	for i, p := range paths {
		b, err := os.ReadFile(filepath.Join("..", "..", "fixtures", p))
		if err != nil {
			t.Fatal(err)
		}
		srcs[i] = b
	}
	return paths, srcs
}

// renamedCatalog has a resource Puppet applies under its name (Node_res[y],
// declared x), with a relation of its own and one naming it. Puppet 7.23
// applies its Puppet-format catalog with the edges y -> b and y -> z.
const renamedCatalog = `
resource "node_res" "x" {
  name   = "y"
  before = node_res.b
}
resource "node_res" "b" {}
resource "node_res" "z" {
  require = node_res.y
}
`

// puppetCases are the catalogs the Puppet-format tests write.
func puppetCases(t *testing.T) map[string]*graph.Graph {
	t.Helper()
	out := map[string]*graph.Graph{}
	names, srcs := readFixtures(t, "seed/types.hcl", "seed/resources.hcl")
	out["seed"] = loadPuppetGraph(t, names, srcs)
	for _, c := range []string{"software_titles", "auto_kinds", "refresh_edges"} {
		names, srcs := readFixtures(t, "oracle/types.hcl", "oracle/cases/"+c+"/main.hcl")
		out[c] = loadPuppetGraph(t, names, srcs)
	}
	names, srcs = readFixtures(t, "oracle/types.hcl")
	out["features"] = loadPuppetGraph(t, append(names, "features.hcl"), append(srcs, []byte(featureCatalog)))
	out["renamed"] = loadPuppetGraph(t, append(names, "renamed.hcl"), append(srcs, []byte(renamedCatalog)))
	return out
}

func writePuppet(t *testing.T, g *graph.Graph) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, g, Options{Secrets: RedactSecrets}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestPuppetCatalogGolden(t *testing.T) {
	t.Parallel()
	cases := puppetCases(t)
	for _, name := range []string{"seed", "software_titles", "features"} {
		t.Run(name, func(t *testing.T) {
			testutil.Golden(t, filepath.Join("testdata", "puppet_"+name+".json"), writePuppet(t, cases[name]))
		})
	}
}

// puppetDoc is the part of a Puppet catalog the shape test reads.
type puppetDoc struct {
	CatalogFormat int    `json:"catalog_format"`
	Environment   string `json:"environment"`
	Resources     []struct {
		Type       string                     `json:"type"`
		Title      string                     `json:"title"`
		Kind       string                     `json:"kind"`
		Exported   *bool                      `json:"exported"`
		Tags       []string                   `json:"tags"`
		Parameters map[string]json.RawMessage `json:"parameters"`
		Sensitive  []string                   `json:"sensitive_parameters"`
	} `json:"resources"`
	Edges []struct{ Source, Target string } `json:"edges"`
}

// relationParams are the metaparameters that name other resources.
var relationParams = []string{"require", "before", "notify", "subscribe"}

// TestPuppetCatalogShape checks what Puppet needs to apply the catalog
// as catc planned it: format 2, every resource of kind compilable_type
// (classes unknown), every relation and edge naming a resource of the
// catalog, exactly the manual relations written (no auto ones), and no
// sensitive value in clear.
func TestPuppetCatalogShape(t *testing.T) {
	t.Parallel()
	for name, g := range puppetCases(t) {
		t.Run(name, func(t *testing.T) {
			out := writePuppet(t, g)
			var doc puppetDoc
			if err := json.Unmarshal(out, &doc); err != nil {
				t.Fatalf("not JSON: %v", err)
			}
			if doc.CatalogFormat != 2 || doc.Environment != "production" {
				t.Errorf("catalog_format %d, environment %q", doc.CatalogFormat, doc.Environment)
			}
			// A resource renamed by its name is in the catalog under
			// its declared title: relations may name it by either, but
			// edges only by that title (Puppet 7.23 refuses the catalog
			// otherwise: "Could not find relationship target").
			applied := map[string]string{}
			for _, r := range g.Catalog.Resources {
				applied[r.DeclaredRef()] = r.Ref()
			}
			titles, refs := map[string]bool{}, map[string]bool{}
			for _, r := range doc.Resources {
				ref := r.Type + "[" + r.Title + "]"
				titles[ref], refs[ref], refs[applied[ref]] = true, true, true
			}
			if len(doc.Resources) != len(g.Catalog.Resources)+3 {
				t.Errorf("%d resources, want the %d of the catalog and 3 bookkeeping ones", len(doc.Resources), len(g.Catalog.Resources))
			}
			written := map[[2]string]bool{}
			for _, r := range doc.Resources {
				ref := r.Type + "[" + r.Title + "]"
				checkPuppetKind(t, ref, r.Type, r.Kind)
				if a, ok := applied[ref]; ok {
					ref = a
				}
				if r.Exported == nil || *r.Exported || len(r.Tags) == 0 {
					t.Errorf("%s: exported %v, tags %v", ref, r.Exported, r.Tags)
				}
				for _, p := range relationParams {
					for _, target := range relationTargets(t, r.Parameters[p]) {
						if !refs[target] {
							t.Errorf("%s: %s names %s, which is not in the catalog", ref, p, target)
						}
						written[relationPair(p, ref, target)] = true
					}
				}
			}
			for _, e := range doc.Edges {
				if !titles[e.Source] || !titles[e.Target] {
					t.Errorf("edge %s -> %s names a resource not in the catalog", e.Source, e.Target)
				}
			}
			checkManualRelations(t, g, written)
			if bytes.Contains(out, []byte("hunter2")) || bytes.Contains(out, []byte("s3cret")) {
				t.Error("a sensitive value is written in clear")
			}
		})
	}
}

func checkPuppetKind(t *testing.T, ref, typ, kind string) {
	t.Helper()
	want := "compilable_type"
	if typ == "Class" {
		want = "unknown" // Puppet fails to apply a Class of kind compilable_type
	}
	if kind != want {
		t.Errorf("%s: kind %q, want %q", ref, kind, want)
	}
}

// relationTargets decodes a relationship parameter: a ref or a list.
func relationTargets(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	if raw == nil {
		return nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err != nil || len(many) < 2 {
		t.Errorf("relationship parameter %s: want a ref or a list of two or more", raw)
	}
	return many
}

// relationPair is a relation as a dependency edge, [before, after].
func relationPair(param, ref, target string) [2]string {
	if param == "require" || param == "subscribe" {
		return [2]string{target, ref}
	}
	return [2]string{ref, target}
}

// checkManualRelations checks that the written relations are exactly
// the graph's edges that come from metaparameters: auto ones are for
// Puppet to recompute.
func checkManualRelations(t *testing.T, g *graph.Graph, written map[[2]string]bool) {
	t.Helper()
	want := map[[2]string]bool{}
	for _, e := range g.Edges() {
		if !e.Kinds.Auto() {
			want[[2]string{e.F.Resource.Ref(), e.T.Resource.Ref()}] = true
		}
	}
	for p := range written {
		if !want[p] {
			t.Errorf("relation %s -> %s written, but it is not a manual edge", p[0], p[1])
		}
	}
	for p := range want {
		if !written[p] {
			t.Errorf("manual edge %s -> %s not written", p[0], p[1])
		}
	}
}

// TestPuppetCatalogDeterministic writes each catalog twice, and from two
// separate loads, and wants the same bytes.
func TestPuppetCatalogDeterministic(t *testing.T) {
	t.Parallel()
	first, second := puppetCases(t), puppetCases(t)
	for name, g := range first {
		a, b, c := writePuppet(t, g), writePuppet(t, g), writePuppet(t, second[name])
		if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
			t.Errorf("%s: two writes differ", name)
		}
		if !strings.HasSuffix(string(a), "}\n") {
			t.Errorf("%s: does not end with a newline", name)
		}
	}
}

// TestPuppetTagsQualified: the tags of a flat catalog's resources are
// Puppet 7.23's for the same manifest (fixtures/oracle/PUPPET_FORMAT.md,
// "Tags"): each `tag` value, the type and a title that is a valid tag
// are followed by their `::` segments, all in lower case.
func TestPuppetTagsQualified(t *testing.T) {
	t.Parallel()
	const site = `
resource "notify" "web::front" {
  tag = ["team::ops", "Audit"]
}
resource "notify" "plain" {}
resource "file" "/tmp/catc-classes/tags" {
  ensure = "file"
  tag    = "x::y::z"
}
`
	g := loadPuppetGraph(t, []string{"main.hcl"}, [][]byte{[]byte(site)})
	var doc puppetDoc
	if err := json.Unmarshal(writePuppet(t, g), &doc); err != nil {
		t.Fatal(err)
	}
	puppet := map[string][]string{ // puppet catalog find, tags as written
		"Stage[main]":                  {"stage"},
		"Class[Settings]":              {"class", "settings"},
		"Class[main]":                  {"class"},
		"Notify[web::front]":           {"team::ops", "team", "ops", "audit", "notify", "web::front", "web", "front", "class"},
		"Notify[plain]":                {"notify", "plain", "class"},
		"File[/tmp/catc-classes/tags]": {"x::y::z", "x", "y", "z", "file", "class"},
	}
	for _, r := range doc.Resources {
		ref := r.Type + "[" + r.Title + "]"
		if want := puppet[ref]; !slices.Equal(r.Tags, want) {
			t.Errorf("%s: tags %q, Puppet %q", ref, r.Tags, want)
		}
	}
	if len(doc.Resources) != len(puppet) {
		t.Errorf("%d resources, Puppet %d", len(doc.Resources), len(puppet))
	}
}
