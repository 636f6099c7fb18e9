package plandiff

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// FailTexts words the errors of diags for Snapshot.Fails: each error's
// summary, its place and the first line of its detail ("Command not
// qualified at site.pp:10: Validation of Exec[x] failed: …"), each once,
// in order. The detail is what the load printed (a sensitive value is
// never in it).
func FailTexts(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		s := d.Summary
		if at := d.Subject; at != nil && at.Filename != "" {
			s += " at " + at.Filename
			if at.Start.Line > 0 {
				s += ":" + strconv.Itoa(at.Start.Line)
			}
		}
		if first, _, _ := strings.Cut(d.Detail, "\n"); first != "" {
			s += ": " + first
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
