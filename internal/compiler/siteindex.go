package compiler

import (
	"bytes"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
)

// The site index is what an editor navigates by: where each class,
// define and node is written, its parameters, every declaration of a
// class (include, contain, require) or resource block (a define's
// instances among them), every reference string written in a
// relationship, realize or collect, and every lookup("key") call. It is
// read from a file's syntax alone, so it answers for files that do not
// compile and for blocks no node declares (the language server).

// SiteDef is a class or define block.
type SiteDef struct {
	// Name is Puppet's: lower case, without a leading "::".
	Name   string
	Define bool
	// Range is the whole block, DeclRange its header, NameRange its label.
	Range, DeclRange, NameRange hcl.Range
	// Doc is the comment lines just above the block, without their marks.
	Doc    string
	Params []SiteParam
	// Bad is Puppet's verdict on the name when Puppet refuses it
	// (catalog.CheckName, as the compiler judges it): such a definition
	// is navigable but offered nowhere.
	Bad *catalog.BadName
}

// SiteParam is one variable block of a class or define.
type SiteParam struct {
	Name string
	// Type and Default are the source text of the type string (without
	// its quotes) and of the default expression; empty when absent.
	Type, Default string
	// HasDefault is set when the block has a default, at DefaultRange.
	HasDefault   bool
	DefaultRange hcl.Range
	// Doc is the description argument.
	Doc                         string
	Range, DeclRange, NameRange hcl.Range
}

// SiteDecl is an include, contain or require block, or a resource block
// (whose type may name a define).
type SiteDecl struct {
	// Kind is "include", "contain", "require" or "resource".
	Kind string
	// Name is the class (Puppet's spelling) or, for a resource, the type
	// label as written, lower-cased.
	Name string
	// Title is a resource block's title label as written.
	Title string
	// DeclRange is its header, NameRange the class or type label.
	DeclRange, NameRange hcl.Range
	// Args are the arguments written in the block, in source order.
	Args []SiteArg
}

// SiteArg is one argument of a declaration: its name's range.
type SiteArg struct {
	Name      string
	NameRange hcl.Range
}

// SiteRef is a reference written as a string ("Class[Profile::Web]",
// "Shop::Vhost[shop]") or as class["x"], in a relationship metaparameter,
// realize or a collect block's arguments.
type SiteRef struct {
	// Type and Title are the reference's parts as written.
	Type, Title string
	// Range covers the string's content (or the expression); TypeRange
	// and TitleRange the two parts.
	Range, TypeRange, TitleRange hcl.Range
}

// SiteNode is a node block.
type SiteNode struct {
	Name                        string
	Range, DeclRange, NameRange hcl.Range
}

// SiteLookup is a call lookup("key", …) whose key is written literally.
type SiteLookup struct {
	Key string
	// Range is the call, KeyRange the key's string.
	Range, KeyRange hcl.Range
	// Call is the call expression (Options reads its options).
	Call *hclsyntax.FunctionCallExpr
}

// Options are the call's options when they are written as constants
// (false: computed ones, known only when the compiler evaluates them), as
// lookup() reads them.
func (l SiteLookup) Options() (hiera.Options, bool) {
	args := make([]cty.Value, 0, len(l.Call.Args)-1)
	for _, a := range l.Call.Args[1:] {
		v, diags := a.Value(nil)
		if diags.HasErrors() || !v.IsWhollyKnown() {
			return hiera.Options{}, false
		}
		args = append(args, v)
	}
	o, err := lookupOptions(args)
	return o, err == nil
}

// SiteFile is the index of one file.
type SiteFile struct {
	Defs    []*SiteDef
	Decls   []SiteDecl
	Refs    []SiteRef
	Nodes   []SiteNode
	Lookups []SiteLookup
}

// refArgs are the arguments whose strings are references.
var refArgs = map[string]bool{"require": true, "before": true, "notify": true, "subscribe": true, "realize": true}

// RefArg reports whether an argument's strings are references (the
// relationship metaparameters and realize).
func RefArg(name string) bool { return refArgs[name] }

// DeclaresClass reports whether a block type declares a class (include,
// contain, require).
func DeclaresClass(block string) bool { return declBlockNames[block] }

// IndexFile reads the index of one HCL file from its syntax; a file that
// does not parse gives what its recovered syntax holds.
func IndexFile(name string, src []byte) *SiteFile {
	f, _ := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	out := &SiteFile{}
	if f == nil {
		return out
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return out
	}
	ix := &siteIndexer{src: src, out: out}
	ix.body(body, true)
	out.sortBySource()
	return out
}

type siteIndexer struct {
	src []byte
	out *SiteFile
}

// body indexes the blocks and arguments of a body; top is the file's.
func (ix *siteIndexer) body(b *hclsyntax.Body, top bool) {
	for _, a := range catalog.SortedAttrs(b.Attributes) {
		ix.expr(a.Expr, refArgs[a.Name])
	}
	for _, nb := range b.Blocks {
		ix.block(nb, top)
	}
}

// block indexes one block and what it holds.
func (ix *siteIndexer) block(nb *hclsyntax.Block, top bool) {
	switch {
	case (nb.Type == "class" || nb.Type == "define") && top && len(nb.Labels) == 1:
		ix.out.Defs = append(ix.out.Defs, siteDef(nb, ix.src))
	case nb.Type == "node" && len(nb.Labels) == 1:
		ix.out.Nodes = append(ix.out.Nodes, SiteNode{Name: nb.Labels[0], Range: nb.Range(), DeclRange: nb.DefRange(), NameRange: nb.LabelRanges[0]})
	case declBlockNames[nb.Type] && len(nb.Labels) == 1:
		ix.decl(nb, nb.Type, className(nb.Labels[0]), "")
	case nb.Type == "resource" && len(nb.Labels) == 2:
		ix.decl(nb, "resource", strings.ToLower(nb.Labels[0]), nb.Labels[1])
	}
	ix.body(nb.Body, false)
}

func (ix *siteIndexer) decl(b *hclsyntax.Block, kind, name, title string) {
	d := SiteDecl{Kind: kind, Name: name, Title: title, DeclRange: b.DefRange(), NameRange: b.LabelRanges[0]}
	for _, a := range catalog.SortedAttrs(b.Body.Attributes) {
		d.Args = append(d.Args, SiteArg{Name: a.Name, NameRange: a.NameRange})
	}
	ix.out.Decls = append(ix.out.Decls, d)
}

// siteDef reads a class or define block of the file src, as written:
// the one reading of a definition, for the site index and catc doc.
func siteDef(b *hclsyntax.Block, src []byte) *SiteDef {
	d := &SiteDef{Name: className(b.Labels[0]), Define: b.Type == "define", Range: b.Range(), DeclRange: b.DefRange(),
		NameRange: b.LabelRanges[0], Doc: commentAbove(src, b.TypeRange.Start.Byte)}
	d.Bad = catalog.CheckName(definitionKind(b), b.Labels[0])
	for _, vb := range b.Body.Blocks {
		if vb.Type != "variable" || len(vb.Labels) != 1 {
			continue
		}
		p := SiteParam{Name: vb.Labels[0], Range: vb.Range(), DeclRange: vb.DefRange(), NameRange: vb.LabelRanges[0]}
		p.Type = literalArg(vb.Body, "type", src)
		p.Doc = literalArg(vb.Body, "description", src)
		if a := vb.Body.Attributes["default"]; a != nil {
			p.Default, p.HasDefault, p.DefaultRange = textOf(a.Expr.Range(), src), true, a.Expr.Range()
		}
		d.Params = append(d.Params, p)
	}
	return d
}

// literalArg is the string a body's argument name holds (a heredoc's
// margin trimmed, spaces around it too); "" when it has none, or an
// expression that is not a literal string.
func literalArg(body *hclsyntax.Body, name string, src []byte) string {
	a := body.Attributes[name]
	if a == nil {
		return ""
	}
	s, diags := catalog.StringAttr(a.AsHCLAttribute(), src, true)
	if diags.HasErrors() {
		return ""
	}
	return strings.TrimSpace(s)
}

func (ix *siteIndexer) text(r hcl.Range) string { return textOf(r, ix.src) }

// expr indexes the reference strings (when refs) and the lookup calls
// of an expression.
func (ix *siteIndexer) expr(e hclsyntax.Expression, refs bool) {
	_ = hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		switch x := n.(type) {
		case *hclsyntax.TemplateExpr:
			if refs && len(x.Parts) == 1 {
				if lit, ok := x.Parts[0].(*hclsyntax.LiteralValueExpr); ok {
					ix.refString(lit.SrcRange)
				}
			}
		case *hclsyntax.ScopeTraversalExpr:
			if refs {
				ix.refTraversal(x)
			}
		case *hclsyntax.FunctionCallExpr:
			ix.lookupCall(x)
		}
		return nil
	})
}

// refString indexes a string "Type[title]" whose content is at r.
func (ix *siteIndexer) refString(r hcl.Range) {
	s := ix.text(r)
	typ, title, ok := catalog.SplitRef(s)
	if !ok {
		return
	}
	open := r.Start.Byte + len(typ)
	ix.out.Refs = append(ix.out.Refs, SiteRef{Type: typ, Title: title, Range: r,
		TypeRange: sub(r, r.Start.Byte, open), TitleRange: sub(r, open+1, r.End.Byte-1)})
}

// refTraversal indexes class["x"].
func (ix *siteIndexer) refTraversal(x *hclsyntax.ScopeTraversalExpr) {
	if len(x.Traversal) != 2 || x.Traversal.RootName() != "class" {
		return
	}
	idx, ok := x.Traversal[1].(hcl.TraverseIndex)
	if !ok || !idx.Key.IsKnown() || idx.Key.IsNull() || idx.Key.Type().FriendlyName() != "string" {
		return
	}
	ix.out.Refs = append(ix.out.Refs, SiteRef{Type: "Class", Title: idx.Key.AsString(), Range: x.SrcRange,
		TypeRange: x.Traversal[0].SourceRange(), TitleRange: idx.SrcRange})
}

// lookupCall indexes lookup("key", …).
func (ix *siteIndexer) lookupCall(c *hclsyntax.FunctionCallExpr) {
	if c.Name != "lookup" || len(c.Args) == 0 {
		return
	}
	t, ok := c.Args[0].(*hclsyntax.TemplateExpr)
	if !ok || len(t.Parts) != 1 {
		return
	}
	lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr)
	if !ok || lit.Val.Type().FriendlyName() != "string" {
		return
	}
	ix.out.Lookups = append(ix.out.Lookups, SiteLookup{Key: lit.Val.AsString(), Range: c.Range(), KeyRange: t.SrcRange, Call: c})
}

// sub is the part of r between the byte offsets from and to, on r's
// line (references are written on one line).
func sub(r hcl.Range, from, to int) hcl.Range {
	out := r
	out.Start.Column += from - r.Start.Byte
	out.Start.Byte = from
	out.End = out.Start
	out.End.Column += to - from
	out.End.Byte = to
	return out
}

// Index is IndexFile of the file name with content src, read from this
// cache's parse of it when the last load through the cache parsed that
// content (the language server's: no second parse of a file), else
// parsed.
func (pc *ParseCache) Index(name string, src []byte) *SiteFile {
	pc.mu.Lock()
	e, ok := pc.files[name]
	pc.mu.Unlock()
	if !ok || !bytes.Equal(e.src, src) {
		return IndexFile(name, src)
	}
	return e.p.siteIndex(src)
}

// siteIndex is the index of a parsed file: its structure blocks whole,
// its resource blocks as extracted (a deferred one from its block, with
// the only_if of the groups around it), and the lookups of its variables
// and locals.
func (p *parsed) siteIndex(src []byte) *SiteFile {
	out := &SiteFile{}
	ix := &siteIndexer{src: src, out: out}
	for _, sb := range p.structure {
		if sb.attr != nil {
			ix.expr(sb.attr.Expr, refArgs[sb.attr.Name])
			continue
		}
		ix.block(sb.block, true)
	}
	conds := map[*hclsyntax.Attribute]bool{}
	for _, r := range p.resources {
		if r.deferred != nil {
			ix.conds(r.deferred.conds, conds)
			ix.block(r.deferred.block, true)
			continue
		}
		ix.rawResource(&r.RawResource)
	}
	for _, sb := range append(append([]catalog.SourceBlock(nil), p.variables...), p.locals...) {
		ix.body(sb.Block.Body, false)
	}
	out.sortBySource()
	return out
}

// conds indexes the only_if of the group blocks around an extracted
// resource (a group without classes is not kept whole), each once
// whatever the number of resources it holds (seen).
func (ix *siteIndexer) conds(cs []*hclsyntax.Attribute, seen map[*hclsyntax.Attribute]bool) {
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			ix.expr(c.Expr, false)
		}
	}
}

// sortBySource puts the declarations, references and lookups in source
// order, however they were walked.
func (f *SiteFile) sortBySource() {
	bySource := func(a, b hcl.Range) int { return a.Start.Byte - b.Start.Byte }
	slices.SortStableFunc(f.Decls, func(a, b SiteDecl) int { return bySource(a.DeclRange, b.DeclRange) })
	slices.SortStableFunc(f.Refs, func(a, b SiteRef) int { return bySource(a.Range, b.Range) })
	slices.SortStableFunc(f.Lookups, func(a, b SiteLookup) int { return bySource(a.Range, b.Range) })
}

// rawResource indexes a resource block extracted without its block: its
// type label, its arguments and the references of its relationships.
func (ix *siteIndexer) rawResource(r *catalog.RawResource) {
	d := SiteDecl{Kind: "resource", Name: strings.ToLower(r.TypeName), Title: r.Title, DeclRange: r.DeclRange, NameRange: r.TypeRange}
	for _, a := range r.Args {
		d.Args = append(d.Args, SiteArg{Name: a.Name, NameRange: a.NameRange})
		if !refArgs[a.Name] {
			continue
		}
		for _, ref := range a.Refs {
			ix.rawRef(ref.Rng)
		}
	}
	ix.out.Decls = append(ix.out.Decls, d)
}

// rawRef indexes the reference written at r: a string or class["x"].
func (ix *siteIndexer) rawRef(r hcl.Range) {
	text := ix.text(r)
	switch {
	case len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"':
		ix.refString(sub(r, r.Start.Byte+1, r.End.Byte-1))
	case strings.HasPrefix(text, "class["):
		e, diags := hclsyntax.ParseExpression([]byte(text), r.Filename, r.Start)
		if x, ok := e.(*hclsyntax.ScopeTraversalExpr); ok && !diags.HasErrors() {
			ix.refTraversal(x)
		}
	}
}
