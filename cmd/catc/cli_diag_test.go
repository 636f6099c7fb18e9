package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

var (
	webFixture   = testutil.Fixture("graph/web")
	cycleFixture = testutil.Fixture("graph/cycle")
)

// TestValidateSummaryGolden pins the last line validate prints to stderr
// on success, for catalogs with and without warnings.
func TestValidateSummaryGolden(t *testing.T) {
	t.Parallel()
	var got strings.Builder
	for _, path := range []string{seed, webFixture} {
		code, out, errOut := runCatc(t, "validate", path)
		if code != 0 || out != "" {
			t.Fatalf("validate %s: exit %d, stdout %q", path, code, out)
		}
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		got.WriteString(path + ": " + lines[len(lines)-1] + "\n")
	}
	assertGolden(t, "validate_summary.txt", got.String())
}

func TestValidateSummaryOnlyOnSuccess(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"validate", seed, "--strict"},              // warnings fail it
		{"validate", cycleFixture},                  // a cycle
		{"validate", seed, "--diagnostics", "json"}, // stderr is one JSON list
	} {
		if _, _, errOut := runCatc(t, args...); strings.Contains(errOut, "Valid:") {
			t.Errorf("catc %v prints the summary: %q", args, errOut)
		}
	}
}

// TestDiagnosticsJSONDocument checks that with --diagnostics json every
// command that reads HCL prints exactly one JSON list on stderr, `[]` when
// there is nothing, and nothing of it on stdout.
func TestDiagnosticsJSONDocument(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want int // diagnostics in the list
	}{
		// The web and cycle fixtures use the built-in types: loading them
		// warns about nothing.
		{[]string{"validate", webFixture}, 0},
		{[]string{"compile", webFixture}, 0},
		{[]string{"plan", webFixture}, 0},
		{[]string{"graph", webFixture}, 0},
		{[]string{"graph", cycleFixture}, 0}, // and no note about the cycles
		{[]string{"doc", webFixture}, 0},
		{[]string{"why", webFixture, "Package[nginx]"}, 0},
		{[]string{"fmt", "--check", webFixture}, 0},
		{[]string{"validate", seed}, 3},
		// One document although loading warns (3) and ordering finds the
		// cycles (2).
		{[]string{"plan", seed, cycleFixture}, 5},
		{[]string{"why", webFixture, "Package[nope]"}, 1},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, out, errOut := runCatc(t, append(tt.args, "--diagnostics", "json")...)
			if strings.Contains(out, `"severity"`) {
				t.Errorf("diagnostics on stdout: %q", out)
			}
			if tt.want == 0 && errOut != "[]\n" {
				t.Errorf("stderr = %q, want []", errOut)
			}
			var list []map[string]any
			dec := json.NewDecoder(strings.NewReader(errOut))
			if err := dec.Decode(&list); err != nil || dec.More() {
				t.Fatalf("stderr is not one JSON list (%v): %q", err, errOut)
			}
			if len(list) != tt.want {
				t.Errorf("%d diagnostics, want %d: %q", len(list), tt.want, errOut)
			}
			if strings.Contains(errOut, `\u003e`) {
				t.Errorf("HTML-escaped JSON: %q", errOut)
			}
		})
	}
}

// TestPointlessFlags checks that a flag the rest of the command line makes
// meaningless is an error that says why.
func TestPointlessFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"plan", seed, "--seed", "7"}, "--seed has no effect without --ordering random"},
		{[]string{"plan", seed, "--seed", "7", "--ordering", "declaration"}, "--seed has no effect without --ordering random"},
		{[]string{"graph", seed, "--depth", "2"}, "--depth has no effect without --focus REF"},
		{[]string{"graph", seed, "--direction", "up"}, "--direction has no effect without --focus REF"},
		{[]string{"graph", seed, "--force"}, "--force has no effect without --format svg"},
		{[]string{"graph", seed, "--timeout", "1m"}, "--timeout has no effect without --format svg"},
		{[]string{"graph", seed, "--format", "json", "--cluster", "type"}, "--cluster has no effect without --format dot, svg or html"},
		{[]string{"version", "extra"}, `version takes no arguments (got "extra")`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCatc(t, tt.args...)
			if code != 1 || out != "" || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %q", code, out, errOut, tt.want)
			}
		})
	}
	// Where they do have an effect, they are accepted.
	for _, args := range [][]string{
		{"plan", seed, "--ordering", "random", "--seed", "7"},
		{"graph", seed, "--focus", "Software[php]", "--depth", "1", "--direction", "up"},
	} {
		if code, _, errOut := runCatc(t, args...); code != 0 {
			t.Errorf("catc %v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestCycleAdviceUserCommand checks that a cycle's advice is the command
// the user can run, with the paths (and load flags) they gave.
func TestCycleAdviceUserCommand(t *testing.T) {
	t.Parallel()
	_, _, errOut := runCatc(t, "validate", cycleFixture, "--diagnostics", "json")
	want := "`catc why " + cycleFixture + " 'Service[app]' 'User[app]'`"
	if !strings.Contains(errOut, want) {
		t.Errorf("advice does not say %s:\n%s", want, errOut)
	}
	if strings.Contains(errOut, "PATH...") {
		t.Errorf("advice still says PATH...:\n%s", errOut)
	}
}

// TestJSONNotHTMLEscaped checks the JSON outputs of catc: <, > and & in a
// title are written as they are (diagnostics: TestDiagnosticsJSONDocument).
func TestJSONNotHTMLEscaped(t *testing.T) {
	t.Parallel()
	types := readFile(t, seed+"/types.hcl")
	res := "resource \"software\" \"a<b>&c\" {\n  ensure = \"present\"\n}\n" +
		"resource \"software\" \"d\" {\n  require = \"Software[a<b>&c]\"\n}\n"
	dir := testutil.TempFiles(t, map[string]string{"types.hcl": types, "site.hcl": res})
	oldDir := testutil.TempFiles(t, map[string]string{"types.hcl": types})
	for _, args := range [][]string{
		{"compile", dir},
		{"compile", dir, "--format", "puppet"},
		{"plan", dir, "--format", "json"},
		{"graph", dir, "--format", "json"},
		{"diff", oldDir, dir, "--format", "json"},
	} {
		code, out, errOut := runCatc(t, args...)
		if code != 0 {
			t.Fatalf("catc %v: exit %d, stderr %q", args, code, errOut)
		}
		all := out + errOut
		if !strings.Contains(all, "a<b>&c") || strings.Contains(all, `\u003c`) || strings.Contains(all, `\u0026`) {
			t.Errorf("catc %v: title not written as it is:\n%s", args, all)
		}
	}
}
