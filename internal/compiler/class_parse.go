package compiler

import (
	"fmt"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/words"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// A site's structure (the language of classes: class, define, node and
// stage blocks, include/contain/require declarations, and the blocks not
// built yet) is read while parsing as whole blocks, each with its place
// among the file's top-level resource blocks: the top level is Class[main]'s
// body, evaluated in file order (class_eval.go). A file without such
// blocks yields none, and a site without any is loaded as before.

// A class's, define's or node's body is read by the same walk
// (parsed.declarations, with parsed.in set) when it is first evaluated:
// its resource blocks, and its other statements each with its place
// among them; the compiler evaluates them in that order (statements).

// structBlock is one block of the structure, at the top level or in a
// body.
type structBlock struct {
	block *hclsyntax.Block
	// attr is set instead of block for a top-level realize argument.
	attr *hclsyntax.Attribute
	src  []byte
	// at is how many resource blocks of the site's top level (or of the
	// body) come before it: its place in their order.
	at int
}

// rangeOf is the block's header, or the realize argument.
func (s structBlock) rangeOf() hcl.Range {
	if s.attr != nil {
		return s.attr.SrcRange
	}
	return s.block.DefRange()
}

// declBlockNames are the blocks that declare a class.
var declBlockNames = map[string]bool{"include": true, "contain": true, "require": true}

// isStructure reports whether a top-level block belongs to the structure:
// every class-language block, and a group that declares classes.
func isStructure(b *hclsyntax.Block) bool {
	if b.Type != "group" {
		return true
	}
	for _, nb := range b.Body.Blocks {
		if declBlockNames[nb.Type] {
			return true
		}
	}
	return false
}

// appendStructure appends more, whose places count from the start of
// its own part, to out, after offset resource blocks.
func appendStructure(out, more []structBlock, offset int) []structBlock {
	for _, s := range more {
		s.at += offset
		out = append(out, s)
	}
	return out
}

// nestedTitleTemplates appends the title labels that interpolate of the
// resource blocks anywhere in b, which the parser refuses and catc
// evaluates itself.
func nestedTitleTemplates(out []hcl.Range, b *hclsyntax.Block, src []byte) []hcl.Range {
	for _, nb := range b.Body.Blocks {
		if nb.Type == "resource" && len(nb.LabelRanges) == 2 && isTitleTemplate(nb.LabelRanges[1], src) {
			out = append(out, nb.LabelRanges[1])
		}
		out = nestedTitleTemplates(out, nb, src)
	}
	return out
}

// topLevelRealize takes a top-level realize argument (Class[main]'s
// realize()) out of body into p's structure, and returns the body
// holding the other arguments, which are mistakes.
func topLevelRealize(body *hclsyntax.Body, src []byte, p *parsed) *hclsyntax.Body {
	a, ok := body.Attributes["realize"]
	if !ok {
		return body
	}
	p.structure = append(p.structure, structBlock{attr: a, src: src, at: len(p.resources)})
	rest := *body
	rest.Attributes = make(hclsyntax.Attributes, len(body.Attributes)-1)
	for n, x := range body.Attributes {
		if n != "realize" {
			rest.Attributes[n] = x
		}
	}
	return &rest
}

// outsideBody takes a block of a body (p.in) that declares nothing
// there, and reports whether b was one: a variable or locals block (a
// class's or define's own, read by decodeClassDef; refused in a node),
// or a block no body holds.
func (p *parsed) outsideBody(b *hclsyntax.Block) bool {
	switch b.Type {
	case "resource", "group", "include", "contain", "require", "stage", "defaults", "collect", "class", "define", "node":
		return false
	case "variable", "locals":
		if p.in.Type == "node" {
			p.diags = append(p.diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
				fmt.Sprintf("A node block holds resource, include, contain and require blocks; a %s block is not expected here. Pass values to its classes as parameters.", b.Type), b.TypeRange, b.DefRange().Ptr()))
		}
		return true
	}
	p.diags = append(p.diags, unexpectedInBody(b))
	return true
}

// unexpectedInBody refuses a block that a body does not hold.
func unexpectedInBody(b *hclsyntax.Block) *hcl.Diagnostic {
	return catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
		fmt.Sprintf("Blocks of type %q are not expected here: a body holds resource, include, contain, require and group blocks.%s", b.Type, words.DidYouMean(b.Type, []string{"resource", "include", "contain", "require", "group", "locals", "variable"})),
		b.TypeRange, b.DefRange().Ptr())
}

// noteBodyBuiltins adds to used the built-in types that the resource,
// defaults and collect blocks anywhere in b name, as NoteBuiltins does
// for a top-level resource: a body is read only when compiled, but the
// load declares the built-in types first, and the secrets are found
// from their sensitive attributes before anything is compiled.
func noteBodyBuiltins(used map[string]bool, b *hclsyntax.Block) {
	for _, nb := range b.Body.Blocks {
		switch nb.Type {
		case "resource", "defaults", "collect":
			if len(nb.Labels) > 0 {
				catalog.NoteBuiltins(used, &catalog.RawResource{TypeName: nb.Labels[0]})
			}
		}
		noteBodyBuiltins(used, nb)
	}
}

// puppetOnly reports whether a top-level resource block sets virtual or
// exported, which only the compiler of classes understands (a virtual
// resource waits to be realized or collected; an exported one is refused
// as out of scope): a flat site with one is compiled as a site with
// classes, so that every site gives them Puppet's meaning and words.
func puppetOnly(r *rawResource) bool {
	if r.deferred != nil {
		a := r.deferred.block.Body.Attributes
		return a["virtual"] != nil || a["exported"] != nil
	}
	for _, a := range r.Args {
		if a.Name == "virtual" || a.Name == "exported" {
			return true
		}
	}
	return false
}
