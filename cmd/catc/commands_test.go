package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

var seed = testutil.Fixture("seed")

// badAttribute declares a seed resource with a misspelt attribute on line 2.
const badAttribute = `resource "software" "php" {
  ensur = "present"
}
`

func TestValidate(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(testutil.TempFiles(t, map[string]string{"bad.hcl": badAttribute}), "bad.hcl")
	tests := []struct {
		name     string
		args     []string
		code     int
		inStderr []string
	}{
		{"seed is valid", []string{"validate", seed}, 0, nil},
		{"strict fails on the seed's warnings", []string{"validate", "--strict", seed}, 1, []string{"Warning: Missing documentation"}},
		{"flags after paths", []string{"validate", seed, "--strict"}, 1, []string{"Warning: Missing documentation"}},
		{"unknown attribute, text", []string{"validate", seed, bad}, 1,
			[]string{"bad.hcl line 2", `ensur = "present"`, `Did you mean "ensure"?`}},
		{"github annotations", []string{"validate", "--diagnostics", "github", seed, bad}, 1,
			[]string{"::error file=" + bad + ",line=2,col=3,"}},
		{"json diagnostics", []string{"validate", "--diagnostics=json", seed, bad}, 1,
			[]string{`"severity": "error"`, `"line": 2`, `"column": 3`}},
		{"bad diagnostics format", []string{"validate", "--diagnostics", "xml", seed}, 1, []string{"use text, json or github"}},
		{"no paths", []string{"validate"}, 1, []string{"validate needs at least one PATH"}},
		{"missing path", []string{"validate", "does/not/exist"}, 1, []string{"does/not/exist"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCatc(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d\nstderr:\n%s", code, tt.code, errOut)
			}
			if out != "" {
				t.Errorf("validate printed to stdout: %q", out)
			}
			for _, want := range tt.inStderr {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr lacks %q:\n%s", want, errOut)
				}
			}
		})
	}
}

func TestCompileIsByteStable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for _, out := range []string{a, b} {
		if code, _, errOut := runCatc(t, "compile", seed, "-o", out); code != 0 {
			t.Fatalf("compile exited %d: %s", code, errOut)
		}
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if !bytes.Equal(ab, bb) || len(ab) == 0 {
		t.Fatalf("two compiles of the same input differ (or are empty)")
	}
	var doc struct {
		Format    string `json:"format"`
		Resources []struct {
			Ref string `json:"ref"`
		} `json:"resources"`
		Edges []struct {
			From, To string
			Kinds    []string
		} `json:"edges"`
	}
	if err := json.Unmarshal(ab, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != "catc.catalog/1" || len(doc.Resources) != 4 || len(doc.Edges) != 3 {
		t.Errorf("compiled seed: format %q, %d resources, %d edges; want catc.catalog/1, 4, 3", doc.Format, len(doc.Resources), len(doc.Edges))
	}
}

func TestErrorsLeaveNoOutputFile(t *testing.T) {
	t.Parallel()
	bad := testutil.TempFiles(t, map[string]string{"bad.hcl": `resource "nosuch" "x" {}`})
	out := filepath.Join(t.TempDir(), "catalog.json")
	for _, cmd := range []string{"compile", "plan"} {
		code, _, _ := runCatc(t, cmd, bad, "-o", out)
		if code != 1 {
			t.Errorf("%s on an invalid catalog exited %d, want 1", cmd, code)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s left %s behind after an error", cmd, out)
		}
	}
}

func TestPlan(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "plan", seed)
	if code != 0 {
		t.Fatalf("plan exited %d: %s", code, errOut)
	}
	want := []string{"1. Software[php]", "2. Package[apt]", "3. Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]", "4. Software[php-yum]"}
	last := -1
	for _, w := range want {
		i := strings.Index(out, w)
		if i < 0 || i < last {
			t.Fatalf("plan lacks %q in order:\n%s", w, out)
		}
		last = i
	}

	code, out, _ = runCatc(t, "plan", "--format", "json", seed)
	var doc struct {
		Order []string `json:"order"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil || len(doc.Order) != 4 || doc.Order[0] != "Software[php]" {
		t.Errorf("plan --format json: exit %d, order %v", code, doc.Order)
	}

	code, _, errOut = runCatc(t, "plan", "--format", "yaml", seed)
	if code != 1 || !strings.Contains(errOut, "use text or json") {
		t.Errorf("bad --format: exit %d, stderr %q", code, errOut)
	}
}

// TestPlanJSONCycles: the JSON plan of a cyclic catalog is still written,
// to standard output and with -o to a file, with its cycles and no order,
// and the exit code is 1 (the site of testdata/scenarios/cycle.txtar).
func TestPlanJSONCycles(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, testutil.MustTxtar(filepath.Join("testdata", "scenarios", "cycle.txtar")))
	dir = filepath.Join(dir, "site")
	outFile := filepath.Join(t.TempDir(), "plan.json")
	for _, args := range [][]string{{"plan", dir, "--format", "json"}, {"plan", dir, "--format", "json", "-o", outFile}} {
		code, out, errOut := runCatc(t, args...)
		if len(args) > 4 {
			b, err := os.ReadFile(outFile)
			if err != nil {
				t.Fatal(err)
			}
			out = string(b)
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: not a JSON document (%v): %q", args, err, out)
		}
		var cycles []struct{ Path, Members []string }
		_ = json.Unmarshal(doc["cycles"], &cycles)
		_, hasOrder := doc["order"]
		if code != 1 || hasOrder || len(cycles) != 1 || cycles[0].Path[0] != "Node[a]" || !strings.Contains(errOut, "(Node[a] => Node[c] => Node[b] => Node[a])") {
			t.Errorf("%v: exit %d, order present %v, cycles %v, stderr:\n%s", args, code, hasOrder, cycles, errOut)
		}
	}
}

func TestWhy(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "why", seed, "Software[php]", "Software[php-yum]")
	if code != 0 {
		t.Fatalf("why exited %d: %s", code, errOut)
	}
	for _, want := range []string{"Software[php] comes before Software[php-yum]", "resources.hcl:13", "resources.hcl:8"} {
		if !strings.Contains(out, want) {
			t.Errorf("why lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCatc(t, "why", seed, "software.php", "software.php-yum")
	if code != 0 || !strings.Contains(out, "Software[php] comes before Software[php-yum]") {
		t.Errorf("why with HCL-form references: exit %d\n%s", code, out)
	}
	code, out, _ = runCatc(t, "why", seed, "Software[php-yum]", "Software[php]")
	if code != 0 || !strings.Contains(out, "the reverse holds, Software[php] must come before Software[php-yum] through 2 edges") || !strings.Contains(out, "resources.hcl:13") {
		t.Errorf("why against the order: exit %d\n%s", code, out)
	}
	code, _, errOut = runCatc(t, "why", seed, "Software[nosuch]")
	if code != 1 || !strings.Contains(errOut, "Software[nosuch]") {
		t.Errorf("why of an unknown resource: exit %d\n%s", code, errOut)
	}
	code, _, errOut = runCatc(t, "why", seed)
	if code != 1 || !strings.Contains(errOut, "why takes PATH") {
		t.Errorf("why without refs: exit %d\n%s", code, errOut)
	}
}

func TestVariables(t *testing.T) {
	t.Parallel()
	valid := testutil.Fixture("valid/variables.hcl")
	code, out, errOut := runCatc(t, "plan", seed, valid, "--var", `managers=["pip","uv"]`)
	if code != 0 {
		t.Fatalf("plan with --var exited %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Software[python-uv]") || strings.Contains(out, "Software[python-conda]") {
		t.Errorf("--var did not replace the default list:\n%s", out)
	}
	dir := testutil.TempFiles(t, map[string]string{"vars.hcl": `key_source = "https://mirror.example.org"` + "\n"})
	code, out, errOut = runCatc(t, "compile", seed, valid, "--var-file", filepath.Join(dir, "vars.hcl"))
	if code != 0 || !strings.Contains(out, "https://mirror.example.org/fedcba98.gpg") {
		t.Errorf("--var-file: exit %d, stderr %s\n%s", code, errOut, out)
	}
}

// TestOutputToDevice checks that -o on a device writes to it instead of
// replacing it with a regular file (as root, a rename would succeed).
func TestOutputToDevice(t *testing.T) {
	t.Parallel()
	before, err := os.Stat(os.DevNull)
	if err != nil {
		t.Skip("no null device")
	}
	if code, _, errOut := runCatc(t, "plan", seed, "-o", os.DevNull); code != 0 {
		t.Fatalf("plan -o %s exited %d: %s", os.DevNull, code, errOut)
	}
	after, err := os.Stat(os.DevNull)
	if err != nil || after.Mode() != before.Mode() || after.Mode().IsRegular() {
		t.Fatalf("%s was replaced: mode %v, was %v", os.DevNull, after.Mode(), before.Mode())
	}
}

func TestIsRef(t *testing.T) {
	t.Parallel()
	for arg, want := range map[string]bool{
		"Software[php]": true, "software.php-yum": true, `apt_key.ABCD1234`: true, "node_res::x.a": true,
		seed: false, "site.hcl": false, "site/main.hcl": false, "Site": false, "plain": false, "../x.y": false,
	} {
		if got := isRef(arg); got != want {
			t.Errorf("isRef(%q) = %v, want %v", arg, got, want)
		}
	}
}
