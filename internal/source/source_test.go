package source

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/testutil"
)

const puppetJSON = `{"name":"n1","version":1,"resources":[{"type":"Notify","title":"a","exported":false}]}`

func TestClassifyTellsEachKind(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{
		"site/main.hcl":     `resource "notify" "a" {}`,
		"n1.json":           puppetJSON,
		"catalog.txt":       puppetJSON, // told by content, not by name
		"compiled.json":     `{"format": "catc.catalog/1", "resources": []}`,
		"nodes/web.json":    puppetJSON,
		"nodes/broken.json": ``,
		"mixed/web.json":    puppetJSON,
		"mixed/types.hcl":   ``,
		"other.json":        `{"a": 1}`,
	})
	in := func(p string) string { return filepath.Join(dir, p) }
	for _, tc := range []struct {
		path       string
		kind       Kind
		catalogDir bool
	}{
		{in("site"), KindHCL, false},
		{in("site/main.hcl"), KindHCL, false},
		{in("n1.json"), KindPuppet, false},
		{in("catalog.txt"), KindPuppet, false},
		{in("compiled.json"), KindCatc, false},
		{in("other.json"), KindHCL, false},
		{in("missing.hcl"), KindHCL, false},
		{in("nodes"), KindHCL, true},
		{in("mixed"), KindHCL, false},
		{"puppetdb:web-01.example.com", KindPuppetDBNode, false},
		{"puppetdb:", KindPuppetDBFleet, true},
		{`puppetdb:inventory[certname] { facts.role = "web" }`, KindPuppetDBFleet, true},
	} {
		got := Classify([]string{tc.path})[0]
		if got.Kind != tc.kind || got.Path != tc.path {
			t.Errorf("Classify(%q) = %+v, want kind %d", tc.path, got, tc.kind)
		}
		if _, _, ok := SplitCatalogDir([]string{tc.path}); ok != tc.catalogDir {
			t.Errorf("SplitCatalogDir(%q) found a catalog directory: %v, want %v", tc.path, ok, tc.catalogDir)
		}
	}
}

func TestTypesRefusesResources(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"r.hcl": `resource "notify" "a" {}`})
	if _, diags := Types(nil, nil); diags.HasErrors() {
		t.Fatalf("built-in types: %v", diags)
	}
	_, diags := Types([]string{filepath.Join(dir, "r.hcl")}, nil)
	if !diags.HasErrors() || diags[len(diags)-1].Summary != "Resources beside a Puppet catalog" {
		t.Fatalf("resources beside a catalog gave %v", diags)
	}
}

type fakeDB struct{ asked string }

func (f *fakeDB) Nodes(_ context.Context, pql string) ([]*nodefacts.Node, error) {
	f.asked = pql
	return []*nodefacts.Node{{Name: "web-01"}}, nil
}

func (f *fakeDB) Catalog(_ context.Context, certname string) (*puppetcatalog.Catalog, hcl.Diagnostics, error) {
	f.asked = certname
	return nil, nil, errors.New("down")
}

func TestPuppetAsksPuppetDBOnlyForANode(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"n1.json": puppetJSON})
	db := &fakeDB{}
	opened := 0
	open := func() (CatalogReader, error) { opened++; return db, nil }
	pc, diags, err := Puppet(context.Background(), Input{Path: filepath.Join(dir, "n1.json"), Kind: KindPuppet}, open)
	if pc == nil || diags.HasErrors() || err != nil || opened != 0 {
		t.Fatalf("file: %v %v %v, PuppetDB opened %d times", pc, diags, err, opened)
	}
	if _, _, err := Puppet(context.Background(), Input{Path: "puppetdb:web-01", Kind: KindPuppetDBNode}, open); err == nil || db.asked != "web-01" {
		t.Fatalf("PuppetDB: %v, asked for %q", err, db.asked)
	}
}

func TestHieraFindsTheSiteData(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{
		"site/hiera.yaml":       "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
		"site/data/common.yaml": "a: 1\n",
		"types/t.hcl":           ``,
	})
	if data, diags := Hiera([]string{filepath.Join(dir, "types")}); data != nil || len(diags) > 0 {
		t.Fatalf("no hiera.yaml gave %v %v", data, diags)
	}
	if data, diags := Hiera([]string{filepath.Join(dir, "types"), filepath.Join(dir, "site")}); data == nil || diags.HasErrors() {
		t.Fatalf("the site's data: %v %v", data, diags)
	}
}

func TestReadWholeKeepsWhatItRead(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{
		"n1.json":       puppetJSON,
		"compiled.json": `{"format": "catc.plan/1"}`,
	})
	in, err := ReadWhole(filepath.Join(dir, "n1.json"))
	if err != nil || in.Kind != KindPuppet || string(in.Data()) != puppetJSON {
		t.Fatalf("ReadWhole: %+v, %v", in, err)
	}
	// Parsed from what was read, not read again.
	if err := os.Remove(filepath.Join(dir, "n1.json")); err != nil {
		t.Fatal(err)
	}
	pc, diags, err := Puppet(context.Background(), in, nil)
	if pc == nil || diags.HasErrors() || err != nil || len(pc.Resources) != 1 {
		t.Fatalf("Puppet of a read input: %v %v %v", pc, diags, err)
	}
	if in, err := ReadWhole(filepath.Join(dir, "compiled.json")); err != nil || in.Kind != KindCatc {
		t.Fatalf("catc's JSON: %+v, %v", in, err)
	}
	if _, err := ReadWhole(filepath.Join(dir, "missing.json")); err == nil {
		t.Fatal("a missing file read")
	}
}

func TestNodesQuery(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec, pql string
		ok        bool
	}{
		{"puppetdb", "", true},
		{"puppetdb:", "", true},
		{`puppetdb:inventory[certname] { facts.role = "web" }`, `inventory[certname] { facts.role = "web" }`, true},
		{"facts/", "", false},
		{"puppetdb.json", "", false},
	} {
		pql, ok := NodesQuery(tc.spec)
		if ok != tc.ok || tc.pql != "" && pql != tc.pql || tc.ok && pql == "" {
			t.Errorf("NodesQuery(%q) = %q, %v; want %q, %v", tc.spec, pql, ok, tc.pql, tc.ok)
		}
	}
}

func TestPathsTellsEachPathOnce(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"nodes/web.json": puppetJSON, "n1.json": puppetJSON})
	var ps Paths
	nodes, n1 := filepath.Join(dir, "nodes"), filepath.Join(dir, "n1.json")
	if !ps.IsCatalogDir(nodes) || ps.Classify([]string{n1})[0].Kind != KindPuppet {
		t.Fatal("not told at first")
	}
	// Asked again, the answers come from memory: the files are not read.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if !ps.IsCatalogDir(nodes) || !ps.IsPuppetCatalog(n1) || !ps.IsPuppetCatalog(filepath.Join(nodes, "web.json")) {
		t.Fatal("asked again, a path was read again")
	}
	if new(Paths).IsCatalogDir(nodes) {
		t.Fatal("a new Paths remembered")
	}
}

func TestSplitTakesTheOneCatalog(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		ins     []Input
		puppet  string
		hcl     int
		wantErr string
	}{
		{"hcl", []Input{{Path: "a"}, {Path: "b"}}, "", 2, ""},
		{"catalog and types", []Input{{Path: "t.hcl"}, {Path: "n.json", Kind: KindPuppet}}, "n.json", 1, ""},
		{"puppetdb", []Input{{Path: "puppetdb:web", Kind: KindPuppetDBNode}}, "puppetdb:web", 0, ""},
		{"two", []Input{{Path: "a.json", Kind: KindPuppet}, {Path: "puppetdb:web", Kind: KindPuppetDBNode}}, "", 0,
			"a.json and puppetdb:web are both Puppet catalogs: give one catalog at a time, with HCL type files beside it if needed"},
		{"catc", []Input{{Path: "a.json", Kind: KindPuppet}, {Path: "b.json", Kind: KindPuppet}, {Path: "c.json", Kind: KindCatc}}, "", 0,
			"c.json is catc's own catalog JSON (catc compile --format catc): give the HCL it was compiled from, or a Puppet catalog; catc diff compares two such files"},
	} {
		puppet, hclPaths, err := Split(tc.ins)
		switch {
		case tc.wantErr != "":
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.wantErr)
			}
		case err != nil || len(hclPaths) != tc.hcl || (puppet == nil) != (tc.puppet == "") || puppet != nil && puppet.Path != tc.puppet:
			t.Errorf("%s: %v %v %v", tc.name, puppet, hclPaths, err)
		}
	}
}

func TestPuppetCatalogReadsAfterTheTypes(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"n1.json": puppetJSON, "bad.hcl": `type "x" {`})
	opened := 0
	open := func() (CatalogReader, error) { opened++; return &fakeDB{}, nil }
	l, err := PuppetCatalog(context.Background(), Input{Path: filepath.Join(dir, "n1.json"), Kind: KindPuppet}, nil, nil, open)
	if err != nil || l.Catalog == nil || l.Diags.HasErrors() || len(l.Catalog.Resources) != 1 {
		t.Fatalf("a catalog: %+v, %v", l, err)
	}
	// Types with errors: the catalog is not read, PuppetDB not asked.
	l, err = PuppetCatalog(context.Background(), Input{Path: "puppetdb:web", Kind: KindPuppetDBNode}, []string{filepath.Join(dir, "bad.hcl")}, nil, open)
	if err != nil || l.Catalog != nil || !l.Diags.HasErrors() || len(l.Files) == 0 || opened != 0 {
		t.Fatalf("bad types: %+v, %v, PuppetDB opened %d times", l, err, opened)
	}
	var fe *FleetError
	if _, err := PuppetCatalog(context.Background(), Input{Path: "puppetdb:", Kind: KindPuppetDBFleet}, nil, nil, open); !errors.As(err, &fe) || opened != 0 {
		t.Fatalf("a fleet: %v", err)
	}
}

func TestReadNodesFromFilesOrPuppetDB(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"facts/web-01.json": `{"name": "web-01", "values": {"role": "web"}}`})
	db := &fakeDB{}
	opened := 0
	open := func() (NodeReader, error) { opened++; return db, nil }
	nodes, diags, err := ReadNodes(context.Background(), filepath.Join(dir, "facts"), open)
	if err != nil || diags.HasErrors() || len(nodes) != 1 || nodes[0].Name != "web-01" || opened != 0 {
		t.Fatalf("facts files: %v %v %v, PuppetDB opened %d times", nodes, diags, err, opened)
	}
	nodes, _, err = ReadNodes(context.Background(), `puppetdb:inventory[certname] { facts.role = "web" }`, open)
	if err != nil || len(nodes) != 1 || opened != 1 || db.asked != `inventory[certname] { facts.role = "web" }` {
		t.Fatalf("PuppetDB: %v %v, asked %q", nodes, err, db.asked)
	}
}
