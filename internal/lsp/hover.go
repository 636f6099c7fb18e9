package lsp

import (
	"fmt"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/types"
)

func (s *Server) hover(ctx *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	path, src, ok := s.textOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	off := s.linesOf(path, src).offset(p.Position)
	if st := s.site().at(path, off); st.kind != sNone {
		if text := (siteView{s.snap, s.site()}).siteHover(st); text != "" {
			rng := s.snap.lineIndexOf(path).rangeOf(st.rng)
			return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}, Range: &rng}, nil
		}
	}
	t := s.snap.at(path, off)
	text := s.snap.hoverText(t)
	if text == "" {
		return nil, nil
	}
	rng := s.snap.lineIndexOf(path).rangeOf(t.rng)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}, Range: &rng}, nil
}

// hoverText is the Markdown shown for a target.
func (s *snapshot) hoverText(t target) string {
	switch t.kind {
	case tResource:
		return s.resourceHover(t.res)
	case tRelation:
		return fmt.Sprintf("→ %s  \ndeclared at %s\n\n", t.res.Ref(), fileLine(t.res.DeclRange.Filename, t.res.DeclRange.Start.Line)) + s.resourceHover(t.res)
	case tResType, tType, tAutoTarget:
		if t.td == nil {
			return ""
		}
		return typeHover(t.td)
	case tResAttr, tAttrDef, tAutoAttr:
		if t.attr == nil {
			return metaparamHover(t.name)
		}
		return fmt.Sprintf("**%s.%s**  \n", t.td.Name, t.attr.Name) + attrDoc(t.attr)
	case tAlias, tAliasUse:
		a := t.alias
		text := fmt.Sprintf("**type alias %s** = `%s`", a.Name, a.TypeText)
		if d := strings.TrimSpace(a.Desc); d != "" {
			text += "\n\n" + d
		}
		return text
	}
	return ""
}

// resourceHover: the ref, its namevars (a sensitive one redacted), its
// step in the apply order and its direct dependencies and dependents, as
// `catc why REF` prints them.
func (s *snapshot) resourceHover(r *catalog.Resource) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n\n", r.Ref())
	if s.undeclared[r] {
		b.WriteString("Not declared here: it depends on the node (group, only_if, for_each or facts). Set `facts` in the settings to a node that declares it to see its namevars and its place in the apply order.")
		return b.String()
	}
	if r.Namevars != nil && r.Namevars.Len() > 0 {
		b.WriteString("namevars: ")
		for i, k := range r.Namevars.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			v, _ := r.Namevars.Get(k)
			fmt.Fprintf(&b, "%s = `%s`", k, shownValue(r.Type.Attr(k), v))
		}
		b.WriteString("\n\n")
	}
	var why strings.Builder
	_ = render.NeighboursText(&why, s.plan.Neighbours(r))
	b.WriteString("```text\n" + why.String() + "```")
	return b.String()
}

// shownValue formats a value for display; the value of a secret attribute
// (sensitive, or of a type with Sensitive[...] in it) never is.
func shownValue(a *catalog.AttrDef, v types.Value) string {
	if a.IsSecret() {
		return secretText
	}
	switch v.(type) {
	case types.Sensitive, *types.Sensitive:
		return secretText
	}
	if v == nil {
		return "undef"
	}
	return types.FormatValue(v)
}

func typeHover(td *catalog.TypeDef) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**type %s** (%s)\n\n", td.Name, td.RefType())
	if d := strings.TrimSpace(td.Desc); d != "" {
		b.WriteString(d + "\n\n")
	}
	for _, a := range td.Attributes {
		fmt.Fprintf(&b, "- `%s` %s, %s\n", a.Name, a.TypeText, a.Behaviour)
	}
	return b.String()
}

func fileLine(file string, line int) string { return fmt.Sprintf("%s:%d", file, line) }

func metaparamHover(name string) string {
	for _, m := range words().metaparams {
		if m.name == name {
			return fmt.Sprintf("**%s** (metaparameter)\n\n%s", name, m.doc)
		}
	}
	return ""
}
