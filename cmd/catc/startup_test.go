package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestStartupInitIsSmall: every catc command runs the initialisation of
// every package catc links before it does anything, so catc's own
// packages keep theirs small: tables and regular expressions are built
// on first use (sync.OnceValue), not at start-up. The Go runtime's
// inittrace of this test binary says what each package's initialisation
// allocated; catc's internal packages (test helpers aside) stay under
// 4 KiB each and 12 KiB together (before: the language server's completion words,
// exec's path regexps, the type parser's tables and others, 44 KiB).
func TestStartupInitIsSmall(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	line := regexp.MustCompile(`(?m)^init (github\.com/catc-dev/catc/\S+) @[^,]*, [^,]*, (\d+) bytes, (\d+) allocs$`)
	total, seen := 0, 0
	for _, m := range line.FindAllStringSubmatch(string(out), -1) {
		if strings.Contains(m[1], "/testutil") || strings.HasSuffix(m[1], "/pdbtest") || m[1] == "github.com/catc-dev/catc/cmd/catc" {
			continue // test helpers (linked into tests only), and this package, whose tests' tables count here
		}
		seen++
		bytes, _ := strconv.Atoi(m[2])
		total += bytes
		if bytes > 4<<10 {
			t.Errorf("%s allocates %d bytes (%s allocations) at start-up: build its tables on first use", m[1], bytes, m[3])
		}
	}
	if seen == 0 {
		t.Fatalf("no init line of a catc package in the trace:\n%s", out)
	}
	if total > 12<<10 {
		t.Errorf("catc's packages allocate %d bytes at start-up, more than 12 KiB", total)
	}
}
