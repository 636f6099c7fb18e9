package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// octoEntry is one change of octocatalog-diff's JSON output.
type octoEntry struct {
	DiffType  string   `json:"diff_type"`
	Type      string   `json:"type"`
	Title     string   `json:"title"`
	Structure []string `json:"structure"`
	// OldValue and NewValue are the values at Structure: a resource's
	// whole "parameters" when one side has none.
	OldValue any `json:"old_value"`
	NewValue any `json:"new_value"`
}

// catcDiff is the part of catc's diff JSON the comparison reads.
type catcDiff struct {
	AppliesNothing bool `json:"applies_nothing"`
	Edges          []struct {
		From     string   `json:"from"`
		To       string   `json:"to"`
		OldKinds []string `json:"old_kinds"`
		NewKinds []string `json:"new_kinds"`
	} `json:"edges"`
	Resources []struct {
		Action     string `json:"action"`
		Ref        string `json:"ref"`
		OldRef     string `json:"old_ref"`
		Attributes []struct {
			Attribute string `json:"attribute"`
		} `json:"attributes"`
	} `json:"resources"`
}

// TestDiffCoversOctocatalogDiff diffs every committed pair of Puppet
// catalogs (fixtures/oracle/catalogs/diff) with catc and checks that each
// change octocatalog-diff reported on the same pair is in catc's diff:
// the same resource added or removed, the same parameter changed. catc's
// further attribute changes must be of the kinds docs/puppet.md ("catc
// vs octocatalog-diff") lists: parameters of classes, which
// octocatalog-diff ignores. catc's edge changes and a cycle stopping
// the new run agree with what Puppet's agent did with each side
// (checkEdgesWithPuppet). What catc cannot know (notes) is said once,
// not once per side, and no sensitive parameter's value is printed.
func TestDiffCoversOctocatalogDiff(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testutil.Fixture("oracle/catalogs"), "diff")
	for _, pair := range corpusPairs(t, filepath.Join(dir, "pairs.txt")) {
		t.Run(pair, func(t *testing.T) {
			t.Parallel()
			base := filepath.Join(dir, pair)
			code, out, errOut := runCatc(t, "diff", base+".old.catalog.json", base+".new.catalog.json", "--format", "json", "--detailed-exitcode")
			seen := map[string]bool{}
			for _, line := range strings.Split(errOut, "\n") {
				if strings.HasPrefix(line, "Note: ") && seen[line] {
					t.Errorf("stderr says twice: %s", line)
				}
				seen[line] = true
			}
			var octo struct{ Diff []octoEntry }
			readCorpusJSON(t, base+".octocatalog-diff.json", &octo)
			octoExit, _ := os.ReadFile(base + ".octocatalog-diff.exit")
			if strings.TrimSpace(string(octoExit)) == "2" && code != 2 {
				t.Errorf("octocatalog-diff found changes, catc exits %d (stderr %s)", code, errOut)
			}
			for _, secret := range sensitiveValues(t, base+".old.catalog.json", base+".new.catalog.json") {
				if strings.Contains(out+errOut, secret) {
					t.Errorf("catc prints the value of a sensitive parameter")
				}
			}
			var got catcDiff
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("catc's diff JSON: %v\n%s", err, errOut)
			}
			have := catcChanges(got)
			want := map[string]bool{}
			files := filePaths(t, base+".old.catalog.json", base+".new.catalog.json")
			for _, e := range octo.Diff {
				for _, key := range octoKeys(e, files) {
					want[key] = true
					if !have[key] {
						t.Errorf("octocatalog-diff reports %s, catc does not", key)
					}
				}
			}
			checkEdgesWithPuppet(t, base, got)
			for key := range have {
				if !want[key] && !deliberateExtra(key) {
					t.Errorf("catc reports %s, octocatalog-diff does not, and docs/puppet.md does not say why", key)
				}
			}
		})
	}
}

// checkEdgesWithPuppet checks catc's edge changes against the edges
// Puppet's agent made of each side (PAIR.{old,new}.json, from its
// relationships graph): an edge catc has on a side Puppet has there, and
// an edge catc adds (removes) Puppet did not have on the old (new) side.
// A cycle that stops the new run is one Puppet found too.
func checkEdgesWithPuppet(t *testing.T, base string, d catcDiff) {
	t.Helper()
	var old, new corpusAnswer
	if !readCorpusJSON(t, base+".old.json", &old) || !readCorpusJSON(t, base+".new.json", &new) {
		return
	}
	has := func(a corpusAnswer, from, to string) bool {
		return slices.ContainsFunc(a.Edges, func(e []string) bool { return len(e) == 2 && e[0] == from && e[1] == to })
	}
	for _, e := range d.Edges {
		inOld, inNew := len(e.OldKinds) > 0, len(e.NewKinds) > 0
		if has(old, e.From, e.To) != inOld || has(new, e.From, e.To) != inNew {
			t.Errorf("edge %s => %s: catc has it on the old side %v, the new %v; Puppet %v, %v",
				e.From, e.To, inOld, inNew, has(old, e.From, e.To), has(new, e.From, e.To))
		}
	}
	if d.AppliesNothing != (new.Cycles != nil) {
		t.Errorf("catc says the new catalog applies nothing: %v; Puppet found cycles: %v", d.AppliesNothing, new.Cycles != nil)
	}
}

// catcChanges are catc's changes in the keys octoKeys makes: "+ Ref",
// "- Ref", "~ Ref attribute".
func catcChanges(d catcDiff) map[string]bool {
	out := map[string]bool{}
	for _, r := range d.Resources {
		switch r.Action {
		case "manage":
			out["+ "+r.Ref] = true
		case "unmanage", "remove":
			ref := r.Ref
			if r.OldRef != "" {
				ref = r.OldRef
			}
			if r.Action == "remove" {
				out["~ "+r.Ref+" ensure"] = true
				continue
			}
			out["- "+ref] = true
		default:
			for _, a := range r.Attributes {
				out["~ "+r.Ref+" "+a.Attribute] = true
			}
		}
	}
	return out
}

// octoKeys are octocatalog-diff's change in catcChanges' keys: one, or
// one per parameter when a side has no parameters at all (its structure
// is then "parameters" and its value all of them). It names a File by
// its path; catc by its title: files maps one to the other.
func octoKeys(e octoEntry, files map[string]string) []string {
	ref := e.Type + "[" + e.Title + "]"
	if e.Type == "File" && files[e.Title] != "" {
		ref = "File[" + files[e.Title] + "]"
	}
	switch e.DiffType {
	case "+", "-":
		return []string{e.DiffType + " " + ref}
	}
	if slices.Equal(e.Structure, []string{"parameters"}) {
		var keys []string
		for _, v := range []any{e.OldValue, e.NewValue} {
			values, _ := v.(map[string]any)
			for name := range values {
				if key := "~ " + ref + " " + name; !slices.Contains(keys, key) {
					keys = append(keys, key)
				}
			}
		}
		return keys
	}
	attr := strings.Join(e.Structure, ".")
	if len(e.Structure) >= 2 && e.Structure[0] == "parameters" {
		attr = e.Structure[1]
	}
	return []string{"~ " + ref + " " + attr}
}

// deliberateExtra reports whether a change catc reports beyond
// octocatalog-diff is one docs/puppet.md explains: classes, the tags
// octocatalog-diff leaves out by default, a move to another class.
func deliberateExtra(key string) bool {
	if strings.HasSuffix(key, " tags") || strings.HasSuffix(key, " contained_in") {
		return true
	}
	return strings.HasPrefix(key, "~ Class[") || strings.HasPrefix(key, "+ Class[") || strings.HasPrefix(key, "- Class[")
}

// sensitiveValues are the string values of the catalogs'
// sensitive_parameters (in clear text in Puppet's JSON).
func sensitiveValues(t *testing.T, catalogs ...string) []string {
	t.Helper()
	var out []string
	for _, name := range catalogs {
		var cat struct {
			Resources []struct {
				Parameters map[string]any `json:"parameters"`
				Sensitive  []string       `json:"sensitive_parameters"`
			} `json:"resources"`
		}
		readCorpusJSON(t, name, &cat)
		for _, r := range cat.Resources {
			for _, p := range r.Sensitive {
				if v, ok := r.Parameters[p].(string); ok && len(v) > 3 {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// filePaths maps each File's path to its title, over both catalogs.
func filePaths(t *testing.T, catalogs ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range catalogs {
		var cat struct {
			Resources []struct {
				Type       string         `json:"type"`
				Title      string         `json:"title"`
				Parameters map[string]any `json:"parameters"`
			} `json:"resources"`
		}
		readCorpusJSON(t, name, &cat)
		for _, r := range cat.Resources {
			if r.Type != "File" {
				continue
			}
			path := r.Title
			if p, ok := r.Parameters["path"]; ok {
				path = fmt.Sprint(p)
			}
			out[path] = r.Title
		}
	}
	return out
}

// TestDiffPuppetCatalogs diffs a pair of Puppet catalogs by hand
// (testdata/puppetdiff/moved.txtar) and checks what a reviewer reads: the
// changed content as a unified line diff, a sensitive value compared but
// never printed, where the manifest declared each resource, the move to
// another class, the new class, the new
// subscribe edge and the refresh it causes; tags merely reordered are no
// change.
func TestDiffPuppetCatalogs(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, testutil.MustTxtar("testdata/puppetdiff/moved.txtar"))
	old, new := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	wants := map[string][]string{
		"text": {
			"+   Class[Secrets]  # site.pp:10",
			"~   File[/etc/app.conf]  # site.pp:2",
			"~       content: text changed (3 lines → 3 lines), unified diff:\n            @@ -1,3 +1,3 @@\n            a = 1\n-           b = 2\n+           b = 20\n            c = 3\n",
			"~       content: (sensitive value changed)",
			`~       contained_in: "Class[Web]" → "Class[Secrets]"  (moved to another class or define: no event)`,
			"+   File[/etc/app.secret] => Service[app]  subscribe (refresh)",
			"~>  Service[app]: File[/etc/app.conf] => Service[app]",
		},
		"markdown": {
			"-           b = 2\n+           b = 20\n",
			"!       content: (sensitive value changed)",
		},
		"json": {`"attribute": "contained_in"`, `"sensitive": true`},
	}
	for format, want := range wants {
		code, out, errOut := runCatc(t, "diff", old, new, "--format", format, "--detailed-exitcode")
		if code != 2 {
			t.Errorf("%s: exit code %d, want 2 (stderr %s)", format, code, errOut)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output does not contain %q:\n%s", format, w, out)
			}
		}
		if strings.Contains(out, "tag") {
			t.Errorf("%s: reordered tags are reported as a change:\n%s", format, out)
		}
		if strings.Contains(out+errOut, "secret-value") {
			t.Errorf("%s: a sensitive value is printed:\n%s%s", format, out, errOut)
		}
	}
}

// TestDiffPuppetFleet diffs two directories of per-node Puppet catalogs
// made from the committed corpus: two nodes upgrade postgresql, one's
// secret changes (never printed), one is
// unchanged, two no longer compile (an empty file, first by name: one
// failure, the certname in the file name replaced), one keeps a catalog with a cycle (read once, still
// reported: Puppet would apply nothing there, and the command fails).
func TestDiffPuppetFleet(t *testing.T) {
	t.Parallel()
	corpus := testutil.Fixture("oracle/catalogs")
	pg := filepath.Join(corpus, "diff", "postgresql_upgrade")
	dir := t.TempDir()
	for _, side := range []string{"old", "new"} {
		for node, src := range map[string]string{
			"a.example.com": pg + "." + side + ".catalog.json",
			"b.example.com": pg + "." + side + ".catalog.json",
			"c.example.com": filepath.Join(corpus, "ntp.catalog.json"),
			"d.example.com": filepath.Join(corpus, "hand_cycle_classes.catalog.json"),
		} {
			data, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dir, side, node+".json"), string(data))
		}
	}
	// a node whose secret changes (and moves to another class)
	moved := testutil.MustTxtar("testdata/puppetdiff/moved.txtar")
	writeFile(t, filepath.Join(dir, "old", "e.example.com.json"), moved["old.json"])
	writeFile(t, filepath.Join(dir, "new", "e.example.com.json"), moved["new.json"])
	// a node that no longer compiles: the CI workflow leaves an empty file
	for _, node := range []string{"a0", "a1"} {
		writeFile(t, filepath.Join(dir, "old", node+".example.com.json"), "{\"resources\": []}")
		writeFile(t, filepath.Join(dir, "new", node+".example.com.json"), "")
	}
	old, new := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	tests := []struct {
		args []string
		code int
		out  []string
		err  string
	}{
		{[]string{"diff", old, new}, 1, []string{
			"This change affects 4 of 7 nodes in 3 distinct ways; 1 unchanged; 2 no longer compile; 1 node would apply nothing (a dependency cycle).",
			"== 1 node: e.example.com\n",
			"~       content: (sensitive value changed)",
			"2 nodes no longer compile: Invalid Puppet catalog at " + new + "/{certname}.json:1\n  a0.example.com, a1.example.com\n",
			"1 node unchanged:\n  c.example.com",
			"== 2 nodes: a.example.com, b.example.com\n",
			`~       onlyif: "systemctl status postgresql" → "systemctl is-active --quiet postgresql"  (parameter)`,
			"x   unresolved cycle (Class[Db] => Class[Web] => Notify[web ready] => Notify[db ready] => Class[Db])",
		}, "(On 2 nodes: a0.example.com, a1.example.com.)"},
		{[]string{"diff", "--old", old, "--new", new, "--format", "markdown"}, 1, []string{"a.example.com", "d.example.com"}, ""},
		{[]string{"diff", old, new, "--nodes", dir}, 1, nil, "--nodes has no effect on directories of Puppet catalogs"},
		{[]string{"diff", old, pg + ".new.catalog.json"}, 1, nil, "give one on each side"},
		{[]string{"diff", old, new, "--shard", "1/2"}, 1, nil, "add --format json"},
	}
	for _, tt := range tests {
		code, out, errOut := runCatc(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.err) {
			t.Errorf("%v: exit code %d, stderr %q; want %d and %q", tt.args[1:], code, errOut, tt.code, tt.err)
		}
		for _, w := range tt.out {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output does not contain %q:\n%s", tt.args[1:], w, out)
			}
		}
		if strings.Contains(out+errOut, "secret-value") {
			t.Errorf("%v: a sensitive value is printed", tt.args[1:])
		}
	}
}

// TestDiffPuppetFleetShards diffs a fleet of Puppet catalogs in two
// shards and merges them: the same as one run.
func TestDiffPuppetFleetShards(t *testing.T) {
	t.Parallel()
	corpus := testutil.Fixture("oracle/catalogs")
	dir := t.TempDir()
	for i, node := range []string{"a", "b", "c", "d", "e", "f"} {
		for _, side := range []string{"old", "new"} {
			src := filepath.Join(corpus, "ntp.catalog.json")
			if i%2 == 0 {
				src = filepath.Join(corpus, "diff", "apache_upgrade."+side+".catalog.json")
			}
			data, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dir, side, node+".example.com.json"), string(data))
		}
	}
	old, new := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		out := filepath.Join(dir, "shard"+s[:1]+".json")
		if code, _, errOut := runCatc(t, "diff", old, new, "--shard", s, "--format", "json", "-o", out); code != 0 {
			t.Fatalf("shard %s: exit code %d: %s", s, code, errOut)
		}
		shards = append(shards, out)
	}
	_, merged, _ := runCatc(t, append([]string{"diff", "--merge"}, shards...)...)
	_, direct, _ := runCatc(t, "diff", old, new)
	if merged != direct || !strings.Contains(direct, "== 3 nodes: a.example.com, c.example.com, e.example.com") {
		t.Errorf("the merged shards differ from one run:\n%s\n%s", merged, direct)
	}
}

// TestPuppetDiffWorkflowInDocs checks that docs/puppet.md shows the
// GitHub Actions workflow exactly as docs/examples/puppet-diff.yml holds
// it, and that the workflow compiles both revisions and posts catc's
// fleet diff.
func TestPuppetDiffWorkflowInDocs(t *testing.T) {
	t.Parallel()
	yml, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "examples", "puppet-diff.yml"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "puppet.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```yaml\n"+string(yml)+"```\n") {
		t.Error("docs/puppet.md does not show docs/examples/puppet-diff.yml as it is")
	}
	for _, want := range []string{
		"puppet catalog find \"$node\" --terminus compiler --render-as json",
		`compile "$RUNNER_TEMP/base" "$RUNNER_TEMP/catalogs/old"`,
		`compile "$PWD" "$RUNNER_TEMP/catalogs/new"`,
		`catc diff "$RUNNER_TEMP/catalogs/old" "$RUNNER_TEMP/catalogs/new"`,
		"--format markdown --detailed-exitcode -o diff.md",
	} {
		if !strings.Contains(string(yml), want) {
			t.Errorf("the workflow does not hold %q", want)
		}
	}
}

// TestDiffPuppetCatalogsWithTypes gives an HCL type definition beside
// each catalog (a module's type, as catc import would write it): catc no
// longer says it does not know the type, and the diff reads the type's
// attribute behaviours (a parameter changes with no refresh event, an
// init_only change fails the resource under strict=error).
func TestDiffPuppetCatalogsWithTypes(t *testing.T) {
	t.Parallel()
	catalogWith := func(size, color string) string {
		return `{"name": "n1.example.com", "version": 0, "catalog_format": 2, "resources": [
  {"type": "Site_widget", "title": "w", "exported": false, "kind": "compilable_type", "parameters": {"ensure": "present", "size": "` + size + `", "color": "red"}},
  {"type": "Site_widget", "title": "v", "exported": false, "kind": "compilable_type", "parameters": {"ensure": "present", "size": "small", "color": "` + color + `"}}
], "edges": [], "classes": []}`
	}
	dir := testutil.TempFiles(t, map[string]string{
		"old.json": catalogWith("small", "red"),
		"new.json": catalogWith("large", "blue"),
		"widget.hcl": `type "site_widget" {
  desc = "A widget of the site's own module."
  attribute "name" {
    type      = "String[1]"
    desc      = "The widget's name."
    behaviour = "namevar"
  }
  attribute "ensure" {
    type = "Enum[present, absent]"
    desc = "Whether the widget exists."
  }
  attribute "size" {
    type      = "String"
    desc      = "How big it is made."
    behaviour = "parameter"
  }
  attribute "color" {
    type      = "String"
    desc      = "Its color, set when it is made."
    behaviour = "init_only"
  }
}
`,
	})
	old, new, types := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json"), filepath.Join(dir, "widget.hcl")
	_, plain, plainErr := runCatc(t, "diff", old, new)
	code, out, errOut := runCatc(t, "diff", "--old", old, "--old", types, "--new", new, "--new", types)
	if !strings.Contains(plainErr, "Auto relationships unknown for Site_widget") || strings.Contains(plain, "(parameter") {
		t.Errorf("without the type: %q\n%s", plainErr, plain)
	}
	for _, want := range []string{
		"Site_widget[w] (parameter-only change: no refresh event)",
		"x   Site_widget[v] (failing: an init_only attribute changes and strict is error)",
	} {
		if code != 0 || errOut != "" || !strings.Contains(out, want) {
			t.Errorf("with the type: exit code %d, stderr %q, want %q in\n%s", code, errOut, want, out)
		}
	}
}
