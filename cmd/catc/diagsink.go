package main

import (
	"fmt"
	"io"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/words"
)

// diagSink is what one run has reported. Text and GitHub diagnostics are
// printed as they come; JSON ones are held and printed at the end as one
// document (a list, `[]` when there is nothing), so that stderr parses as
// JSON even when loading and ordering both report something.
type diagSink struct {
	json     bool
	diags    hcl.Diagnostics
	warnings int
	// max is --max-diagnostics, for the JSON document printed at the end.
	max int
	// rename, when set, names a loaded file as the user knows it (diff
	// --base loads the old side from a temporary directory).
	rename *baseTree
	// notes gathers what catc cannot know about the catalogs read from
	// Puppet (noteCatalog) until sayNotes prints it: diff reads two
	// catalogs and a fleet many, whose notes mostly agree, and each kind
	// of note is said once.
	notes catalog.Notes
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

// flush prints the notes not yet said (a run that failed before its
// output) and the held JSON document, if the run asked for one.
func (s *diagSink) flush(w io.Writer) {
	if s == nil {
		return
	}
	if !s.json {
		s.sayNotes(w)
		return
	}
	render.WriteDiagnostics(w, s.diags, render.DiagnosticOptions{Format: render.DiagJSON, Max: s.max})
}

// renamed is diags and files with the file names rename gives: copies,
// the originals are left as they are.
func (s *diagSink) renamed(diags hcl.Diagnostics, files map[string]*hcl.File) (hcl.Diagnostics, map[string]*hcl.File) {
	if s.rename == nil {
		return diags, files
	}
	out := s.rename.diags(diags)
	named := make(map[string]*hcl.File, len(files))
	for name, f := range files {
		named[s.rename.Name(name)] = f
	}
	return out, named
}

func renameRange(r *hcl.Range, rename func(string) string) *hcl.Range {
	if r == nil {
		return nil
	}
	cp := *r
	cp.Filename = rename(r.Filename)
	return &cp
}

// sayNotes prints the notes gathered so far, each kind once for all the
// catalogs read, and forgets them.
func (s *diagSink) sayNotes(w io.Writer) {
	for _, n := range s.notes.Lines() {
		fmt.Fprintf(w, "Note: %s\n", words.Escape(n))
	}
	s.notes = catalog.Notes{}
}
