package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/words"
)

// DiagnosticFormat is how diagnostics are printed (`--diagnostics`).
type DiagnosticFormat string

// The formats `--diagnostics` accepts (README.md, "Commands").
const (
	DiagText   DiagnosticFormat = "text"
	DiagJSON   DiagnosticFormat = "json"
	DiagGitHub DiagnosticFormat = "github"
)

// ParseDiagnosticFormat checks a `--diagnostics` value.
func ParseDiagnosticFormat(s string) (DiagnosticFormat, error) {
	switch f := DiagnosticFormat(s); f {
	case DiagText, DiagJSON, DiagGitHub:
		return f, nil
	}
	return "", fmt.Errorf("--diagnostics %q is not a format: use text, json or github", s)
}

// DiagnosticOptions tune WriteDiagnostics.
type DiagnosticOptions struct {
	Format DiagnosticFormat
	// Files are the parsed sources, for the snippets of the text format.
	Files map[string]*hcl.File
	// Color turns on ANSI colours in the text format (a terminal without
	// NO_COLOR); Width wraps its detail text at that many columns (0: no
	// wrapping, for logs and pipes).
	Color bool
	Width uint
	// Max bounds the diagnostics printed (0: all); the rest are counted
	// in one last "N more diagnostics" entry, in every format.
	Max int
}

// WriteDiagnostics prints diags in the chosen format.
func WriteDiagnostics(w io.Writer, diags hcl.Diagnostics, o DiagnosticOptions) error {
	diags = limitDiagnostics(diags, o.Max)
	switch o.Format {
	case DiagJSON:
		return writeDiagnosticsJSON(w, diags)
	case DiagGitHub:
		return writeDiagnosticsGitHub(w, diags)
	default:
		return writeDiagnosticsText(w, diags, o)
	}
}

// limitDiagnostics keeps the first max diagnostics and replaces the rest
// with one that counts them (of the most severe kind among them).
func limitDiagnostics(diags hcl.Diagnostics, max int) hcl.Diagnostics {
	if max <= 0 || len(diags) <= max {
		return diags
	}
	rest := diags[max:]
	errs := 0
	for _, d := range rest {
		if d.Severity == hcl.DiagError {
			errs++
		}
	}
	more := &hcl.Diagnostic{
		Severity: hcl.DiagWarning,
		Summary:  fmt.Sprintf("%d more diagnostics not shown", len(rest)),
		Detail: fmt.Sprintf("Only the first %d diagnostics are printed; %s and %s follow. Fix the ones above first (later ones often follow from them), or run with --max-diagnostics 0 to print them all.",
			max, words.Noun(errs, "error", "errors"), words.Noun(len(rest)-errs, "warning", "warnings")),
	}
	if errs > 0 {
		more.Severity = hcl.DiagError
	}
	return append(diags[:max:max], more)
}

// jsonDiagnostic is one diagnostic of `--diagnostics json`.
type jsonDiagnostic struct {
	Severity string     `json:"severity"`
	Summary  string     `json:"summary"`
	Detail   string     `json:"detail,omitempty"`
	Range    *jsonRange `json:"range,omitempty"`
}

type jsonRange struct {
	Filename string  `json:"filename"`
	Start    jsonPos `json:"start"`
	End      jsonPos `json:"end"`
}

type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Byte   int `json:"byte"`
}

func writeDiagnosticsJSON(w io.Writer, diags hcl.Diagnostics) error {
	out := make([]jsonDiagnostic, 0, len(diags))
	for _, d := range diags {
		jd := jsonDiagnostic{Severity: severity(d), Summary: d.Summary, Detail: d.Detail}
		if d.Subject != nil {
			jd.Range = &jsonRange{
				Filename: d.Subject.Filename,
				Start:    jsonPos{d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.Start.Byte},
				End:      jsonPos{d.Subject.End.Line, d.Subject.End.Column, d.Subject.End.Byte},
			}
		}
		out = append(out, jd)
	}
	return jsonw.Encode(w, out) // "A => B", not "A =\u003e B"
}

func severity(d *hcl.Diagnostic) string {
	if d.Severity == hcl.DiagWarning {
		return "warning"
	}
	return "error"
}

// writeDiagnosticsGitHub prints GitHub Actions workflow commands, which the
// pull-request view shows as annotations on the offending lines.
func writeDiagnosticsGitHub(w io.Writer, diags hcl.Diagnostics) error {
	for _, d := range diags {
		var props []string
		if r := d.Subject; r != nil {
			props = append(props,
				"file="+escapeProperty(words.Escape(r.Filename)),
				fmt.Sprintf("line=%d", r.Start.Line),
				fmt.Sprintf("col=%d", r.Start.Column))
			if r.End.Line >= r.Start.Line {
				props = append(props, fmt.Sprintf("endLine=%d", r.End.Line), fmt.Sprintf("endColumn=%d", r.End.Column))
			}
		}
		props = append(props, "title="+escapeProperty(words.Escape(d.Summary)))
		msg := d.Summary
		if d.Detail != "" {
			msg += ": " + d.Detail
		}
		msg = words.EscapeText(msg) // the log shows it: no raw controls
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", severity(d), strings.Join(props, ","), escapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

// escapeData escapes a workflow command's message, as the Actions toolkit does.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
