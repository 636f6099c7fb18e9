package compiler

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/hashicorp/hcl/v2"
)

// The fixtures under fixtures/invalid are small catalogs, one per kind of
// problem. Each expected diagnostic is a trailing comment on the line its
// subject starts on:
//
//	source = 5   # ERROR: apt_key.source expects a String value, got Integer
//	id = "x"     # ERROR(col 8): …        (the subject starts at column 8)
//	# ERROR(line 12, col 5): …             (for a line that cannot hold a comment, e.g. in a heredoc)
//
// WARNING works the same way. The text is a substring of "summary: detail".
// A fixture whose first line is `# with: seed` is loaded together with
// fixtures/seed/types.hcl. Every error in the fixture must be marked;
// unmarked warnings are allowed.

var markerRE = regexp.MustCompile(`# (ERROR|WARNING)(?:\((?:line (\d+), )?col (\d+)\))?: (.*?)\s*(?:$|# (?:ERROR|WARNING))`)

type marker struct {
	severity  hcl.DiagnosticSeverity
	line, col int // col 0: any
	text      string
}

func (m marker) String() string {
	sev := "ERROR"
	if m.severity == hcl.DiagWarning {
		sev = "WARNING"
	}
	return fmt.Sprintf("%s at %d:%d %q", sev, m.line, m.col, m.text)
}

func readMarkers(t *testing.T, path string) (markers []marker, withSeed bool) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if line == 1 && strings.TrimSpace(text) == "# with: seed" {
			withSeed = true
		}
		for rest := text; ; {
			m := markerRE.FindStringSubmatchIndex(rest)
			if m == nil {
				break
			}
			sub := func(i int) string {
				if m[2*i] < 0 {
					return ""
				}
				return rest[m[2*i]:m[2*i+1]]
			}
			mk := marker{severity: hcl.DiagError, line: line, text: strings.ReplaceAll(sub(4), `\n`, "\n")}
			if sub(1) == "WARNING" {
				mk.severity = hcl.DiagWarning
			}
			if s := sub(2); s != "" {
				mk.line, _ = strconv.Atoi(s)
			}
			if s := sub(3); s != "" {
				mk.col, _ = strconv.Atoi(s)
			}
			markers = append(markers, mk)
			rest = rest[m[9]:]
		}
	}
	return markers, withSeed
}

func (m marker) matches(d *hcl.Diagnostic, file string) bool {
	if d.Severity != m.severity || d.Subject == nil || d.Subject.Filename != file || d.Subject.Start.Line != m.line {
		return false
	}
	if m.col != 0 && d.Subject.Start.Column != m.col {
		return false
	}
	return strings.Contains(d.Summary+": "+d.Detail, m.text)
}

func TestInvalidFixtures(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(testutil.Fixture("invalid/*.hcl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			markers, withSeed := readMarkers(t, file)
			if len(markers) == 0 {
				t.Fatal("fixture has no # ERROR or # WARNING marker")
			}
			paths := []string{file}
			if withSeed {
				paths = []string{testutil.Fixture("seed/types.hcl"), file}
			}
			_, diags := Load(paths, LoadOptions{})
			checkMarkers(t, file, markers, diags)
		})
	}
}

func checkMarkers(t *testing.T, file string, markers []marker, diags hcl.Diagnostics) {
	t.Helper()
	used := make([]bool, len(diags))
	for _, m := range markers {
		found := false
		for i, d := range diags {
			if m.matches(d, file) {
				used[i], found = true, true
			}
		}
		if !found {
			t.Errorf("no diagnostic for %s; got:\n%s", m, describeDiags(diags))
		}
	}
	var extra []string
	for i, d := range diags {
		if used[i] || d.Severity != hcl.DiagError {
			continue
		}
		if d.Subject != nil && d.Subject.Filename != file {
			continue // problems of the seed types are not this fixture's
		}
		extra = append(extra, describeDiag(d))
	}
	sort.Strings(extra)
	for _, e := range extra {
		t.Errorf("unmarked error: %s", e)
	}
}

func describeDiags(diags hcl.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString("  " + describeDiag(d) + "\n")
	}
	return b.String()
}

func describeDiag(d *hcl.Diagnostic) string {
	pos := "-"
	if d.Subject != nil {
		pos = fmt.Sprintf("%d:%d", d.Subject.Start.Line, d.Subject.Start.Column)
	}
	return fmt.Sprintf("%s %s: %s", pos, d.Summary, d.Detail)
}
