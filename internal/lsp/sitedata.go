package lsp

import (
	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/source"
)

// siteData is a load's Hiera data and node, for hovers that say what a
// lookup or a class parameter gets on the node of the settings' facts.
type siteData struct {
	hiera *hiera.Data     // nil: the workspace has no hiera.yaml
	node  *nodefacts.Node // nil: no facts in the settings
	diags hcl.Diagnostics // opening hiera.yaml
}

// dataGlob is the watchers' pattern of Hiera's files: a change of one
// loads the workspace again, so its diagnostics and hovers follow.
const dataGlob = "**/*.{yaml,yml,json,eyaml}"

// openData opens the Hiera data of the workspace (the first folder with
// a hiera.yaml, as `catc validate FOLDER…` takes it) for a load.
func openData(folders []string) siteData {
	data, diags := source.Hiera(folders)
	return siteData{hiera: data, diags: diags}
}

// session is a new lookup session for the load's node.
func (d siteData) session() *hiera.Session {
	return d.hiera.NewSession(hiera.NodeScope(d.node))
}

// addDataDiags appends to the load's diagnostics those of hiera.yaml and
// of every data file the node's hierarchy reads, so that the editor
// shows them on those files; each once (every lookup that meets a bad
// file reports it).
func (s *snapshot) addDataDiags(node *nodefacts.Node) {
	s.data.node = node
	more := append(hcl.Diagnostics(nil), s.data.diags...)
	if s.data.hiera != nil {
		more = append(more, s.data.session().CheckFiles()...)
	}
	if len(more) == 0 && s.data.hiera == nil {
		return
	}
	// Only the data files' are made unique: an HCL file's list stays the
	// CLI's.
	seen := map[string]bool{}
	first := func(d *hcl.Diagnostic) bool {
		if d.Subject == nil || s.srcs[d.Subject.Filename] != nil {
			return true
		}
		key := d.Subject.String() + "\x00" + d.Summary + "\x00" + d.Detail
		if seen[key] {
			return false
		}
		seen[key] = true
		return true
	}
	all := append(s.diags[:len(s.diags):len(s.diags)], more...)
	s.diags = make(hcl.Diagnostics, 0, len(all))
	for _, d := range all {
		if first(d) {
			s.diags = append(s.diags, d)
		}
	}
}

// rangeIn is a diagnostic's range in the editor: by byte offsets in an
// HCL file, by line and column in a data file (Hiera's diagnostics have
// no offsets, and the server holds no line index of a YAML file).
func (s *snapshot) rangeIn(r hcl.Range) protocol.Range {
	if _, ok := s.srcs[r.Filename]; ok || r.Start.Byte > 0 || s.cat != nil && s.cat.Files()[r.Filename] != nil {
		return s.lineIndexOf(r.Filename).rangeOf(r)
	}
	at := func(p hcl.Pos) protocol.Position {
		return protocol.Position{Line: protocol.UInteger(max(p.Line-1, 0)), Character: protocol.UInteger(max(p.Column-1, 0))}
	}
	end := r.End
	if end.Line < r.Start.Line || end.Line == r.Start.Line && end.Column <= r.Start.Column {
		end = r.Start
		end.Column++
	}
	return protocol.Range{Start: at(r.Start), End: at(end)}
}
