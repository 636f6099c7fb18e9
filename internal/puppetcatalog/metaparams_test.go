package puppetcatalog

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestMetaparamsKept: schedule, loglevel and audit, as Puppet 7.23
// compiled them from fixtures/oracle/catalogs/metaparams.pp (apt's update
// exec with the module's loglevel parameter, resources of the site with
// a declared schedule and audits), are kept on the resources, and written
// back as parameters when the catalog is exported in Puppet's format.
// (TestCorpus checks its order against Puppet's.)
func TestMetaparamsKept(t *testing.T) {
	pc, diags := Read(testutil.Fixture("oracle", "catalogs", "metaparams.catalog.json"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, coreTypes(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := map[string]catalog.Metaparams{
		"Exec[apt_update]":             {Loglevel: "debug"},
		"Notify[in the window]":        {Schedule: "catc-maintenance", Loglevel: "info"},
		"Notify[after the window]":     {Schedule: "catc-maintenance"},
		"File[/tmp/catc-pcat/audited]": {Loglevel: "verbose", Audit: []string{"mode", "owner"}},
		"Notify[audit all]":            {Audit: []string{"all"}},
	}
	for ref, w := range want {
		typ, title, _ := catalog.SplitRef(ref)
		r := c.Lookup(typ, title)
		if r == nil || r.Meta == nil {
			t.Errorf("%s: no metaparameters kept", ref)
			continue
		}
		if r.Meta.Schedule != w.Schedule || r.Meta.Loglevel != w.Loglevel || !slices.Equal(r.Meta.Audit, w.Audit) {
			t.Errorf("%s: %+v, want %+v", ref, *r.Meta, w)
		}
	}
	var out bytes.Buffer
	if err := Write(&out, graph.Build(c), Options{Secrets: RevealSecrets}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Resources []struct {
			Type, Title string
			Parameters  map[string]any
		}
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, r := range doc.Resources {
		if r.Type == "File" && r.Title == "/tmp/catc-pcat/audited" {
			if got := r.Parameters["audit"]; !slices.Equal(toStrings(got), []string{"mode", "owner"}) || r.Parameters["loglevel"] != "verbose" {
				t.Errorf("exported %s[%s]: audit %v, loglevel %v", r.Type, r.Title, got, r.Parameters["loglevel"])
			}
			return
		}
	}
	t.Error("the audited file is not exported")
}

func toStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, len(list))
	for i, x := range list {
		out[i], _ = x.(string)
	}
	return out
}
