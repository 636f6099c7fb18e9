package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// writeCatalogFleet writes a directory of per-node catalogs compiled by
// Puppet 7.23 from public modules (fixtures/oracle/catalogs): web01 is
// nginx 5.0.0, web02 the same with another worker_connections (a
// parameter no plan shows), web03 nginx 6.0.1 (the upgrade moves lines
// of its manifests), www01 apache 12.3.1, db01 and db02 the refresh
// catalog with the node's own name in a title, and, when broken is set,
// bad01 has a reference to nothing and gone01 an empty file (a node that
// no longer compiles).
func writeCatalogFleet(t *testing.T, broken bool) string {
	t.Helper()
	corpus := testutil.Fixture("oracle", "catalogs")
	dir := filepath.Join(t.TempDir(), "catalogs")
	copyCatalog := func(node, src string, edit func(string) string) {
		data, err := os.ReadFile(filepath.Join(corpus, src))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, node+".json"), edit(string(data)))
	}
	same := func(s string) string { return s }
	copyCatalog("web01.example.com", "diff/nginx_upgrade.old.catalog.json", same)
	copyCatalog("web02.example.com", "diff/nginx_upgrade.old.catalog.json", func(s string) string {
		return strings.Replace(s, `"worker_connections": 1024`, `"worker_connections": 4096`, 1)
	})
	copyCatalog("web03.example.com", "diff/nginx_upgrade.new.catalog.json", same)
	copyCatalog("www01.example.com", "apache.catalog.json", same)
	for _, node := range []string{"db01.example.com", "db02.example.com"} {
		copyCatalog(node, "hand_refresh.catalog.json", func(s string) string { return strings.ReplaceAll(s, "kick", "kick "+node) })
	}
	if broken {
		copyCatalog("bad01.example.com", "hand_refresh.catalog.json", func(s string) string {
			return strings.Replace(s, `"notify": "File[usr]"`, `"notify": "File[nope]"`, 1)
		})
		writeFile(t, filepath.Join(dir, "gone01.example.com.json"), "")
	}
	return dir
}

// TestCatalogDirValidate: validate of a directory of catalogs checks
// every node and says which are valid and which fail and why, one line
// per outcome, on standard error; a failing node fails the command.
func TestCatalogDirValidate(t *testing.T) {
	t.Parallel()
	dir := writeCatalogFleet(t, true)
	code, out, stderr := runCatc(t, "validate", dir)
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	for _, want := range []string{
		"Could not find resource 'File[nope]' in parameter 'notify' of Notify[via_file] (file: hand_refresh.pp, line: 28)",
		"(On the node bad01.example.com.)\n",
		"\n1 node fails: Invalid Puppet catalog at " + filepath.Join(dir, "{certname}.json") + ":1 (gone01.example.com).\n",
		"\n1 node fails: Reference to nothing at hand_refresh.pp:28 (bad01.example.com).\n", // the manifest's place, not the catalog file's
		"\n6 nodes are valid (db01.example.com, db02.example.com, web01.example.com, web02.example.com, web03.example.com, www01.example.com).\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if n := strings.Count(stderr, "Note: Resources generated on the node"); n != 1 {
		t.Errorf("the note of generated resources is said %d times:\n%s", n, stderr)
	}
	if code, _, stderr := runCatc(t, "validate", writeCatalogFleet(t, false)); code != 0 || !strings.HasSuffix(stderr, "6 nodes are valid (db01.example.com, db02.example.com, web01.example.com, web02.example.com, web03.example.com, www01.example.com).\n") {
		t.Errorf("a valid fleet: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestCatalogDirPlan: plan of a directory of catalogs prints one line per
// outcome, then each distinct plan once, as plan prints it for one of
// its nodes: nodes whose plans are the same but for the node's own name
// (db01, db02) share one; nodes whose steps are the same but not their
// values (web01, web02: the nginx upgrade, which the JSON plan shows)
// do not; the JSON holds the same groups.
func TestCatalogDirPlan(t *testing.T) {
	t.Parallel()
	dir := writeCatalogFleet(t, false)
	code, out, stderr := runCatc(t, "plan", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	head := "2 nodes share one plan of 12 steps (db01.example.com, db02.example.com).\n" +
		"1 node has a plan of 44 steps (web01.example.com).\n" +
		"1 node has a plan of 44 steps (web02.example.com).\n" +
		"1 node has a plan of 44 steps (web03.example.com).\n" +
		"1 node has a plan of 142 steps (www01.example.com).\n"
	if !strings.HasPrefix(out, head) {
		t.Fatalf("the outcomes are not\n%s\nin\n%.600s", head, out)
	}
	for _, node := range []string{"db01.example.com", "web01.example.com", "web02.example.com", "web03.example.com", "www01.example.com"} {
		_, one, _ := runCatc(t, "plan", filepath.Join(dir, node+".json"))
		if !strings.Contains(out, "\n== ") || !strings.Contains(out, "(shown for "+node+";") && !strings.Contains(out, "has this plan: "+node+"\n") {
			t.Errorf("no plan headed for %s", node)
		}
		if !strings.Contains(out, "\n"+one) {
			t.Errorf("the fleet's plan of %s is not its own plan:\n%s", node, one)
		}
	}
	if strings.Count(out, "\n== ") != 5 || strings.Contains(out, "Note:") {
		t.Errorf("not five plans, or a note in the output:\n%s", out)
	}
	code, js, _ := runCatc(t, "plan", dir, "--format", "json")
	var doc struct {
		Format string
		Plans  []struct{ Nodes []string }
	}
	if err := json.Unmarshal([]byte(js), &doc); code != 0 || err != nil || len(doc.Plans) != 5 || len(doc.Plans[0].Nodes) != 2 {
		t.Errorf("plan --format json: exit %d, %v, %+v", code, err, doc)
	}
	code, out, stderr = runCatc(t, "plan", writeCatalogFleet(t, true))
	if code != 1 || !strings.Contains(out, "1 node fails: Invalid Puppet catalog") || !strings.Contains(stderr, "(On the node gone01.example.com.)") {
		t.Errorf("a failing node: exit %d, stdout:\n%.300s\nstderr:\n%s", code, out, stderr)
	}
}

// TestCatalogDirGraph: graph of a directory of catalogs draws one
// picture per node into -o DIR, each the picture of the node's catalog
// alone, every one or none; without -o it says how to give one.
func TestCatalogDirGraph(t *testing.T) {
	t.Parallel()
	dir := writeCatalogFleet(t, false)
	out := filepath.Join(t.TempDir(), "graphs")
	code, stdout, stderr := runCatc(t, "graph", dir, "-o", out)
	if code != 0 || stdout != "" || !strings.HasSuffix(stderr, "6 nodes are drawn (db01.example.com, db02.example.com, web01.example.com, web02.example.com, web03.example.com, www01.example.com).\n") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	for _, node := range []string{"db01.example.com", "web02.example.com", "www01.example.com"} {
		_, one, _ := runCatc(t, "graph", filepath.Join(dir, node+".json"))
		if got := readFile(t, filepath.Join(out, node+".dot")); got != one {
			t.Errorf("%s.dot is not the node's picture", node)
		}
	}
	code, _, stderr = runCatc(t, "graph", dir, "--format", "json", "--focus", "Class[A]", "-o", filepath.Join(t.TempDir(), "focus"))
	if code != 1 || !strings.Contains(stderr, "4 nodes fail: Unknown resource (web01.example.com, web02.example.com, web03.example.com, www01.example.com).\n") {
		t.Errorf("a focus three nodes lack: exit %d, stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(out), "focus")); !os.IsNotExist(err) {
		t.Errorf("pictures written though nodes failed (%v)", err)
	}
	if code, _, stderr := runCatc(t, "graph", dir); code != 1 || !strings.Contains(stderr, "give the directory to write them to with -o DIR") {
		t.Errorf("without -o: exit %d, stderr %s", code, stderr)
	}
}

// TestCatalogDirRefused: what has no meaning for a directory of catalogs
// is refused, saying why.
func TestCatalogDirRefused(t *testing.T) {
	t.Parallel()
	dir := writeCatalogFleet(t, false)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"plan", dir, "--var", "a=b"}, "--var has no effect on a directory of Puppet catalogs"},
		{[]string{"validate", dir, "--facts", puppetCatalog}, "--facts has no effect on a directory of Puppet catalogs"},
		{[]string{"plan", dir, "--ordering", "random"}, "--ordering and --seed take one catalog"},
		{[]string{"plan", dir, dir}, "are both directories of Puppet catalogs"},
		{[]string{"graph", dir, puppetCatalog, "-o", t.TempDir()}, "give one or the other"},
	} {
		if code, _, stderr := runCatc(t, tt.args...); code != 1 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tt.args, code, stderr, tt.want)
		}
	}
}
