package puppetcatalog

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

func loadModelTypes(t *testing.T) *catalog.Catalog {
	t.Helper()
	defs, diags := compiler.Load([]string{"testdata/model/types.hcl"}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return defs
}

// dumpModel is what a user checks in the model of a Puppet catalog:
// each resource's ref, whether it is a container or of a type catc does
// not know, its containers, relations and agent-only parameters.
func dumpModel(c *catalog.Catalog) string {
	var b strings.Builder
	for _, r := range c.Resources {
		x := r.External
		fmt.Fprintf(&b, "%d %s", r.Index, r.Ref())
		if x.Container {
			b.WriteString(" container")
		}
		if x.Unknown {
			b.WriteString(" unknown-type")
		}
		if x.File != "" {
			fmt.Fprintf(&b, " at %s:%d", x.File, x.Line)
		}
		b.WriteString("\n")
		for _, in := range x.Containers {
			fmt.Fprintf(&b, "  in %s\n", in.Ref())
		}
		for _, rel := range r.Relations {
			fmt.Fprintf(&b, "  %s %s\n", rel.Kind, rel.Target.Ref())
		}
		if len(x.Deferred) > 0 {
			fmt.Fprintf(&b, "  deferred %q\n", x.Deferred)
		}
	}
	return b.String()
}

// TestModelFormats builds the model of every format sample with the
// types of testdata/model: containers, containment, relations.
func TestModelFormats(t *testing.T) {
	defs := loadModelTypes(t)
	files, _ := filepath.Glob("testdata/read/*.json")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			pc, diags := Read(f)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			c, diags := Model(pc, defs)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			testutil.Golden(t, strings.TrimSuffix(f, ".json")+".model.golden", []byte(dumpModel(c)))
		})
	}
}

// TestModelKeepsSecrets: a sensitive parameter of a known type stays
// wrapped in the model.
func TestModelKeepsSecrets(t *testing.T) {
	pc, _ := Read("testdata/read/format2.json")
	c, diags := Model(pc, loadModelTypes(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	r := c.Lookup("file", "/srv/web/secret.conf")
	if v, _ := r.Attr("content"); !isSensitive(v) {
		t.Errorf("content = %T, want types.Sensitive", v)
	}
}

// TestModelErrors: a resource Puppet's agent would refuse is an error at
// its place in the catalog file (line of the JSON), naming the ref.
func TestModelErrors(t *testing.T) {
	head := `{"name": "n", "catalog_format": 2, "resources": [
{"type": "Class", "title": "main", "exported": false, "kind": "unknown"},
{"type": "File", "title": "/a", "exported": false, "kind": "compilable_type", "parameters": {"ensure": "present"}},
`
	tail := `
], "edges": []}`
	tests := []struct {
		name, res string
		line      int
		want      string
	}{
		{"bad value", `{"type": "File", "title": "/b", "exported": false, "kind": "compilable_type", "parameters": {"mode": "999"}}`, 4, "mode"},
		{"bad title", `{"type": "File", "title": "rel", "exported": false, "kind": "compilable_type"}`, 4, "path"},
		{"unknown attribute", `{"type": "Notify", "title": "x", "exported": false, "kind": "compilable_type", "parameters": {"colour": "red"}}`, 4, "no parameter named 'colour'"},
		{"missing ref", `{"type": "Notify", "title": "x", "exported": false, "kind": "compilable_type", "parameters": {"require": "Notify[nope]"}}`, 4, "Could not find resource 'Notify[nope]' in parameter 'require'"},
		{"missing in array", `{"type": "Notify", "title": "x", "exported": false, "kind": "compilable_type", "parameters": {"before": ["File[/a]", "Class[ghost]"]}}`, 4, "'Class[Ghost]'"},
		{"not a ref", `{"type": "Notify", "title": "x", "exported": false, "kind": "compilable_type", "parameters": {"notify": "nope"}}`, 4, "not a resource reference"},
		{"duplicate by key", `{"type": "File", "title": "/a/", "exported": false, "kind": "compilable_type"}`, 4, "Duplicate"},
	}
	defs := loadModelTypes(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pc, diags := Parse("cat.json", []byte(head+tt.res+tail))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			_, diags = Model(pc, defs)
			if !diags.HasErrors() {
				t.Fatal("no error")
			}
			d := diags[0]
			if d.Subject == nil || d.Subject.Filename != "cat.json" || d.Subject.Start.Line != tt.line {
				t.Errorf("subject %v, want cat.json line %d", d.Subject, tt.line)
			}
			if !strings.Contains(d.Summary+" "+d.Detail, tt.want) {
				t.Errorf("%s: %s does not say %q", d.Summary, d.Detail, tt.want)
			}
		})
	}
}

// TestModelRefs: references by alias, by namevar, with a trailing slash,
// to a class in lower case; a Sensitive value never reaches a message.
func TestModelRefs(t *testing.T) {
	src := `{"name": "n", "catalog_format": 2, "resources": [
{"type": "Class", "title": "main", "exported": false, "kind": "unknown"},
{"type": "Class", "title": "Web::Site", "exported": false, "kind": "class"},
{"type": "File", "title": "conf", "exported": false, "kind": "compilable_type", "parameters": {"path": "/etc/app", "alias": "appconf"}},
{"type": "Notify", "title": "a", "exported": false, "kind": "compilable_type", "parameters": {"require": ["File[/etc/app/]", "file[appconf]", "Class[web::site]", "Class[main]"]}},
{"type": "Notify", "title": "b", "exported": false, "kind": "compilable_type", "parameters": {"message": "hunter2"}, "sensitive_parameters": ["message"]}
], "edges": [{"source": "Class[main]", "target": "Notify[a]"}, {"source": "Class[Main]", "target": "Class[Web::Site]"}]}`
	pc, diags := Parse("cat.json", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, loadModelTypes(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var got []string
	for _, rel := range c.Lookup("notify", "a").Relations {
		got = append(got, rel.Target.Ref())
	}
	want := "File[conf] File[conf] Class[Web::Site] Class[Main]"
	if strings.Join(got, " ") != want {
		t.Errorf("relations %q, want %s", got, want)
	}
	if v, _ := c.Lookup("notify", "b").Attr("message"); !isSensitive(v) {
		t.Errorf("message = %T, want Sensitive", v)
	}
	var _ hcl.Diagnostics
	var _ types.Value
}
