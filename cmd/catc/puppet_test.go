package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

const puppetCatalog = "testdata/puppet/web01.json"

// TestPuppetPlanOrder: the plan of a catalog compiled by Puppet follows
// the agent's evaluation order (testdata/puppet/web01.answer.json: what
// puppet apply --catalog did), defines' starts and ends included, and
// the text shows each resource's class or define.
func TestPuppetPlanOrder(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "plan", "--format", "json", puppetCatalog)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var plan struct {
		Evaluation []struct{ Ref, Container string }
		Resources  []struct {
			Ref         string
			Container   bool
			ContainedIn []string `json:"contained_in"`
		}
		Notes []string
	}
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		t.Fatal(err)
	}
	var answer struct{ Order []string }
	data, _ := os.ReadFile("testdata/puppet/web01.answer.json")
	if err := json.Unmarshal(data, &answer); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range plan.Evaluation {
		if !strings.HasPrefix(v.Ref, "Class[") && !strings.HasPrefix(v.Ref, "Stage[") {
			got = append(got, v.Ref)
		}
	}
	if !slices.Equal(got, answer.Order) {
		t.Errorf("evaluation %q\nPuppet %q", got, answer.Order)
	}
	containers := map[string]bool{}
	for _, r := range plan.Resources {
		containers[r.Ref] = r.Container
		if r.Ref == "Package[curl]" && !slices.Equal(r.ContainedIn, []string{"Class[Profile::Base]"}) {
			t.Errorf("Package[curl] contained in %q", r.ContainedIn)
		}
		if r.Ref == "Class[Profile::Base]" && !slices.Equal(r.ContainedIn, []string{"Stage[main]", "Class[Profile::Web]"}) {
			t.Errorf("the contained class is in %q, want its stage and the class that contains it", r.ContainedIn)
		}
	}
	if !containers["Site::Vhost[www]"] || !containers["Class[Profile::Web]"] || containers["Service[nginx]"] {
		t.Errorf("containers %v", containers)
	}
	if len(plan.Notes) != 1 || !strings.Contains(plan.Notes[0], "File[/var/www] (recurse)") {
		t.Errorf("notes %q, want the recursive file named", plan.Notes)
	}
	code, text, _ := runCatc(t, "plan", puppetCatalog)
	testutil.Golden(t, "testdata/puppet/plan.golden", []byte(text))
	if code != 0 {
		t.Errorf("plan text: exit %d", code)
	}
}

// TestPuppetSecretsNeverPrinted: the sensitive parameters of a Puppet
// catalog (in clear text in its JSON) appear in no output of any command,
// nor in a diagnostic about them.
func TestPuppetSecretsNeverPrinted(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(puppetCatalog)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	// A sensitive value that the file type refuses (mode must be a string).
	writeFile(t, bad, strings.Replace(string(data), `"content": "TOPSECRET-value",`, `"content": "TOPSECRET-value", "mode": ["TOPSECRET-value"],`, 1))
	for _, args := range [][]string{
		{"plan", puppetCatalog},
		{"plan", "--format", "json", puppetCatalog},
		{"validate", puppetCatalog},
		{"graph", puppetCatalog},
		{"graph", "--format", "json", puppetCatalog},
		{"why", puppetCatalog, "File[/etc/nginx/nginx.conf]"},
		{"validate", bad},
		{"validate", "--diagnostics", "json", bad},
	} {
		_, out, stderr := runCatc(t, args...)
		if strings.Contains(out+stderr, "TOPSECRET") {
			t.Errorf("catc %q prints the secret:\n%s\n%s", args, out, stderr)
		}
	}
}

// TestPuppetInputErrors: what a user gets wrong with a Puppet catalog.
func TestPuppetInputErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.json")
	writeFile(t, broken, "{\"name\": \"n\", \"resources\": [\n  {\"type\": \"Notify\", \"title\": \"a\",}\n]}")
	missing := filepath.Join(dir, "missing.json")
	writeFile(t, missing, `{"name": "n", "resources": [{"type": "Notify", "title": "a", "exported": false, "parameters": {"require": "Notify[nope]"}}]}`)
	resources := filepath.Join(dir, "res.hcl")
	writeFile(t, resources, `resource "notify" "x" {}`)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"syntax", []string{"validate", broken}, "broken.json line 2"},
		{"unresolved", []string{"validate", missing}, "Could not find resource 'Notify[nope]' in parameter 'require'"},
		{"two catalogs", []string{"plan", puppetCatalog, missing}, "give one catalog at a time"},
		{"var", []string{"plan", "--var", "a=b", puppetCatalog}, "--var has no effect on a Puppet catalog"},
		{"hcl resources", []string{"plan", puppetCatalog, resources}, "may only define types"},
	}
	for _, tt := range tests {
		code, _, stderr := runCatc(t, tt.args...)
		if code != 1 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", tt.name, code, stderr, tt.want)
		}
	}
}

// TestPuppetDetectedByContent: a catalog is told by its content, not
// its name.
func TestPuppetDetectedByContent(t *testing.T) {
	t.Parallel()
	data, _ := os.ReadFile(puppetCatalog)
	other := filepath.Join(t.TempDir(), "catalog.txt")
	writeFile(t, other, string(data))
	code, _, stderr := runCatc(t, "validate", other)
	if code != 0 || !strings.Contains(stderr, "Valid:") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "Note: Resources generated on the node are not shown") {
		t.Errorf("validate does not say what it cannot know: %s", stderr)
	}
}

// TestPuppetCycleThroughClass: a class requiring its own resource is a
// cycle, reported as Puppet reports it.
func TestPuppetCycleThroughClass(t *testing.T) {
	t.Parallel()
	cat := filepath.Join(t.TempDir(), "cycle.json")
	writeFile(t, cat, `{"name": "n", "catalog_format": 2, "resources": [
{"type": "Stage", "title": "main", "exported": false, "kind": "compilable_type"},
{"type": "Class", "title": "A", "exported": false, "kind": "class", "parameters": {"require": "Notify[x]"}},
{"type": "Notify", "title": "x", "exported": false, "kind": "compilable_type"}
], "edges": [{"source": "Stage[main]", "target": "Class[A]"}, {"source": "Class[A]", "target": "Notify[x]"}]}`)
	code, _, stderr := runCatc(t, "plan", cat)
	if code != 1 || !strings.Contains(stderr, "Dependency cycle: (Notify[x] => Class[A] => Notify[x])") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if !strings.Contains(stderr, "Class[A] => Notify[x]: Class[A] contains Notify[x]") {
		t.Errorf("the diagnostic does not explain the containment edge:\n%s", stderr)
	}
}

// TestPuppetRoundTrip: a catalog catc writes with compile --format
// puppet, read back (its types are the built-in ones), plans in the same
// order, automatic edges included.
func TestPuppetRoundTrip(t *testing.T) {
	t.Parallel()
	site := testutil.Fixture("graph", "web")
	out := filepath.Join(t.TempDir(), "web.json")
	if code, _, stderr := runCatc(t, "compile", "--format", "puppet", "--reveal-secrets", "-o", out, site); code != 0 {
		t.Fatalf("compile: %s", stderr)
	}
	steps := func(text string) []string {
		var refs []string
		for _, line := range strings.Split(text, "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && strings.HasSuffix(f[0], ".") && strings.Trim(f[0], "0123456789") == "." {
				refs = append(refs, f[1])
			}
		}
		return refs
	}
	_, hcl, _ := runCatc(t, "plan", site)
	_, back, stderr := runCatc(t, "plan", out)
	if a, b := steps(hcl), steps(back); len(a) == 0 || !slices.Equal(a, b) {
		t.Errorf("HCL plan %q\nread back %q\n%s", a, b, stderr)
	}
}

// TestPuppetWhyCrossesContainers: why explains an order that comes
// through classes and defines, step by step, in words.
func TestPuppetWhyCrossesContainers(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "why", puppetCatalog, "Package[curl]", "File[/etc/nginx/sites/www.conf]")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"Package[curl] comes before File[/etc/nginx/sites/www.conf] through 4 steps",
		"1. Package[curl] is in Class[Profile::Base], which ends after it",
		"2. Class[Profile::Base] is in Class[Profile::Web], which ends after it",
		"3. Class[Profile::Web] => Site::Vhost[www]: require on Site::Vhost[www]",
		"4. Site::Vhost[www] contains File[/etc/nginx/sites/www.conf], which starts after Site::Vhost[www] starts",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	_, out, _ = runCatc(t, "why", puppetCatalog, "File[/etc/nginx/sites/www.conf]", "Package[curl]")
	if !strings.Contains(out, "the reverse holds") {
		t.Errorf("the reverse is not said:\n%s", out)
	}
}

// TestPlanRefusesCatcJSON: catc's own catalog JSON names "resources" like
// a Puppet catalog; plan says what it is and what to give instead rather
// than reading it as a broken Puppet catalog.
func TestPlanRefusesCatcJSON(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "seed.json")
	if code, _, stderr := runCatc(t, "compile", "--format", "catc", "-o", out, testutil.Fixture("seed")); code != 0 {
		t.Fatalf("compile: exit %d: %s", code, stderr)
	}
	code, _, stderr := runCatc(t, "plan", out)
	if code == 0 || !strings.Contains(stderr, "is catc's own catalog JSON") || strings.Contains(stderr, "Invalid Puppet catalog") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}
