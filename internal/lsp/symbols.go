package lsp

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxWorkspaceSymbols bounds a workspace symbol answer: a query of one
// letter in a big workspace would list every resource.
const maxWorkspaceSymbols = 500

// documentSymbols: the file's types (with their attributes), aliases and
// resources, in source order within each kind.
func (s *Server) documentSymbols(ctx *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	path := uriToPath(p.TextDocument.URI)
	snap := s.snap
	li := snap.lineIndexOf(path)
	sym := func(name, detail string, kind protocol.SymbolKind, full, sel hcl.Range) protocol.DocumentSymbol {
		d := detail
		return protocol.DocumentSymbol{Name: name, Detail: &d, Kind: kind, Range: li.rangeOf(full), SelectionRange: li.rangeOf(sel)}
	}
	out := []protocol.DocumentSymbol{}
	for _, td := range snap.cat.Types {
		if td.DeclRange.Filename != path {
			continue
		}
		t := sym(td.Name, "type", protocol.SymbolKindClass, td.DeclRange, td.NameRange)
		for _, a := range td.Attributes {
			t.Children = append(t.Children, sym(a.Name, a.TypeText, protocol.SymbolKindField, a.DeclRange, a.NameRange))
		}
		out = append(out, t)
	}
	for _, a := range snap.cat.Aliases {
		if a.DeclRange.Filename == path {
			out = append(out, sym(a.Name, "type alias", protocol.SymbolKindTypeParameter, a.DeclRange, a.NameRange))
		}
	}
	for _, r := range snap.byFile[path] {
		out = append(out, sym(r.Ref(), "resource", protocol.SymbolKindObject, r.DeclRange, r.TitleRange))
	}
	return out, nil
}

// workspaceSymbols: types, aliases and resources whose name contains the
// query (case-insensitive).
func (s *Server) workspaceSymbols(ctx *glsp.Context, p *protocol.WorkspaceSymbolParams) ([]protocol.SymbolInformation, error) {
	q := strings.ToLower(p.Query)
	snap := s.snap
	out := []protocol.SymbolInformation{}
	add := func(name string, kind protocol.SymbolKind, r hcl.Range) bool {
		if len(out) >= maxWorkspaceSymbols {
			return false
		}
		if strings.Contains(strings.ToLower(name), q) {
			out = append(out, protocol.SymbolInformation{Name: name, Kind: kind, Location: snap.location(r)})
		}
		return true
	}
	for _, td := range snap.cat.Types {
		if !td.Builtin { // no file of the workspace holds it
			add(td.Name, protocol.SymbolKindClass, td.DeclRange)
		}
	}
	for _, a := range snap.cat.Aliases {
		add(a.Name, protocol.SymbolKindTypeParameter, a.DeclRange)
	}
	for _, r := range snap.cat.Resources {
		if !add(r.Ref(), protocol.SymbolKindObject, r.DeclRange) {
			break
		}
	}
	return out, nil
}
