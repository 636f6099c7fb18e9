package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

var (
	fleetOld   = testutil.Fixture("fleet/site")
	fleetNew   = testutil.Fixture("fleet/site-new")
	fleetFacts = testutil.Fixture("fleet/facts")
)

// TestNodesOutcomes: validate, plan and compile with --nodes print one
// line per outcome with the nodes grouped, and fail when a node does.
func TestNodesOutcomes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args        []string
		code        int
		out, errOut string
	}{
		{[]string{"validate", fleetNew, "--nodes", fleetFacts}, 1, "",
			"1 node fails: Unsupported attribute at " + testutil.Fixture("fleet/site-new/web.hcl") + ":19 (mq-01.example.com).\n" +
				"5 nodes compile (db-01.example.com, db-02.example.com, web-01.example.com, web-02.example.com, web-03.example.com).\n"},
		{[]string{"validate", fleetNew, "--nodes", fleetFacts}, 1, "", "or fix the name. (On the node mq-01.example.com.)\n"},
		{[]string{"validate", fleetOld, "--nodes", fleetFacts}, 0, "",
			"6 nodes compile (db-01.example.com, db-02.example.com, mq-01.example.com, web-01.example.com, web-02.example.com, web-03.example.com).\n"},
		{[]string{"plan", fleetOld, "--nodes", fleetFacts, "--format", "yaml"}, 1, "", `--format "yaml" is not a plan format: use text or json`},
		{[]string{"validate", fleetOld, "--nodes", fleetFacts, "--facts", fleetFacts + "/db-01.json"}, 1, "", "use one of them"},
		{[]string{"validate", fleetOld, "--nodes", "nowhere"}, 1, "", "Cannot read nowhere"},
	}
	for _, tt := range tests {
		code, out, errOut := runCatc(t, tt.args...)
		if code != tt.code || out != tt.out || !strings.Contains(errOut, tt.errOut) {
			t.Errorf("catc %s: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout %q, stderr with %q", strings.Join(tt.args, " "), code, out, errOut, tt.code, tt.out, tt.errOut)
		}
	}
}

// TestCompileNodes writes one catalog per node, or none when a node fails.
func TestCompileNodes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	code, _, errOut := runCatc(t, "compile", fleetOld, "--nodes", fleetFacts, "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "db-01.example.com.json db-02.example.com.json mq-01.example.com.json web-01.example.com.json web-02.example.com.json web-03.example.com.json" {
		t.Errorf("files: %s", got)
	}
	motd, _ := os.ReadFile(filepath.Join(dir, "web-02.example.com.json"))
	if !strings.Contains(string(motd), `This is web-02.example.com, managed by catc.\n`) {
		t.Errorf("web-02's catalog lacks its motd:\n%s", motd)
	}
	// As Puppet's catalogs, each is named for its node.
	puppet := filepath.Join(t.TempDir(), "puppet")
	if code, _, errOut := runCatc(t, "compile", fleetOld, "--nodes", fleetFacts, "--format", "puppet", "-o", puppet); code != 0 {
		t.Fatalf("--format puppet: exit %d: %s", code, errOut)
	}
	for _, node := range []string{"db-01.example.com", "web-02.example.com"} {
		data, _ := os.ReadFile(filepath.Join(puppet, node+".json"))
		var cat struct{ Name string }
		if err := json.Unmarshal(data, &cat); err != nil || cat.Name != node {
			t.Errorf("%s's Puppet catalog is named %q (%v)", node, cat.Name, err)
		}
	}
	empty := filepath.Join(t.TempDir(), "none")
	if code, _, _ := runCatc(t, "compile", fleetNew, "--nodes", fleetFacts, "-o", empty); code != 1 {
		t.Errorf("a failing node: exit %d", code)
	}
	if entries, _ := os.ReadDir(empty); len(entries) != 0 {
		t.Errorf("a failing node left %d files", len(entries))
	}
}

// TestFleetShardsMerge: the shards' JSON merged is the unsharded JSON
// byte for byte, and so are the text and Markdown made from it.
func TestFleetShardsMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, format := range []string{"json", "text", "markdown"} {
		_, whole, _ := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--format", format)
		var shards []string
		for _, s := range []string{"1/3", "2/3", "3/3"} {
			path := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
			if code, _, errOut := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shard", s, "--format", "json", "-o", path); code != 0 {
				t.Fatalf("shard %s: exit %d: %s", s, code, errOut)
			}
			shards = append(shards, path)
		}
		code, merged, errOut := runCatc(t, append([]string{"diff", "--format", format, "--merge"}, shards...)...)
		if code != 1 || merged != whole { // 1: a node no longer compiles
			t.Errorf("%s: merge exit %d (%s)\n%s\nwant\n%s", format, code, errOut, merged, whole)
		}
	}
	if code, _, errOut := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shard", "4/3", "--format", "json"); code != 1 || !strings.Contains(errOut, "is not I/N") {
		t.Errorf("--shard 4/3: exit %d, %s", code, errOut)
	}
}

// TestFleetDiffBase: diff --base REV PATH --nodes compares the
// revision's site with the working tree's for every node.
func TestFleetDiffBase(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	gitRun(t, repo, "init", "-q")
	copyTree(t, fleetOld, filepath.Join(repo, "site"))
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "old")
	copyTree(t, fleetNew, filepath.Join(repo, "site"))
	code, out, errOut := runCatc(t, "diff", "--base", "HEAD", "--repo", repo, filepath.Join(repo, "site"), "--nodes", fleetFacts, "--format", "markdown")
	if code != 1 || !strings.HasPrefix(out, "**This change affects 4 of 6 nodes in 3 distinct ways; 1 unchanged; 1 no longer compiles.**\n") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestFleetMergeRefuses: --merge of part of the shards, or of a shard
// file with data after its document, fails and says why, with nothing on
// stdout.
func TestFleetMergeRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var shards []string
	for _, s := range []string{"1/3", "2/3", "3/3"} {
		path := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
		if code, _, errOut := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shard", s, "--format", "json", "-o", path); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", s, code, errOut)
		}
		shards = append(shards, path)
	}
	data, err := os.ReadFile(shards[2])
	if err != nil {
		t.Fatal(err)
	}
	trailing := filepath.Join(dir, "trailing.json")
	if err := os.WriteFile(trailing, append(data, []byte("{}\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		files []string
		want  string
	}{
		{"2 of 3 shards", shards[:2], "shard 3/3 of the run is missing"},
		{"a shard twice", []string{shards[0], shards[1], shards[1], shards[2]}, "shard 2/3 is given twice"},
		{"trailing data", []string{shards[0], shards[1], trailing}, "has data after the fleet diff JSON document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCatc(t, append([]string{"diff", "--merge"}, tt.files...)...)
			if code != 1 || out != "" || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %q", code, out, errOut, tt.want)
			}
		})
	}
}

// TestPlanNodes: plan --nodes prints the outcome lines, then each
// distinct plan once with the nodes that share it (the first node's, by
// name); --format json gives the same as one document. db-01 (Debian)
// and db-02 (RedHat) apply the same steps in the same order but not the
// same postgresql (15 and 13): two plans.
func TestPlanNodes(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "plan", fleetOld, "--nodes", fleetFacts)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	head := "3 nodes share one plan of 6 steps (web-01.example.com, web-02.example.com, web-03.example.com).\n" +
		"1 node has a plan of 4 steps (db-01.example.com).\n" +
		"1 node has a plan of 4 steps (db-02.example.com).\n" +
		"1 node has a plan of 3 steps (mq-01.example.com).\n"
	if !strings.HasPrefix(out, head) {
		t.Errorf("stdout does not start with the outcome lines:\n%s", out)
	}
	for _, want := range []string{
		"\n== 3 nodes share this plan: web-01.example.com, web-02.example.com, web-03.example.com (shown for web-01.example.com;",
		"\n== 1 node has this plan: db-01.example.com\nApply order: 4 resources",
		"\n== 1 node has this plan: db-02.example.com\nApply order: 4 resources",
		"\n== 1 node has this plan: mq-01.example.com\nApply order: 3 resources",
		"4. Package[postgresql]",
		"6. Service[nginx]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout does not contain %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "Apply order:"); n != 4 {
		t.Errorf("%d plans printed, want 4 (each distinct plan once)", n)
	}

	code, js, errOut := runCatc(t, "plan", fleetOld, "--nodes", fleetFacts, "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, errOut)
	}
	var doc struct {
		Format string `json:"format"`
		Nodes  int    `json:"nodes"`
		Plans  []struct {
			Nodes    []string `json:"nodes"`
			Steps    int      `json:"steps"`
			ShownFor string   `json:"shown_for"`
			Plan     struct {
				Order []string `json:"order"`
			} `json:"plan"`
		} `json:"plans"`
		Failures []any `json:"failures"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, js)
	}
	if doc.Format != "catc.fleet-plan/1" || doc.Nodes != 6 || len(doc.Plans) != 4 || len(doc.Failures) != 0 {
		t.Fatalf("format %q, %d nodes, %d plans, %d failures; want catc.fleet-plan/1, 6, 4, 0", doc.Format, doc.Nodes, len(doc.Plans), len(doc.Failures))
	}
	db := doc.Plans[1]
	if strings.Join(db.Nodes, ",") != "db-01.example.com" || db.ShownFor != "db-01.example.com" || db.Steps != 4 ||
		strings.Join(db.Plan.Order, ",") != "Package[openssh-server],File[/etc/motd],Service[ssh],Package[postgresql]" {
		t.Errorf("db plan: %+v", db)
	}

	code, _, _ = runCatc(t, "plan", fleetNew, "--nodes", fleetFacts, "--format", "json")
	if code != 1 {
		t.Errorf("a node that fails: exit %d, want 1", code)
	}
}

// TestFleetMergeKeyed: shards written with a digest key merge with it
// into the unsharded diff; merged without the key they are refused, and
// a shard edited to hide a change (a changed node moved to the unchanged
// ones) is refused, keyed or not (its seal no longer matches).
func TestFleetMergeKeyed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	key := filepath.Join(dir, "key")
	writeFile(t, key, "0123456789abcdef0123456789abcdef\n")
	_, whole, _ := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--format", "json")
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		path := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
		if code, _, errOut := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shard", s, "--format", "json", "--digest-key-file", key, "-o", path); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", s, code, errOut)
		}
		shards = append(shards, path)
	}
	merge := append([]string{"diff", "--format", "json", "--merge"}, shards...)
	code, merged, errOut := runCatc(t, append(merge, "--digest-key-file", key)...)
	// The group keys are keyed, so only the rest must equal the unsharded diff's.
	keyField := regexp.MustCompile(`"key": "[0-9a-f]+"`)
	if code != 1 || keyField.ReplaceAllString(merged, "") != keyField.ReplaceAllString(whole, "") {
		t.Errorf("keyed merge: exit %d (%s)\n%s\nwant\n%s", code, errOut, merged, whole)
	}
	if code, _, errOut := runCatc(t, merge...); code != 1 || !strings.Contains(errOut, "was written with a digest key") {
		t.Errorf("merged without the key: exit %d, %s", code, errOut)
	}
	// The forgery: the first shard's first changed node said unchanged.
	var doc map[string]any
	data := readFile(t, shards[0])
	if err := json.Unmarshal([]byte(data), &doc); err != nil {
		t.Fatal(err)
	}
	groups := doc["groups"].([]any)
	if len(groups) == 0 {
		t.Fatal("shard 1/2 has no change to hide")
	}
	g := groups[0].(map[string]any)
	nodes := g["nodes"].([]any)
	doc["unchanged"] = append(doc["unchanged"].([]any), nodes...)
	doc["groups"] = groups[1:]
	counts := doc["counts"].(map[string]any)
	counts["changed"] = counts["changed"].(float64) - float64(len(nodes))
	counts["distinct"] = counts["distinct"].(float64) - 1
	counts["unchanged"] = counts["unchanged"].(float64) + float64(len(nodes))
	forged, _ := json.MarshalIndent(doc, "", "  ")
	writeFile(t, shards[0], string(forged))
	if code, _, errOut := runCatc(t, append(merge, "--digest-key-file", key)...); code != 1 || !strings.Contains(errOut, "shard 1/2: its digest is not the digest of what it says") {
		t.Errorf("a forged shard: exit %d, %s", code, errOut)
	}
}

// TestPlanNodesValues: the walkthrough's shop site applies the same four
// steps on both nodes, but web-02's workers come from its own Hiera file:
// plan --nodes shows two plans, and each node's JSON plan holds its own
// nginx.conf.
func TestPlanNodesValues(t *testing.T) {
	t.Parallel()
	walk := filepath.Join(testutil.Root(), walkthroughDir)
	code, out, errOut := runCatc(t, "plan", filepath.Join(walk, "shop"), "--nodes", filepath.Join(walk, "facts"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	head := "1 node has a plan of 4 steps (web-01.example.com).\n1 node has a plan of 4 steps (web-02.example.com).\n"
	if !strings.HasPrefix(out, head) {
		t.Errorf("stdout does not start with\n%s\n%s", head, out)
	}
	code, js, errOut := runCatc(t, "plan", filepath.Join(walk, "shop"), "--nodes", filepath.Join(walk, "facts"), "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, errOut)
	}
	var doc struct {
		Plans []struct {
			Nodes []string `json:"nodes"`
			Plan  struct {
				Resources []struct {
					Ref        string         `json:"ref"`
					Attributes map[string]any `json:"attributes"`
				} `json:"resources"`
			} `json:"plan"`
		} `json:"plans"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil || len(doc.Plans) != 2 {
		t.Fatalf("%v: %d plans, want 2", err, len(doc.Plans))
	}
	for _, p := range doc.Plans {
		want := map[string]string{"web-01.example.com": "worker_processes 2;", "web-02.example.com": "worker_processes 8;"}[p.Nodes[0]]
		var got any
		for _, r := range p.Plan.Resources {
			if r.Ref == "File[/etc/nginx/nginx.conf]" {
				got = r.Attributes["content"]
			}
		}
		if len(p.Nodes) != 1 || got != want {
			t.Errorf("plan of %v: nginx.conf %v, want %q", p.Nodes, got, want)
		}
	}
}

// TestPlanNodesOrigins: two nodes whose class parameter has one value
// from two data files (one from common.yaml, one from its own file) have
// two plans: a group's plan says where each value came from, which
// would be wrong for one of them.
func TestPlanNodesOrigins(t *testing.T) {
	t.Parallel()
	walk := filepath.Join(testutil.Root(), walkthroughDir)
	site := filepath.Join(t.TempDir(), "shop")
	copyTree(t, filepath.Join(walk, "shop"), site)
	node := filepath.Join(site, "data", "nodes", "web-02.example.com.yaml")
	if err := os.WriteFile(node, []byte("profile::web::workers: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCatc(t, "plan", site, "--nodes", filepath.Join(walk, "facts"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"1 node has a plan of 4 steps (web-01.example.com).\n1 node has a plan of 4 steps (web-02.example.com).\n",
		`workers = 2  (data: ` + filepath.Join(site, "data", "common.yaml") + `:`,
		`workers = 2  (data: ` + node + `:1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plans do not say\n%s\n%s", want, out)
		}
	}
}
