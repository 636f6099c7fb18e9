package main

import (
	"io"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/render"
)

// diagSink is what one run has reported. Text and GitHub diagnostics are
// printed as they come; JSON ones are held and printed at the end as one
// document (a list, `[]` when there is nothing), so that stderr parses as
// JSON even when loading and ordering both report something.
type diagSink struct {
	json     bool
	diags    hcl.Diagnostics
	warnings int
}

const sinkKey = "catc.diagnostics"

// sinkOf is the run's sink, kept in the app's metadata.
func sinkOf(c *cli.Context) *diagSink {
	s, _ := c.App.Metadata[sinkKey].(*diagSink)
	if s == nil {
		s = &diagSink{}
		if c.App.Metadata == nil {
			c.App.Metadata = map[string]any{}
		}
		c.App.Metadata[sinkKey] = s
	}
	return s
}

// count notes diags; it returns whether they are to be printed now.
func (s *diagSink) count(format render.DiagnosticFormat, diags hcl.Diagnostics) (printNow bool) {
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning {
			s.warnings++
		}
	}
	if format != render.DiagJSON {
		return len(diags) > 0
	}
	s.json = true
	s.diags = append(s.diags, diags...)
	return false
}

// flush prints the held JSON document, if the run asked for one.
func (s *diagSink) flush(w io.Writer) {
	if s == nil || !s.json {
		return
	}
	render.WriteDiagnostics(w, s.diags, render.DiagnosticOptions{Format: render.DiagJSON})
}
