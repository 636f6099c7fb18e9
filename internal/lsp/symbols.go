package lsp

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/compiler"
)

// maxWorkspaceSymbols bounds a workspace symbol answer: a query of one
// letter in a big workspace would list every resource.
const maxWorkspaceSymbols = 500

// documentSymbols: the file's types (with their attributes), aliases,
// resources (define instances and declared classes among them), classes
// and defines (with their parameters) and nodes, in source order within
// each kind.
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
	if f := s.site().files[path]; f != nil {
		for _, d := range f.Defs {
			ds := sym(d.Name, defKind(d), defSymbolKind(d), d.Range, d.NameRange)
			for _, p := range d.Params {
				ds.Children = append(ds.Children, sym(p.Name, p.Type, protocol.SymbolKindField, p.Range, p.NameRange))
			}
			out = append(out, ds)
		}
		for _, n := range f.Nodes {
			out = append(out, sym(n.Name, "node", protocol.SymbolKindNamespace, n.Range, n.NameRange))
		}
	}
	return out, nil
}

// workspaceSymbols: types, aliases, classes, defines, nodes and resources
// whose name contains the query (case-insensitive).
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
	ix := s.site()
	for _, name := range ix.names {
		d := ix.defs[name]
		add(d.Name, defSymbolKind(d), d.DeclRange)
	}
	for _, p := range sortedKeys(ix.files) {
		for _, n := range ix.files[p].Nodes {
			add("node "+n.Name, protocol.SymbolKindNamespace, n.DeclRange)
		}
	}
	for _, r := range snap.cat.Resources {
		if !add(r.Ref(), protocol.SymbolKindObject, r.DeclRange) {
			break
		}
	}
	return out, nil
}

// defSymbolKind: a class is a module (it groups resources), a define a
// class (it makes instances).
func defSymbolKind(d *compiler.SiteDef) protocol.SymbolKind {
	if d.Define {
		return protocol.SymbolKindClass
	}
	return protocol.SymbolKindModule
}
