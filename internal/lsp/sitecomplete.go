package lsp

import (
	"fmt"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/compiler"
)

// classMetaparams are the arguments an include, contain or require
// block takes besides the class's parameters.
var classMetaparams = []struct{ name, doc string }{
	{"require", "Resources or classes applied before this class (references)."},
	{"before", "Resources or classes applied after this class (references)."},
	{"notify", "Applied after this class, and refreshed when it changes (references)."},
	{"subscribe", "Applied before this class; the class is refreshed when they change (references)."},
	{"stage", "The run stage the class is applied in (`\"pre\"`)."},
	{"tag", "Tags (a string or a list)."},
	{"resource_like", "true: a resource-like declaration without arguments, Puppet's `class { 'x': }`."},
}

// completeSite is what the classes and defines offer at the cursor:
// class names after include, contain and require; define names (with
// the types) as a resource's type; a class's or define's parameters in
// its declaration; references to classes and define instances. ok is
// false where they offer nothing (the other completions apply).
func (v siteView) completeSite(c cursor) (items []protocol.CompletionItem, incomplete, ok bool) {
	top := c.top()
	if len(c.stmt) > 0 && c.labelIndex() == 0 {
		switch kw := string(c.stmt[0].Bytes); {
		case compiler.DeclaresClass(kw):
			return v.defItems(false, c.inString), false, true
		case kw == "resource":
			return append(v.typeNameItems(c.inString), v.defItems(true, c.inString)...), false, true
		}
		return nil, false, false
	}
	if c.atName() && len(top.labels) > 0 {
		switch {
		case compiler.DeclaresClass(top.block):
			if d := v.ix.classDef(top.labels[0]); d != nil {
				return append(v.paramItems(d), keywordItems(classMetaparams, protocol.CompletionItemKindKeyword)...), false, true
			}
		case top.block == "resource":
			if d := v.ix.defs[strings.ToLower(top.labels[0])]; d != nil && d.Define {
				return append(v.paramItems(d), keywordItems(words().metaparams, protocol.CompletionItemKindKeyword)...), false, true
			}
		}
		return nil, false, false
	}
	if !c.atName() && compiler.RefArg(c.attrName()) {
		items, incomplete = v.refItems(c.word, c.inString)
		return append(items, v.classRefItems(c.word, c.inString, items)...), incomplete, true
	}
	return nil, false, false
}

// defItems are the classes (define false) or the defines, by name.
func (v siteView) defItems(define bool, inString bool) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	kind := protocol.CompletionItemKindModule
	if define {
		kind = protocol.CompletionItemKindClass
	}
	for _, name := range v.ix.names {
		d := v.ix.defs[name]
		if d.Define != define {
			continue
		}
		items = append(items, item(d.Name, kind, fmt.Sprintf("%s %s", defKind(d), d.Name), v.defHover(d)))
	}
	return quoted(items, inString)
}

// paramItems are a class's or define's parameters, with type and
// default as detail, first in the list.
func (v siteView) paramItems(d *compiler.SiteDef) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	for i := range d.Params {
		p := &d.Params[i]
		detail := p.Type
		if detail == "" {
			detail = "Any"
		}
		if p.HasDefault {
			detail += " = " + strings.Trim(v.defaultText(p), "`")
		} else {
			detail += " (required)"
		}
		it := item(p.Name, protocol.CompletionItemKindField, detail, p.Doc)
		sort := fmt.Sprintf("0%03d", i)
		it.SortText = &sort
		items = append(items, it)
	}
	return items
}

// classRefItems are Class[Name] for every class matching what is typed
// that the catalog's references (have) leave out: those this load did
// not declare.
func (v siteView) classRefItems(word string, inString bool, have []protocol.CompletionItem) []protocol.CompletionItem {
	word = strings.ToLower(strings.TrimLeft(word, `"`))
	seen := map[string]bool{}
	for _, it := range have {
		seen[it.Label] = true
	}
	var items []protocol.CompletionItem
	for _, name := range v.ix.names {
		d := v.ix.defs[name]
		ref := defRef(d)
		if d.Define || seen[ref] || word != "" && !strings.Contains(strings.ToLower(ref), word) {
			continue
		}
		items = append(items, refForms(ref, fmt.Sprintf("class[%q]", d.Name), fileLine(d.DeclRange.Filename, d.DeclRange.Start.Line), inString)...)
	}
	return items
}
