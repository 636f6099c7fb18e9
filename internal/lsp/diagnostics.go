package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/graph"
)

// diagnosticSource names catc in the editor's list.
const diagnosticSource = "catc"

// fileDiagnostics groups the snapshot's diagnostics by file, converted
// to LSP: the same subject range, and the summary and detail of the CLI
// ("Summary\n\nDetail"). Diagnostics without a file come back apart.
func (s *snapshot) fileDiagnostics() (map[string][]protocol.Diagnostic, []*hcl.Diagnostic) {
	out := map[string][]protocol.Diagnostic{}
	var loose []*hcl.Diagnostic
	for _, d := range s.diags {
		if d.Subject == nil || d.Subject.Filename == "" {
			loose = append(loose, d)
			continue
		}
		f := d.Subject.Filename
		out[f] = append(out[f], s.diagnostic(d))
	}
	return out, loose
}

func (s *snapshot) diagnostic(d *hcl.Diagnostic) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	if d.Severity == hcl.DiagWarning {
		sev = protocol.DiagnosticSeverityWarning
	}
	src := diagnosticSource
	pd := protocol.Diagnostic{
		Range:    s.rangeIn(*d.Subject),
		Severity: &sev,
		Source:   &src,
		Message:  diagnosticMessage(d),
	}
	if c, ok := s.cycleOf[d]; ok {
		pd.RelatedInformation = s.cycleRelated(c)
	}
	return pd
}

func diagnosticMessage(d *hcl.Diagnostic) string {
	if d.Detail == "" {
		return d.Summary
	}
	return d.Summary + "\n\n" + d.Detail
}

// cycleRelated is one related location per origin of every edge of the
// cycle: the reference written on a resource, or for an auto edge the
// rule in the type and the resource it was applied to.
func (s *snapshot) cycleRelated(c graph.Cycle) []protocol.DiagnosticRelatedInformation {
	var out []protocol.DiagnosticRelatedInformation
	for _, e := range c.Edges {
		edge := fmt.Sprintf("%s => %s", e.F.Resource.Ref(), e.T.Resource.Ref())
		for _, o := range e.Origins {
			out = append(out, protocol.DiagnosticRelatedInformation{
				Location: s.location(o.Range),
				Message:  edge + ": " + o.String(),
			})
			if o.Rule != nil {
				out = append(out, protocol.DiagnosticRelatedInformation{
					Location: s.location(o.RuleRange()),
					Message:  fmt.Sprintf("%s: the %s rule of type %s", edge, o.RuleName(), o.Resource.Type.Name),
				})
			}
		}
	}
	return out
}

// publisher remembers what was published per file, so that after a load
// only the files whose diagnostics changed are sent again (and files
// that lost all theirs get an empty list).
type publisher struct {
	last  map[string]string // path → JSON of the last list sent
	loose string            // the last diagnostics without a file, as shown
}

// publish sends the snapshot's diagnostics; always is a file that gets
// its list even when unchanged (the one just edited or opened). It
// returns the diagnostics without a file when they differ from the last
// load's (a missing var file is shown once, not on every keystroke).
func (p *publisher) publish(s *snapshot, always string, notify func(method string, params any)) []*hcl.Diagnostic {
	if p.last == nil {
		p.last = map[string]string{}
	}
	byFile, loose := s.fileDiagnostics()
	sent := map[string]bool{}
	send := func(path string, list []protocol.Diagnostic) {
		sent[path] = true
		if list == nil {
			list = []protocol.Diagnostic{}
		}
		key, _ := json.Marshal(list)
		if prev, ok := p.last[path]; ok && prev == string(key) && path != always {
			return
		}
		if len(list) == 0 {
			delete(p.last, path)
		} else {
			p.last[path] = string(key)
		}
		notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: pathToURI(path), Diagnostics: list})
	}
	for path := range p.last {
		if _, ok := byFile[path]; !ok {
			send(path, nil)
		}
	}
	for _, path := range sortedKeys(byFile) {
		send(path, byFile[path])
	}
	if always != "" && !sent[always] {
		send(always, nil)
	}
	key := looseKey(loose)
	if key == p.loose {
		return nil
	}
	p.loose = key
	return loose
}

// looseKey identifies a set of diagnostics without a file by what the
// user is shown of them.
func looseKey(ds []*hcl.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%d %q\n", d.Severity, diagnosticMessage(d))
	}
	return b.String()
}
