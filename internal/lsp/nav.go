package lsp

import (
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/coretypes"
)

func (s *Server) targetAt(uri string, pos protocol.Position) (string, target) {
	path, src, ok := s.textOf(uri)
	if !ok {
		return path, target{}
	}
	return path, s.snap.at(path, s.linesOf(path, src).offset(pos))
}

// siteTargetAt is what the site index finds at a position.
func (s *Server) siteTargetAt(uri string, pos protocol.Position) siteTarget {
	path, src, ok := s.textOf(uri)
	if !ok {
		return siteTarget{}
	}
	return s.site().at(path, s.linesOf(path, src).offset(pos))
}

// definition: a class's or define's name (declared, instantiated or
// referred to) goes to its block, a declaration's argument to the
// parameter's variable block; a reference goes to its resource, a resource's type label
// (or an auto rule's target) to the type, an attribute name or "$attr"
// to the attribute, an alias name to the type_alias block.
func (s *Server) definition(ctx *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	if st := s.siteTargetAt(p.TextDocument.URI, p.Position); st.kind != sNone {
		if rng, ok := st.definitionOf(); ok {
			return []protocol.Location{s.snap.location(rng)}, nil
		}
		if r := s.snap.instance(st); r != nil {
			return []protocol.Location{s.snap.location(r.DeclRange)}, nil
		}
	}
	_, t := s.targetAt(p.TextDocument.URI, p.Position)
	var rng hcl.Range
	switch t.kind {
	case tRelation, tResource:
		rng = t.res.DeclRange
	case tResType, tAutoTarget, tType:
		if t.td == nil || t.td.Builtin {
			return nil, nil // a built-in type has no file to open (catc doc --builtin documents it)
		}
		rng = t.td.DeclRange
	case tResAttr, tAutoAttr, tAttrDef:
		if t.attr == nil || t.td != nil && t.td.Builtin {
			return nil, nil
		}
		rng = t.attr.DeclRange
	case tAliasUse, tAlias:
		rng = t.alias.DeclRange
	default:
		return nil, nil
	}
	return []protocol.Location{s.snap.location(rng)}, nil
}

// references: for a resource (its declaration or a reference to it),
// every reference to it and, for each auto edge that touches it, where
// the rule took the title and the resource at the other end; for a type,
// its resources and the auto rules that name it.
func (s *Server) references(ctx *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	_, t := s.targetAt(p.TextDocument.URI, p.Position)
	var rngs []hcl.Range
	st := s.siteTargetAt(p.TextDocument.URI, p.Position)
	switch {
	case st.kind == sDef || st.kind == sDeclName || st.kind == sRefType:
		rngs = s.site().defRefs(st.def, p.Context.IncludeDeclaration)
	default:
		rngs = s.catalogRefs(t, p.Context.IncludeDeclaration)
	}
	out := make([]protocol.Location, 0, len(rngs))
	seen := map[hcl.Range]bool{}
	for _, r := range rngs {
		if !seen[r] && !coretypes.IsBuiltinFile(r.Filename) {
			seen[r] = true
			out = append(out, s.snap.location(r))
		}
	}
	return out, nil
}

// catalogRefs are the references of a resource or a type (references).
func (s *Server) catalogRefs(t target, decl bool) []hcl.Range {
	var rngs []hcl.Range
	switch t.kind {
	case tResource, tRelation:
		rngs = s.snap.resourceRefs(t.res, decl)
	case tResType, tType, tAutoTarget:
		if t.td != nil {
			rngs = s.snap.typeRefs(t.td, decl)
		}
	}
	return rngs
}

func (s *snapshot) resourceRefs(r *catalog.Resource, decl bool) []hcl.Range {
	var out []hcl.Range
	if decl {
		out = append(out, r.DeclRange)
	}
	edges := append(s.graph.To(r), s.graph.From(r)...)
	// Every reference to r made an edge touching r, with its writer as
	// an origin: only those writers' relations are read, in declaration
	// order as the catalog holds them.
	var writers []*catalog.Resource
	seen := map[*catalog.Resource]bool{}
	for _, e := range edges {
		for _, o := range e.Origins {
			if o.Rule == nil && !seen[o.Resource] {
				seen[o.Resource] = true
				writers = append(writers, o.Resource)
			}
		}
	}
	sort.Slice(writers, func(i, j int) bool { return writers[i].Index < writers[j].Index })
	for _, w := range writers {
		for _, rel := range w.Relations {
			if rel.Target == r {
				out = append(out, rel.Range)
			}
		}
	}
	out = append(out, s.undeclaredRefs(r)...)
	for _, e := range edges {
		for _, o := range e.Origins {
			if o.Rule == nil {
				continue
			}
			out = append(out, o.Range)
			other := e.F.Resource
			if other == r {
				other = e.T.Resource
			}
			out = append(out, other.DeclRange)
		}
	}
	return out
}

// undeclaredRefs are the references to r written in the blocks no node
// of this load declared (they make no edge), in source order.
func (s *snapshot) undeclaredRefs(r *catalog.Resource) []hcl.Range {
	var out []hcl.Range
	for _, w := range s.cat.Conditional {
		if !s.undeclared[w] {
			continue
		}
		for _, rel := range w.Relations {
			if rel.Target == r {
				out = append(out, rel.Range)
			}
		}
	}
	return out
}

func (s *snapshot) typeRefs(td *catalog.TypeDef, decl bool) []hcl.Range {
	var out []hcl.Range
	if decl {
		out = append(out, td.DeclRange)
	}
	for _, r := range s.cat.Resources {
		if r.Type == td {
			out = append(out, r.TypeRange)
		}
	}
	for _, r := range s.cat.Conditional {
		if s.undeclared[r] && r.Type == td {
			out = append(out, r.TypeRange)
		}
	}
	for _, other := range s.cat.Types {
		for _, rule := range other.AutoRules {
			if s.cat.Type(rule.Target) == td {
				out = append(out, rule.TargetRange)
			}
		}
	}
	return out
}
