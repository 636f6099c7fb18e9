package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/puppetdb/pdbtest"
	"github.com/catc-dev/catc/internal/testutil"
)

// The tests of this file share the package's PuppetDB: none is
// parallel, and each starts from no active node.

// pdbFlags are the flags that reach the test PuppetDB over TLS.
func pdbFlags(s *pdbtest.Server) []string {
	return []string{"--puppetdb", s.URL, "--puppetdb-cacert", s.CACert, "--puppetdb-cert", s.Cert, "--puppetdb-key", s.Key}
}

// freshPuppetDB is the package's PuppetDB with no active node.
func freshPuppetDB(t *testing.T) *pdbtest.Server {
	t.Helper()
	s := pdbtest.Get(t)
	if err := s.DeactivateAll(); err != nil {
		t.Fatal(err)
	}
	return s
}

// saveCatalog writes the node's current catalog, exactly as PuppetDB's
// query API answers, to dir/NODE.json.
func saveCatalog(t *testing.T, s *pdbtest.Server, node, dir string) string {
	t.Helper()
	resp, err := http.Get(s.HTTPURL + "/pdb/query/v4/catalogs/" + node)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s: %v %s", node, err, resp.Status)
	}
	path := filepath.Join(dir, node+".json")
	writeFile(t, path, string(data))
	return path
}

// TestPuppetDBPlan plans a node's current catalog from PuppetDB: the
// plan is the one of the same answer saved to a file, and diffing the
// two shows no change.
func TestPuppetDBPlan(t *testing.T) {
	s := freshPuppetDB(t)
	wire, err := os.ReadFile(filepath.Join(testutil.Fixture("oracle/catalogs/puppetdb"), "mysql.wire.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceCatalog(wire, true); err != nil {
		t.Fatal(err)
	}
	file := saveCatalog(t, s, "mysql.example.com", t.TempDir())
	with := func(cmd []string, path string) []string {
		out := make([]string, len(cmd))
		for i, a := range cmd {
			out[i] = strings.ReplaceAll(a, "PATH", path)
		}
		return out
	}
	for _, cmd := range [][]string{{"plan", "PATH"}, {"graph", "--format", "dot", "PATH"}, {"why", "PATH", "File[/etc/mysql/conf.d]"}} {
		code, fromPDB, errOut := runCatc(t, append(with(cmd, "puppetdb:mysql.example.com"), pdbFlags(s)...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", cmd[0], code, errOut)
		}
		_, fromFile, _ := runCatc(t, with(cmd, file)...)
		if want := strings.ReplaceAll(fromFile, file, "puppetdb:mysql.example.com"); fromPDB != want {
			t.Errorf("%s from PuppetDB:\n%s\nfrom the file:\n%s", cmd[0], fromPDB, want)
		}
	}
	code, out, errOut := runCatc(t, append([]string{"diff", "--detailed-exitcode", "puppetdb:mysql.example.com", file}, pdbFlags(s)...)...)
	if code != 0 {
		t.Errorf("diff of the node's catalog and its file: exit %d\n%s%s", code, out, errOut)
	}
	code, _, errOut = runCatc(t, append([]string{"plan", "puppetdb:nowhere.example.com"}, pdbFlags(s)...)...)
	if code != 1 || !strings.Contains(errOut, "has no catalog of this node: No information is known about catalog nowhere.example.com") {
		t.Errorf("unknown node: exit %d: %s", code, errOut)
	}
	code, _, errOut = runCatc(t, "plan", "puppetdb:mysql.example.com")
	if code != 1 || !strings.Contains(errOut, "give its address with --puppetdb URL or $PUPPETDB_URL") {
		t.Errorf("no URL: exit %d: %s", code, errOut)
	}
}

// TestPuppetDBFleetDiff diffs what every node runs now (PuppetDB) with
// a directory of new catalogs: the same diff as of the same answers
// saved as files, said once to be from lossy catalogs; a PQL query
// selects some of the nodes.
func TestPuppetDBFleetDiff(t *testing.T) {
	s := freshPuppetDB(t)
	f := gen.GeneratePuppetFleet(gen.PuppetFleetOptions{Nodes: 8, Classes: 2})
	dir := t.TempDir()
	oldDir, webDir, newDir := filepath.Join(dir, "old"), filepath.Join(dir, "web"), filepath.Join(dir, "new")
	for _, file := range f.New {
		writeFile(t, filepath.Join(newDir, file.Name), string(file.Src))
	}
	if err := s.ReplaceCatalogs(f.Old); err != nil {
		t.Fatal(err)
	}
	for _, file := range f.Old {
		node := strings.TrimSuffix(file.Name, ".json")
		saveCatalog(t, s, node, oldDir)
		if strings.HasPrefix(node, "web-") {
			saveCatalog(t, s, node, webDir)
		}
	}
	for _, tt := range []struct{ side, files string }{
		{"puppetdb:", oldDir},
		{`puppetdb:catalogs[certname] { certname ~ "^web-" }`, webDir},
	} {
		for _, format := range []string{"text", "json"} {
			_, fromPDB, errOut := runCatc(t, append([]string{"diff", "--format", format, tt.side, newDir}, pdbFlags(s)...)...)
			_, fromFiles, _ := runCatc(t, "diff", "--format", format, tt.files, newDir)
			want := strings.ReplaceAll(fromFiles, tt.files+string(filepath.Separator), "puppetdb:")
			if fromPDB != want || fromPDB == "" {
				t.Errorf("%s (%s):\n%s\nfrom files:\n%s", tt.side, format, fromPDB, want)
			}
			if n := strings.Count(errOut, "Note: PuppetDB keeps less"); n != 1 {
				t.Errorf("%s: the note on PuppetDB's losses is said %d times:\n%s", tt.side, n, errOut)
			}
		}
	}
	shardsMergeToOneRun(t, append([]string{"diff", "puppetdb:", newDir}, pdbFlags(s)...))
}

// shardsMergeToOneRun runs the fleet diff args as two shards and merges
// them: the merge prints what one run prints.
func shardsMergeToOneRun(t *testing.T, args []string) {
	t.Helper()
	_, single, _ := runCatc(t, args...)
	dir := t.TempDir()
	var files []string
	for i := 1; i <= 2; i++ {
		file := filepath.Join(dir, "shard-"+strconv.Itoa(i)+".json")
		if code, _, errOut := runCatc(t, append(args, "--shard", strconv.Itoa(i)+"/2", "--format", "json", "-o", file)...); code != 0 {
			t.Fatalf("shard %d/2: exit %d: %s", i, code, errOut)
		}
		files = append(files, file)
	}
	_, merged, errOut := runCatc(t, append([]string{"diff", "--merge"}, files...)...)
	if merged != single || single == "" {
		t.Errorf("the merged shards:\n%s%s\none run:\n%s", merged, errOut, single)
	}
}

// TestPuppetDBSiteDiff: the catalogs an HCL site compiles to, stored in
// PuppetDB with each node's facts, compared with the same site read
// with --nodes puppetdb: no change but Puppet's containers (PuppetDB's
// losses are not changes); and with a changed site: the changes of the
// diff of the two sites. Plans and validations of every node's facts,
// or of those a PQL query selects, are those of the same facts in files.
func TestPuppetDBSiteDiff(t *testing.T) {
	s := freshPuppetDB(t)
	f := gen.GenerateFleet(gen.FleetOptions{Nodes: 8, Resources: 40})
	dir := t.TempDir()
	paths := map[string]string{}
	for sub, files := range map[string][]gen.File{"old": f.Old, "new": f.New, "facts": f.Facts} {
		paths[sub] = filepath.Join(dir, sub)
		for _, file := range files {
			writeFile(t, filepath.Join(dir, sub, file.Name), string(file.Src))
		}
	}
	compiled := filepath.Join(dir, "compiled")
	if code, _, errOut := runCatc(t, "compile", paths["old"], "--nodes", paths["facts"], "--format", "puppet", "-o", compiled); code != 0 {
		t.Fatalf("compile: %s", errOut)
	}
	err := pdbtest.Each(len(f.Facts), 4, func(i int) error {
		node := strings.TrimSuffix(f.Facts[i].Name, ".json")
		var facts map[string]any
		if err := json.Unmarshal(f.Facts[i].Src, &facts); err != nil {
			return err
		}
		if err := s.ReplaceFacts(node, facts, true); err != nil {
			return err
		}
		data, err := os.ReadFile(filepath.Join(compiled, node+".json"))
		if err != nil {
			return err
		}
		var cat struct{ Name string }
		if err := json.Unmarshal(data, &cat); err != nil {
			return err
		}
		if cat.Name != node {
			return fmt.Errorf("%s.json is the catalog of %q", node, cat.Name)
		}
		wire, err := pdbtest.Wire(data)
		if err != nil {
			return err
		}
		return s.ReplaceCatalog(wire, true)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Puppet's catalogs hold the containers Stage[main], Class[Main] and
	// Class[Settings], which an HCL site does not declare: the one
	// difference of a site with its own catalogs.
	const containers = "Plan: 0 newly managed, 0 changed, 3 no longer managed, 0 removed from the node\n"
	_, out, errOut := runCatc(t, append([]string{"diff", "puppetdb:", paths["old"], "--nodes", "puppetdb"}, pdbFlags(s)...)...)
	if !strings.HasPrefix(out, "This change affects 8 of 8 nodes in 1 way") || !strings.Contains(out, containers) {
		t.Errorf("the site against its own catalogs in PuppetDB:\n%s\n%s", out, errOut)
	}
	shardsMergeToOneRun(t, append([]string{"diff", "puppetdb:", paths["new"], "--nodes", "puppetdb"}, pdbFlags(s)...))
	for _, cmd := range [][]string{{"plan", paths["new"]}, {"validate", paths["new"]}} {
		for _, nodes := range []string{"puppetdb", `puppetdb:inventory[certname] { facts.role = "web" }`} {
			code, fromPDB, pdbErr := runCatc(t, append(append(cmd, "--nodes", nodes), pdbFlags(s)...)...)
			files := paths["facts"]
			if nodes != "puppetdb" {
				files = filepath.Join(dir, "web-facts")
				for _, f := range f.Facts {
					if strings.Contains(string(f.Src), `"role": "web"`) {
						writeFile(t, filepath.Join(files, f.Name), string(f.Src))
					}
				}
			}
			wantCode, fromFiles, filesErr := runCatc(t, append(cmd, "--nodes", files)...)
			if code != wantCode || fromPDB != fromFiles || pdbErr != filesErr || fromPDB+pdbErr == "" {
				t.Errorf("%s --nodes %s: exit %d\n%s%s\nfrom files: exit %d\n%s%s", cmd[0], nodes, code, fromPDB, pdbErr, wantCode, fromFiles, filesErr)
			}
		}
	}
	_, fromPDB, errOut := runCatc(t, append([]string{"diff", "puppetdb:", paths["new"], "--nodes", "puppetdb"}, pdbFlags(s)...)...)
	_, fromSites, _ := runCatc(t, "diff", paths["old"], paths["new"], "--nodes", paths["facts"])
	if got, want := changeLines(fromPDB), changeLines(fromSites); !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("from PuppetDB:\n%s\n%s\nfrom the two sites:\n%s", fromPDB, errOut, fromSites)
	}
}

// changeLines are the lines of a fleet diff that say what changes on a
// resource (~, +, -) and which nodes fail, sorted.
func changeLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "~") || strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-") || strings.HasPrefix(l, "  node-") {
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	return lines
}

// TestPuppetDBRichData: PuppetDB's terminus stores rich data as strings
// (hand_deferred_rich.stringified.json: what Puppet 7.23 itself makes of
// the catalog's Deferred values). Against the catalog Puppet compiled,
// which holds them as rich data, that is no change: from a file of the
// wire format, and from PuppetDB itself.
func TestPuppetDBRichData(t *testing.T) {
	dir := testutil.Fixture("oracle/catalogs")
	rich := filepath.Join(dir, "hand_deferred_rich.catalog.json")
	stringified, err := os.ReadFile(filepath.Join(dir, "puppetdb", "hand_deferred_rich.stringified.json"))
	if err != nil {
		t.Fatal(err)
	}
	wire, err := pdbtest.Wire(stringified)
	if err != nil {
		t.Fatal(err)
	}
	wireFile := filepath.Join(t.TempDir(), "wire.json")
	writeFile(t, wireFile, string(wire))
	for _, pair := range [][2]string{{wireFile, rich}, {rich, wireFile}} {
		code, out, errOut := runCatc(t, "diff", "--detailed-exitcode", pair[0], pair[1])
		if code != 0 {
			t.Errorf("diff %s %s: exit %d\n%s%s", pair[0], pair[1], code, out, errOut)
		}
	}
	if testing.Short() {
		return
	}
	s := freshPuppetDB(t)
	if err := s.ReplaceCatalog(wire, true); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCatc(t, append([]string{"diff", "--detailed-exitcode", "puppetdb:hand-deferred.example.com", rich}, pdbFlags(s)...)...)
	if code != 0 {
		t.Errorf("from PuppetDB: exit %d\n%s%s", code, out, errOut)
	}
}
