package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// On a terminal, the environment decides; a pipe never gets colour.
func TestColorTerminal(t *testing.T) {
	tty := openPTY(t, 80)
	for _, tc := range []struct {
		noColor, term string
		want          bool
	}{{"", "xterm", true}, {"1", "xterm", false}, {"", "dumb", false}} {
		t.Setenv("NO_COLOR", tc.noColor)
		t.Setenv("TERM", tc.term)
		if got := colorTerminal(tty); got != tc.want {
			t.Errorf("NO_COLOR=%q TERM=%q: colour %v, want %v", tc.noColor, tc.term, got, tc.want)
		}
	}
	if colorTerminal(nil) {
		t.Error("colour on a non-terminal")
	}
}

// --reveal-secrets never writes to a terminal, as standard output or as
// -o, nor into a file the shell opened for standard output.
func TestCompilePuppetRevealRefusesTerminal(t *testing.T) {
	t.Parallel()
	dir := writeSecretSite(t)
	tty := openPTY(t, 80)
	var errOut strings.Builder
	code := run([]string{"catc", "compile", dir, "--format", "puppet", "--reveal-secrets"}, tty, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "will not print them on a terminal") {
		t.Errorf("stdout a terminal: exit %d, stderr %q", code, errOut.String())
	}
	code, _, stderr := runCatc(t, "compile", dir, "--format", "puppet", "--reveal-secrets", "-o", tty.Name())
	if code != 1 || !strings.Contains(stderr, "will not print them on a terminal") {
		t.Errorf("-o a terminal: exit %d, stderr %q", code, stderr)
	}
	// standard output redirected to a file the shell made readable
	f, err := os.Create(filepath.Join(t.TempDir(), "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	errOut.Reset()
	code = run([]string{"catc", "compile", dir, "--format", "puppet", "--reveal-secrets"}, f, &errOut)
	if st, _ := f.Stat(); code != 1 || st.Size() != 0 || !strings.Contains(errOut.String(), "give the file with -o FILE") {
		t.Errorf("stdout a file: exit %d, stderr %q", code, errOut.String())
	}
}
