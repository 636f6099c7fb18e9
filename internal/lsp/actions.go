package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render"
)

// CommandWhy is the command behind the "why" code actions: arguments
// [FROM, TO] (refs), or [REF] for its neighbours; it answers with the
// text of `catc why`, shown as a message and returned.
const CommandWhy = "catc.why"

// formatting is `catc fmt` on the buffer: one edit replacing the whole
// text, none when it is already formatted; a file that does not parse is
// left alone (its diagnostics say why).
func (s *Server) formatting(ctx *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	path, src, ok := s.textOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	out, diags := compiler.FormatHCL(src, path)
	if diags.HasErrors() || string(out) == string(src) {
		return []protocol.TextEdit{}, nil
	}
	li := s.linesOf(path, src)
	return []protocol.TextEdit{{Range: protocol.Range{Start: li.position(0), End: li.position(len(src))}, NewText: string(out)}}, nil
}

// codeActions offer `why` for the resource under the cursor: on a
// reference, why the target comes before (or after) the resource that
// writes it; on a declaration, its neighbours.
func (s *Server) codeActions(ctx *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	path, t := s.targetAt(p.TextDocument.URI, p.Range.Start)
	var actions []protocol.CodeAction
	if s.snap.undeclared[t.res] {
		return actions, nil // catc why knows only declared resources
	}
	kind := protocol.CodeActionKind("source")
	add := func(title string, args ...any) {
		actions = append(actions, protocol.CodeAction{Title: title, Kind: &kind, Command: &protocol.Command{Title: title, Command: CommandWhy, Arguments: args}})
	}
	switch t.kind {
	case tRelation:
		owner := s.snap.owner(path, t.rel)
		if owner != nil && !s.snap.undeclared[owner] {
			from, to := t.res.Ref(), owner.Ref()
			if t.rel.Kind == catalog.Before || t.rel.Kind == catalog.Notify {
				from, to = to, from
			}
			add(fmt.Sprintf("catc why %s %s", from, to), from, to)
		}
		add("catc why "+t.res.Ref(), t.res.Ref())
	case tResource, tResType:
		add("catc why "+t.res.Ref(), t.res.Ref())
	}
	return actions, nil
}

// owner is the resource whose metaparameter holds rel.
func (s *snapshot) owner(path string, rel *catalog.Relation) *catalog.Resource {
	for _, r := range s.byFile[path] {
		for i := range r.Relations {
			if &r.Relations[i] == rel {
				return r
			}
		}
	}
	return nil
}

// executeCommand runs catc.why.
func (s *Server) executeCommand(ctx *glsp.Context, p *protocol.ExecuteCommandParams) (any, error) {
	if p.Command != CommandWhy {
		return nil, fmt.Errorf("unknown command %q; the server runs %s", p.Command, CommandWhy)
	}
	var refs []string
	for _, a := range p.Arguments {
		var r string
		raw, _ := json.Marshal(a)
		if json.Unmarshal(raw, &r) != nil {
			return nil, fmt.Errorf("%s takes refs as strings, e.g. [\"File[/etc/motd]\", \"Service[sshd]\"]", CommandWhy)
		}
		refs = append(refs, r)
	}
	text, err := s.snap.why(refs)
	if err != nil {
		return nil, err
	}
	ctx.Notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: text})
	return text, nil
}

// why is `catc why FROM [TO]` on the snapshot.
func (s *snapshot) why(refs []string) (string, error) {
	if len(refs) < 1 || len(refs) > 2 {
		return "", fmt.Errorf("%s takes one or two refs, got %d", CommandWhy, len(refs))
	}
	res := make([]*catalog.Resource, len(refs))
	for i, ref := range refs {
		r, diags := graph.Resolve(s.cat, ref)
		if diags.HasErrors() {
			return "", fmt.Errorf("%s", strings.TrimSpace(diags[0].Summary+": "+diags[0].Detail))
		}
		res[i] = r
	}
	var b strings.Builder
	var err error
	if len(res) == 1 {
		err = render.NeighboursText(&b, s.plan.Neighbours(res[0]))
	} else {
		err = render.WhyText(&b, s.plan.Why(res[0], res[1]))
	}
	return b.String(), err
}
