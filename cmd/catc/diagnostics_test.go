package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// A run prints at most --max-diagnostics diagnostics (100 unless told),
// then one that counts the rest; 0 prints them all.
func TestMaxDiagnostics(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&src, "resource \"software\" \"r%d\" {\n  ensur = \"present\"\n}\n", i)
	}
	bad := filepath.Join(testutil.TempFiles(t, map[string]string{"bad.hcl": src.String()}), "bad.hcl")
	for _, c := range []struct {
		args    []string
		errors  int
		trailer string
	}{
		// The seed's 3 warnings come first.
		{[]string{"validate", seed, bad}, 97, "Error: 53 more diagnostics not shown"},
		{[]string{"validate", "--max-diagnostics", "7", seed, bad}, 4, "Error: 146 more diagnostics not shown"},
		{[]string{"validate", "--max-diagnostics", "0", seed, bad}, 150, ""},
	} {
		code, _, errOut := runCatc(t, c.args...)
		if code != 1 {
			t.Errorf("%v: exit %d", c.args, code)
		}
		if got := strings.Count(errOut, "no parameter named 'ensur'"); got != c.errors {
			t.Errorf("%v: %d errors printed, want %d", c.args, got, c.errors)
		}
		if c.trailer != "" && !strings.Contains(errOut, c.trailer) || c.trailer == "" && strings.Contains(errOut, "not shown") {
			t.Errorf("%v: want trailer %q:\n%s", c.args, c.trailer, errOut[max(0, len(errOut)-400):])
		}
	}
	if code, _, errOut := runCatc(t, "validate", "--max-diagnostics", "-1", bad); code != 1 || !strings.Contains(errOut, "is negative") {
		t.Errorf("negative --max-diagnostics: exit %d, %s", code, errOut)
	}
}

// Diagnostics written to a file or pipe are not wrapped: a CI log keeps
// every line of a cycle report whole.
func TestDiagnosticsUnwrappedInLogs(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"cycle.hcl": `resource "software" "a with a long title to make the line long" {
  ensure = "present"
  before = ["Software[b with another long title to make the line long]"]
}
resource "software" "b with another long title to make the line long" {
  ensure = "present"
  before = ["Software[a with a long title to make the line long]"]
}
`})
	code, _, errOut := runCatc(t, "validate", seed, dir)
	if code != 1 {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	want := "  Software[a with a long title to make the line long] => Software[b with another long title to make the line long]: before on "
	if !strings.Contains(errOut, "\n"+want) {
		t.Errorf("edge line wrapped or missing (want a line starting %q):\n%s", want, errOut)
	}
}

// catc match prints the user's value inside Puppet's message: a control
// character in it is escaped, not sent to the terminal.
func TestMatchEscapesControls(t *testing.T) {
	t.Parallel()
	code, out, _ := runCatc(t, "match", "Enum[a]", `"a\u001b[2Jb"`)
	if code != 1 || out != "expects a match for Enum['a'], got 'a\\x1b[2Jb'\n" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
}
