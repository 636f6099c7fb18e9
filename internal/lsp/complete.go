package lsp

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/types"
)

// The words below come from catalog, which decides what it accepts; lsp
// only documents them (a word without a doc is offered without one).
// They are put together on first use: every catc command links this
// package, and only the language server completes.
type languageWords struct {
	schema compiler.Schema
	// metaparams are the metaparameters a resource takes, with what they
	// do, then for_each, which is no metaparameter but is written among
	// them.
	metaparams, topBlocks, groupKeys, typeKeys, attributeKeys, behaviours []struct{ name, doc string }
	// dataTypes are the Puppet data types an attribute's value can satisfy.
	dataTypes []string
}

var words = sync.OnceValue(func() *languageWords {
	schema := compiler.LanguageSchema()
	return &languageWords{
		schema: schema,
		metaparams: append(documented(schema.Metaparameters, map[string]string{
			"require":   "Resources applied before this one (references).",
			"before":    "Resources applied after this one (references).",
			"notify":    "Resources applied after this one and refreshed when it changes (references).",
			"subscribe": "Resources applied before this one; this one is refreshed when they change (references).",
			"alias":     "Other titles this resource can be referred to by (a string or a list).",
			"tag":       "Tags (a string or a list).",
			"noop":      "true: Puppet only reports what it would change.",
			"schedule":  "The name of a schedule resource: when the agent may manage this one (no effect on the order).",
			"loglevel":  "The level of this resource's log lines: debug, info, notice, warning, err, alert, emerg, crit or verbose.",
			"audit":     "Attributes (or \"all\") whose changes the agent reports; a string or a list.",
		}), struct{ name, doc string }{"for_each", "Declare one resource per element of a map or set (each.key, each.value)."}),
		topBlocks: documented(schema.TopLevelBlocks, map[string]string{
			"type":       "A type definition: the Resource API's register_type (`type \"name\" { … }`).",
			"type_alias": "A Puppet type alias (`type_alias \"Mymod::Port\" { type = \"…\" }`).",
			"resource":   "A resource declaration (`resource \"type\" \"title\" { … }`).",
			"group":      "Resources declared only where a condition holds (`group \"web\" { only_if = … resource … }`).",
			"variable":   "A variable, var.NAME (`variable \"name\" { type = … default = … }`).",
			"locals":     "Local values, local.NAME.",
		}),
		// what a group block holds
		groupKeys: documented(schema.GroupKeys, map[string]string{
			"only_if":  "The condition on the node that declares the group's resources (`facts.role == \"web\"`).",
			"resource": "A resource declared where only_if holds (`resource \"type\" \"title\" { … }`).",
		}),
		typeKeys: documented(schema.TypeKeys, map[string]string{
			"desc":          "The type's documentation.",
			"docs":          "The legacy spelling of desc.",
			"attribute":     "An attribute: `attribute \"name\" { type = \"String\" … }`.",
			"title_pattern": "How a title is split into namevars: `title_pattern { pattern = \"…\" }`.",
			"autorequire":   "Edges from the named resources to this one (`autorequire { file = \"$path\" }`).",
			"autobefore":    "Edges from this resource to the named ones.",
			"autosubscribe": "Like autorequire, and this resource is refreshed by them.",
			"autonotify":    "Like autobefore, and they are refreshed by this one.",
			"features":      "Provider features, e.g. [\"canonicalize\"].",
			"refreshable":   "true when the type's Ruby defines refresh: Puppet's agent refreshes its resources on an event.",
		}),
		attributeKeys: documented(schema.AttributeKeys, map[string]string{
			"type":      "A Puppet data type, as a string (required).",
			"desc":      "The attribute's documentation.",
			"default":   "The value used when a declaration gives none.",
			"behaviour": "namevar, parameter, read_only or init_only; leave out for a property.",
			"behavior":  "The American spelling of behaviour.",
			"sensitive": "true: the value never appears in any output.",
		}),
		behaviours: documented(schema.Behaviours, map[string]string{
			"namevar":   "Part of the resource's identity; its value may come from the title.",
			"parameter": "Passed to the provider, never compared; always mandatory.",
			"read_only": "Set only by the provider; a declaration cannot set it.",
			"init_only": "A property that can only be set when the resource is created.",
		}),
		dataTypes: schema.DataTypes,
	}
})

// documented pairs each name with its doc, in the names' order.
func documented(names []string, docs map[string]string) []struct{ name, doc string } {
	out := make([]struct{ name, doc string }, len(names))
	for i, n := range names {
		out[i].name, out[i].doc = n, docs[n]
	}
	return out
}

func (s *Server) completion(ctx *glsp.Context, p *protocol.CompletionParams) (any, error) {
	path, src, ok := s.textOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	li := s.linesOf(path, src)
	off := li.offset(p.Position)
	c := cursorAt(src, path, off)
	items, incomplete, ok := siteView{s.snap, s.site()}.completeSite(c)
	if !ok {
		items, incomplete = s.snap.complete(c, src, path)
	}
	edit := protocol.Range{Start: li.position(c.wordStart), End: li.position(off)}
	for i := range items {
		text := items[i].Label
		if items[i].InsertText != nil {
			text = *items[i].InsertText
			items[i].InsertText = nil
		}
		items[i].TextEdit = protocol.TextEdit{Range: edit, NewText: text}
		if items[i].FilterText == nil && text != items[i].Label {
			items[i].FilterText = &text
		}
	}
	return protocol.CompletionList{IsIncomplete: incomplete, Items: items}, nil
}

// complete lists what may go at the cursor, and whether the list is
// incomplete (more references match than are listed).
func (s *snapshot) complete(c cursor, src []byte, path string) ([]protocol.CompletionItem, bool) {
	if c.inResource() && !c.atName() {
		switch c.attrName() {
		case "require", "before", "notify", "subscribe":
			return s.refItems(c.word, c.inString)
		}
	}
	return s.completeAt(c, src, path), false
}

func (s *snapshot) completeAt(c cursor, src []byte, path string) []protocol.CompletionItem {
	top := c.top()
	if li := c.labelIndex(); li >= 0 {
		if string(c.stmt[0].Bytes) == "resource" && li == 0 && c.atTop() {
			return s.typeNameItems(c.inString)
		}
		return nil
	}
	if c.atName() {
		switch top.block {
		case "":
			if len(c.stack) == 0 {
				return keywordItems(words().topBlocks, protocol.CompletionItemKindKeyword)
			}
		case "resource":
			return s.resourceNameItems(top)
		case "group":
			return keywordItems(words().groupKeys, protocol.CompletionItemKindKeyword)
		case "type":
			return keywordItems(words().typeKeys, protocol.CompletionItemKindProperty)
		case "attribute":
			return keywordItems(words().attributeKeys, protocol.CompletionItemKindProperty)
		case "title_pattern":
			return keywordItems([]struct{ name, doc string }{{"pattern", "A Ruby regular expression with named groups."}, {"desc", "Its documentation."}}, protocol.CompletionItemKindProperty)
		case "autorequire", "autobefore", "autosubscribe", "autonotify":
			return s.typeNameItems(false)
		case "variable":
			return keywordItems([]struct{ name, doc string }{{"type", "A Puppet type string."}, {"default", "The value when none is set."}, {"description", "Its documentation."}}, protocol.CompletionItemKindProperty)
		}
		return nil
	}
	attr := c.attrName()
	if attr == "" {
		return nil
	}
	switch top.block {
	case "resource":
		return s.resourceValueItems(top, attr, c.inString)
	case "attribute":
		switch attr {
		case "behaviour", "behavior":
			return quoted(keywordItems(words().behaviours, protocol.CompletionItemKindEnumMember), c.inString)
		case "type":
			return quoted(s.dataTypeItems(), c.inString)
		case "sensitive":
			return boolItems()
		}
	case "type":
		if attr == "features" {
			var items []protocol.CompletionItem
			for _, f := range words().schema.Features {
				items = append(items, item(f, protocol.CompletionItemKindEnumMember, "", ""))
			}
			return quoted(items, c.inString)
		}
	case "autorequire", "autobefore", "autosubscribe", "autonotify":
		return s.autoAttrItems(c, src, path)
	}
	return nil
}

func item(label string, kind protocol.CompletionItemKind, detail, doc string) protocol.CompletionItem {
	it := protocol.CompletionItem{Label: label, Kind: &kind}
	if detail != "" {
		it.Detail = &detail
	}
	if doc != "" {
		it.Documentation = protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: doc}
	}
	return it
}

func keywordItems(list []struct{ name, doc string }, kind protocol.CompletionItemKind) []protocol.CompletionItem {
	out := make([]protocol.CompletionItem, len(list))
	for i, k := range list {
		out[i] = item(k.name, kind, "", k.doc)
	}
	return out
}

// quoted makes each item insert a string literal, unless the cursor is
// already inside one.
func quoted(items []protocol.CompletionItem, inString bool) []protocol.CompletionItem {
	if inString {
		return items
	}
	for i := range items {
		text := `"` + items[i].Label + `"`
		items[i].InsertText = &text
	}
	return items
}

func boolItems() []protocol.CompletionItem {
	return []protocol.CompletionItem{
		item("true", protocol.CompletionItemKindValue, "Boolean", ""),
		item("false", protocol.CompletionItemKindValue, "Boolean", ""),
	}
}

func (s *snapshot) typeNameItems(inString bool) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	for _, t := range s.cat.Types {
		items = append(items, item(t.Name, protocol.CompletionItemKindClass, "type "+t.Name, strings.TrimSpace(t.Desc)))
	}
	// The built-in types no resource uses yet (nor a type block replaces).
	for _, t := range catalog.BuiltinTypes() {
		if s.cat.Type(t.Name) == nil {
			items = append(items, item(t.Name, protocol.CompletionItemKindClass, "built-in type "+t.Name, strings.TrimSpace(t.Desc)))
		}
	}
	return quoted(items, inString)
}

func (s *snapshot) dataTypeItems() []protocol.CompletionItem {
	var items []protocol.CompletionItem
	for _, n := range words().dataTypes {
		items = append(items, item(n, protocol.CompletionItemKindTypeParameter, "", ""))
	}
	for _, a := range s.cat.Aliases {
		items = append(items, item(a.Name, protocol.CompletionItemKindTypeParameter, "type alias = "+a.TypeText, strings.TrimSpace(a.Desc)))
	}
	return items
}

// resourceNameItems are the attributes of the resource's type (all that
// a declaration may set) and the metaparameters.
func (s *snapshot) resourceNameItems(f frame) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	if len(f.labels) > 0 {
		if td := s.cat.TypeOrBuiltin(f.labels[0]); td != nil {
			for i, a := range td.Attributes {
				if a.Behaviour == catalog.ReadOnly {
					continue
				}
				it := item(a.Name, protocol.CompletionItemKindField, a.TypeText+" ("+a.Behaviour.String()+")", attrDoc(a))
				sort := fmt.Sprintf("0%03d", i)
				it.SortText = &sort
				items = append(items, it)
			}
		}
	}
	for i, m := range words().metaparams {
		it := item(m.name, protocol.CompletionItemKindKeyword, "metaparameter", m.doc)
		sort := fmt.Sprintf("1%03d", i)
		it.SortText = &sort
		items = append(items, it)
	}
	return items
}

// attrDoc documents an attribute: type, behaviour, default (never a
// sensitive one), desc.
func attrDoc(a *catalog.AttrDef) string {
	var b strings.Builder
	fmt.Fprintf(&b, "`%s`  \nbehaviour: %s", a.TypeText, a.Behaviour)
	if a.HasDefault && a.Behaviour != catalog.ReadOnly {
		if a.IsSecret() {
			b.WriteString("  \ndefault: " + secretText)
		} else {
			fmt.Fprintf(&b, "  \ndefault: `%s`", types.FormatValue(a.Default))
		}
	}
	if a.IsSecret() {
		b.WriteString("  \nsensitive: its value is never shown")
	}
	if d := strings.TrimSpace(a.Desc); d != "" {
		b.WriteString("\n\n" + d)
	}
	return b.String()
}

func (s *snapshot) resourceValueItems(f frame, attr string, inString bool) []protocol.CompletionItem {
	switch attr {
	case "noop":
		return boolItems()
	}
	if len(f.labels) == 0 {
		return nil
	}
	td := s.cat.TypeOrBuiltin(f.labels[0])
	if td == nil || td.Attr(attr) == nil {
		return nil
	}
	a := td.Attr(attr)
	enums, boolean := valueChoices(a.Type)
	var items []protocol.CompletionItem
	for _, v := range enums {
		items = append(items, item(v, protocol.CompletionItemKindEnumMember, a.TypeText, ""))
	}
	items = quoted(items, inString)
	if boolean && !inString {
		items = append(items, boolItems()...)
	}
	return items
}

// valueChoices are the Enum values and whether Boolean is accepted,
// looking through Optional, Variant, NotUndef, Sensitive and aliases.
func valueChoices(t types.Type) (enums []string, boolean bool) {
	seen := map[types.Type]bool{}
	var walk func(types.Type)
	walk = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch x := t.(type) {
		case *types.EnumType:
			enums = append(enums, x.Values...)
		case *types.BooleanType:
			boolean = true
		case *types.OptionalType:
			walk(x.Type)
		case *types.NotUndefType:
			walk(x.Type)
		case *types.SensitiveType:
			walk(x.Type)
		case *types.AliasType:
			walk(x.Resolved)
		case *types.VariantType:
			for _, m := range x.Types {
				walk(m)
			}
		}
	}
	walk(t)
	sort.Strings(enums)
	return enums, boolean
}

// maxRefItems bounds the references offered at once: a big workspace
// has tens of thousands, and the list is marked incomplete so that the
// editor asks again as the user types.
const maxRefItems = 100

// refItems are references to the resources matching what is typed, in
// both forms: the HCL traversal `type["title"]` (`type.title` when the
// title is a name) and the string `"Type[title]"`.
func (s *snapshot) refItems(word string, inString bool) ([]protocol.CompletionItem, bool) {
	word = strings.ToLower(strings.TrimLeft(word, `"`))
	var items []protocol.CompletionItem
	for _, r := range s.cat.Resources {
		ref := r.Ref()
		trav := traversalRef(r.Type.Name, r.Title)
		if word != "" && !strings.Contains(strings.ToLower(ref), word) && !strings.Contains(strings.ToLower(trav), word) {
			continue
		}
		if len(items) >= maxRefItems {
			return items, true
		}
		items = append(items, refForms(ref, trav, fileLine(r.DeclRange.Filename, r.DeclRange.Start.Line), inString)...)
	}
	return items, false
}

// refForms are the items of one reference: the string "Type[title]"
// (quoted unless the cursor is in a string) and, outside a string, the
// HCL traversal.
func refForms(ref, trav, where string, inString bool) []protocol.CompletionItem {
	str := item(ref, protocol.CompletionItemKindReference, where, "")
	if inString {
		return []protocol.CompletionItem{str}
	}
	text := `"` + ref + `"`
	str.InsertText = &text
	return []protocol.CompletionItem{str, item(trav, protocol.CompletionItemKindReference, where, "")}
}

// traversalRef is the HCL reference form of a resource.
func traversalRef(typ, title string) string {
	if hclsyntax.ValidIdentifier(title) {
		return typ + "." + title
	}
	return typ + "[" + string(hclwrite.TokensForValue(cty.StringVal(title)).Bytes()) + "]"
}

// autoAttrItems are "$attr" for each attribute of the type whose rule
// the cursor is in: the loaded type's, or while the type does not load,
// the attribute blocks written in it.
func (s *snapshot) autoAttrItems(c cursor, src []byte, path string) []protocol.CompletionItem {
	typeFrame := c.parent()
	if typeFrame.block != "type" || len(typeFrame.labels) == 0 {
		return nil
	}
	var items []protocol.CompletionItem
	if td := s.cat.Type(typeFrame.labels[0]); td != nil && td.DeclRange.Filename == path {
		for _, a := range td.Attributes {
			items = append(items, item("$"+a.Name, protocol.CompletionItemKindVariable, a.TypeText, attrDoc(a)))
		}
	} else {
		for _, name := range declaredAttributes(src, path, typeFrame.labels[0]) {
			items = append(items, item("$"+name, protocol.CompletionItemKindVariable, "", ""))
		}
	}
	return quoted(items, c.inString)
}
