package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// TestBodyDiagnosticsAtFirstEvaluation: a body's own diagnostics are
// reported once, when the body is first evaluated (compiler.bodyOf): not
// for a class never declared, once for a define with two instances, and
// the same on every load.
func TestBodyDiagnosticsAtFirstEvaluation(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	// many classes before the ones that matter, one of them declared
	for i := range 200 {
		fmt.Fprintf(&b, "class \"filler%d\" {\n  resource \"notify\" \"f%d\" {}\n}\n", i, i)
	}
	b.WriteString(`
class "unused" {
  resource "notify" {}
}
class "used" {
  resource "file" {}
  resource "site::d" "a" {}
  resource "site::d" "b" {}
}
define "site::d" {
  resource "exec" {}
  resource "notify" "${self.title}" {}
}
include "used" {}
include "filler7" {}
`)
	src := b.String()
	var first []string
	for run := range 5 {
		_, diags := loadClassSite(t, src, nil)
		var got []string
		for _, d := range diags {
			if d.Summary != catalog.SummaryBlockLabels {
				t.Errorf("unexpected diagnostic: %s", d.Error())
				continue
			}
			got = append(got, d.Subject.String())
		}
		if len(got) != 2 {
			t.Fatalf("run %d: %d label diagnostics, want 2 (used's file, the define's exec once): %v", run, len(got), got)
		}
		for _, place := range got {
			line := strings.Split(src, "\n")[diagLine(place)-1]
			if !strings.Contains(line, `resource "file" {}`) && !strings.Contains(line, `resource "exec" {}`) {
				t.Errorf("run %d: diagnostic at %s (%q), want used's file or the define's exec", run, place, line)
			}
		}
		if run == 0 {
			first = got
		} else if strings.Join(got, ";") != strings.Join(first, ";") {
			t.Errorf("run %d: %v, first run %v", run, got, first)
		}
	}
}

// diagLine is the line of a range's string form (file:line,col-col).
func diagLine(place string) int {
	var line int
	_, rest, _ := strings.Cut(place, ":")
	fmt.Sscanf(rest, "%d", &line)
	return line
}
