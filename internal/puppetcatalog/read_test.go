package puppetcatalog

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// dumpCatalog is what a user checks in a catalog as read: its shape,
// each resource with its parameters (secrets as <sensitive>), the edges.
func dumpCatalog(c *Catalog) string {
	var b strings.Builder
	fmt.Fprintf(&b, "source: %s\nformat: %d\nwrapper: %q\nnode: %q\nenvironment: %q\norder known: %v\nclasses: %q\n",
		c.Source, c.Format, c.Wrapper, c.Node, c.Environment, c.OrderKnown, c.Classes)
	for _, r := range c.Resources {
		fmt.Fprintf(&b, "resource %d %s kind=%q file=%q line=%d exported=%v tags=%q\n", r.Index, r.Ref(), r.Kind, r.File, r.Line, r.Exported, r.Tags)
		for _, p := range r.Params {
			fmt.Fprintf(&b, "  %s = %s\n", p.Name, dumpValue(p.Value))
		}
	}
	for _, e := range c.Edges {
		fmt.Fprintf(&b, "edge %s -> %s\n", c.Resources[e.Source].Ref(), c.Resources[e.Target].Ref())
	}
	return b.String()
}

func dumpValue(v types.Value) string {
	switch v := v.(type) {
	case types.Sensitive:
		return "<sensitive>"
	case Deferred:
		return fmt.Sprintf("Deferred(%s %s)", v.Name, dumpValue(v.Arguments))
	case RichData:
		return fmt.Sprintf("RichData(%s %s)", v.PType, dumpValue(v.Value))
	case []types.Value:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = dumpValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *types.Hash:
		parts := make([]string, len(v.Keys))
		for i, k := range v.Keys {
			parts[i] = fmt.Sprintf("%q: %s", k, dumpValue(v.Values[i]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case string:
		return fmt.Sprintf("%q", v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

// TestReadFormats reads a hand-written catalog of each format and
// wrapper and compares what was read with testdata/read/NAME.golden.
func TestReadFormats(t *testing.T) {
	files, _ := filepath.Glob("testdata/read/*.json")
	if len(files) < 6 {
		t.Fatalf("want the 6 format samples, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			c, diags := Read(f)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			testutil.Golden(t, strings.TrimSuffix(f, ".json")+".golden", []byte(dumpCatalog(c)))
		})
	}
}

// TestReadNeverShowsSecrets: the clear value of a sensitive parameter
// (top-level or nested) is wrapped as it is read.
func TestReadNeverShowsSecrets(t *testing.T) {
	c, diags := Read("testdata/read/format2.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	file := c.Resources[5]
	if v, _ := file.Param("content"); !isSensitive(v) {
		t.Errorf("content of %s = %T, want types.Sensitive", file.Ref(), v)
	}
	exec := c.Resources[6]
	extra, _ := exec.Param("extra")
	nested, _ := extra.(*types.Hash).Get("nested")
	if !isSensitive(nested) {
		t.Errorf("nested __ptype Sensitive = %T, want types.Sensitive", nested)
	}
	if d, _ := file.Param("validate_cmd"); !HasDeferred(d) {
		t.Errorf("validate_cmd is not marked Deferred: %T", d)
	}
	if got := dumpCatalog(c); strings.Contains(got, "hunter2") || strings.Contains(got, "s3cr3t") {
		t.Errorf("a secret is printed:\n%s", got)
	}
}

func isSensitive(v types.Value) bool { _, ok := v.(types.Sensitive); return ok }

// TestReadCoreCatalogs reads every catalog Puppet compiled for the core
// fixtures: every edge resolved, order known, nothing lost.
func TestReadCoreCatalogs(t *testing.T) {
	files, _ := filepath.Glob(testutil.Fixture("oracle", "core", "*.catalog.json"))
	if len(files) < 60 {
		t.Fatalf("want the core catalogs, found %d", len(files))
	}
	for _, f := range files {
		c, diags := Read(f)
		if diags.HasErrors() {
			t.Errorf("%s: %v", f, diags)
			continue
		}
		if c.Format != 2 || c.Source != SourcePuppet || !c.OrderKnown || c.Node == "" {
			t.Errorf("%s: format %d, source %v, order known %v, node %q", f, c.Format, c.Source, c.OrderKnown, c.Node)
		}
		if c.Resources[0].Ref() != "Stage[main]" {
			t.Errorf("%s: first resource %s, want Stage[main]", f, c.Resources[0].Ref())
		}
		contained := map[int]bool{}
		for _, e := range c.Edges {
			contained[e.Target] = true
		}
		for _, r := range c.Resources[1:] {
			if !contained[r.Index] {
				t.Errorf("%s: %s has no container", f, r.Ref())
			}
		}
	}
}

// TestReadErrors: a bad catalog is one diagnostic at the offending byte
// (file, line and column), saying what is wrong, never quoting a value.
func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		want      string
	}{
		{"empty", ``, 1, 1, "found the end of the file"},
		{"not object", `"x"`, 1, 1, "is a JSON object"},
		{"syntax", "{\"resources\": [\n  {\"type\": \"Notify\" \"title\": \"a\"}]}", 2, 21, `expected ','`},
		{"no resources", `{"name": "x"}`, 1, 1, `has no "resources"`},
		{"trailing", `{"resources": []} x`, 1, 19, "after the JSON document"},
		{"bad format", `{"catalog_format": 3, "resources": []}`, 1, 20, "0, 1 or 2"},
		{"resources not array", `{"resources": 3}`, 1, 15, `"resources" must be an array`},
		{"no title", `{"resources": [{"type": "Notify"}]}`, 1, 16, `no "type" or no "title"`},
		{"dup resource", `{"resources": [{"type": "Notify", "title": "a"},` + "\n" + `{"type": "notify", "title": "a"}]}`, 2, 1, "given twice"},
		{"dup key", `{"resources": [], "resources": []}`, 1, 19, "appears twice"},
		{"edge target", `{"resources": [{"type": "Class", "title": "main"}], "edges": [{"source": "Class[Main]", "target": "Notify[ghost]"}]}`, 1, 99, "Could not find relationship target Notify[ghost]"},
		{"edge ref", `{"resources": [], "edges": [{"source": "nope", "target": "x"}]}`, 1, 40, "not a resource reference"},
		{"big int", `{"resources": [{"type": "N", "title": "a", "parameters": {"p": 99999999999999999999}}]}`, 1, 64, "out of range"},
		{"wrapper", `{"document_type": "Catalog", "metadata": {}}`, 1, 1, `no "data"`},
		{"query many", `[{"resources": []}, {"resources": []}]`, 1, 1, "holds 2 catalogs"},
		{"query unexpanded", `[{"certname": "a", "resources": {"href": "/x"}}]`, 1, 33, `holds no "data"`},
		{"control char", "{\"resources\": [{\"type\": \"N\", \"title\": \"a\tb\"}]}", 1, 41, "control character"},
		{"unclosed", `{"resources": [{"type": "N", "title": "secret`, 1, 39, "not closed"},
		{"deep", strings.Repeat("[", maxDepth+1), 1, maxDepth + 1, "nested deeper"},
		{"line", `{"resources": [{"type": "N", "title": "a", "line": "x"}]}`, 1, 52, `"line" must be`},
		// With two faults, the one reported does not depend on where
		// "resources" is: syntax anywhere first, then the fields in order.
		{"name after bad resources", `{"resources": [{"type": "N"}], "name": 3}`, 1, 40, `"name" must be a string`},
		{"syntax after bad resources", `{"resources": [{"type": "N"}], "edges": [}`, 1, 42, "expected a JSON value"},
		{"deep in resources", deepParam, 1, len(deepParamPrefix) + maxDepth - 3, "nested deeper"},
		{"name after bad edges", `{"resources": [], "edges": [{"source": "nope", "target": "x"}], "name": 3}`, 1, 73, `"name" must be a string`},
		{"name after a resource twice", `{"resources": [{"type": "N", "title": "a"}, {"type": "N", "title": "a"}], "edges": [], "name": 3}`, 1, 96, `"name" must be a string`},
		{"edges before resources", `{"edges": [{"source": "Class[Main]", "target": "Notify[ghost]"}], "resources": [{"type": "Class", "title": "main"}]}`, 1, 48, "Could not find relationship target Notify[ghost]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, diags := Parse("cat.json", []byte(tt.src))
			if c != nil || len(diags) != 1 {
				t.Fatalf("got catalog %v and %d diagnostics, want one error", c != nil, len(diags))
			}
			d := diags[0]
			if d.Severity != hcl.DiagError || d.Subject == nil || d.Subject.Filename != "cat.json" {
				t.Fatalf("diagnostic %+v", d)
			}
			if d.Subject.Start.Line != tt.line || d.Subject.Start.Column != tt.col {
				t.Errorf("at %d:%d, want %d:%d (%s)", d.Subject.Start.Line, d.Subject.Start.Column, tt.line, tt.col, d.Detail)
			}
			if !strings.Contains(d.Detail, tt.want) {
				t.Errorf("detail %q does not say %q", d.Detail, tt.want)
			}
			if strings.Contains(d.Detail, "secret") {
				t.Errorf("detail quotes a value: %q", d.Detail)
			}
		})
	}
}

// deepParam nests a parameter's arrays too deep, inside the resources
// (object, array, resource, parameters: 4 levels before the first '[').
const deepParamPrefix = `{"resources": [{"parameters": {"p": `

var deepParam = deepParamPrefix + strings.Repeat("[", maxDepth)

// TestReadFileErrors: a missing file, a directory.
func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{filepath.Join(dir, "missing.json"), dir} {
		if _, diags := Read(name); !diags.HasErrors() || !strings.Contains(diags[0].Detail, name) {
			t.Errorf("Read(%q) = %v, want an error naming the file", name, diags)
		}
	}
}

// TestLooksLikeCatalog: a catalog is told by its start, an HCL file is
// never taken for one.
func TestLooksLikeCatalog(t *testing.T) {
	for src, want := range map[string]bool{
		`{"tags":["settings"],"name":"n","resources":[]}`:    true,
		"\ufeff  [{\"certname\": \"a\", \"resources\": {}}]": true,
		`{"document_type": "Catalog", "data": {}}`:           true,
		`{"catalog": {}}`:                 true,
		`resource "file" "/x" {}`:         false,
		`{"name": "facts", "values": {}}`: false,
		`# {"resources": []}`:             false,
		``:                                false,
	} {
		if got := LooksLikeCatalog([]byte(src)); got != want {
			t.Errorf("LooksLikeCatalog(%q) = %v, want %v", src, got, want)
		}
	}
	if k, _ := Sniff(t.TempDir()); k == KindPuppet {
		t.Error("a directory is taken for a catalog")
	}
	if k, _ := Sniff("testdata/read/puppetdb_query.json"); k != KindPuppet {
		t.Error("PuppetDB's query output is not recognised")
	}
}
