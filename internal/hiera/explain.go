package hiera

import (
	"encoding/json"
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// The explanation of a lookup is the tree Puppet's Lookup::Explainer
// builds, printed as `puppet lookup --explain` prints it, for catc's one
// layer: the site's hiera.yaml (Puppet's environment layer). Puppet's
// global layer and module layers are not there.

// ExplainNode is one node of the explanation.
type ExplainNode struct {
	// Kind is Puppet's type of the node: root (a searched key), meta
	// (the search of lookup_options), invalid_key, merge_source, merge,
	// data_provider, path, interpolate, scope, sub_key, segment.
	Kind string
	// Key, Value and Event are what happened at the node: found,
	// not_found, result (of a merge) or location_not_found.
	Key   string
	Value types.Value
	Event string
	// Name is a data provider's or scope's name; ConfigPath a provider's
	// hiera.yaml; Path and OriginalPath a location's file and template;
	// Expression an interpolated string; Merge and Options a merge's
	// strategy.
	Name, ConfigPath, Path, OriginalPath, Expression, Merge string
	Options                                                 *types.Hash
	segments                                                []segment
	Texts                                                   []string
	Branches                                                []*ExplainNode
	parent                                                  *ExplainNode
}

// Segments is a sub_key node's key segments, joined by dots.
func (n *ExplainNode) Segments() string {
	parts := make([]string, len(n.segments))
	for i, s := range n.segments {
		parts[i] = s.String()
	}
	return strings.Join(parts, ".")
}

// explainer is the tree being built; nil when no one asked.
type explainer struct {
	root    *ExplainNode
	current *ExplainNode
}

func newExplainer() *explainer {
	r := &ExplainNode{Kind: "explainer"}
	return &explainer{root: r, current: r}
}

func (inv *invocation) push(n *ExplainNode) {
	if inv.ex == nil {
		return
	}
	n.parent = inv.ex.current
	inv.ex.current.Branches = append(inv.ex.current.Branches, n)
	inv.ex.current = n
}

func (inv *invocation) pop() {
	if inv.ex == nil || inv.ex.current.parent == nil {
		return
	}
	inv.ex.current = inv.ex.current.parent
}

func (inv *invocation) found(key string, v types.Value) {
	if inv.ex != nil {
		c := inv.ex.current
		c.Key, c.Value, c.Event = key, v, "found"
	}
}

func (inv *invocation) notFound(key string) {
	if inv.ex != nil {
		c := inv.ex.current
		c.Key, c.Event = key, "not_found"
	}
}

func (inv *invocation) locationNotFound() {
	if inv.ex != nil {
		inv.ex.current.Event = "location_not_found"
	}
}

func (inv *invocation) result(v types.Value) {
	if inv.ex != nil {
		inv.ex.current.Value, inv.ex.current.Event = v, "result"
	}
}

func (inv *invocation) text(s string) {
	if inv.ex != nil {
		inv.ex.current.Texts = append(inv.ex.current.Texts, s)
	}
}

func (inv *invocation) mergeSource(src string) {
	if inv.ex != nil {
		inv.ex.current.Branches = append(inv.ex.current.Branches, &ExplainNode{Kind: "merge_source", Name: src, parent: inv.ex.current})
	}
}

// Text prints the explanation as `puppet lookup --explain` does.
func (n *ExplainNode) Text() string {
	var b strings.Builder
	n.dump(&b, "", "")
	return b.String()
}

func (n *ExplainNode) dump(b *strings.Builder, indent, first string) {
	inner := indent + "  "
	switch n.Kind {
	case "explainer":
		for _, c := range n.Branches {
			c.dump(b, indent, first)
		}
		n.dumpTexts(b, indent)
	case "root", "meta":
		b.WriteString(first + `Searching for "` + n.Key + "\"\n")
		for _, c := range n.Branches {
			c.dump(b, inner, inner)
		}
	case "invalid_key":
		b.WriteString(first + `Invalid key "` + n.Key + "\"\n")
	case "merge_source":
		b.WriteString(first + `Using merge options from "` + n.Name + "\" hash\n")
	case "merge":
		if len(n.Branches) == 0 {
			return
		}
		if len(n.Branches) == 1 {
			n.Branches[0].dump(b, indent, first)
			return
		}
		b.WriteString(first + "Merge strategy " + n.Merge + "\n")
		if n.Options != nil {
			b.WriteString(inner + "Options: ")
			dumpValue(b, inner, n.Options)
			b.WriteString("\n")
		}
		for _, c := range n.Branches {
			c.dump(b, inner, inner)
		}
		if n.Event == "result" {
			b.WriteString(inner + "Merged result: ")
			dumpValue(b, inner, n.Value)
			b.WriteString("\n")
		}
	case "data_provider":
		b.WriteString(first + n.Name + "\n")
		if n.ConfigPath != "" {
			b.WriteString(inner + `Using configuration "` + n.ConfigPath + "\"\n")
		}
		n.dumpChildrenAndOutcome(b, inner)
	case "path":
		b.WriteString(indent + `Path "` + n.Path + "\"\n")
		b.WriteString(inner + `Original path: "` + n.OriginalPath + "\"\n")
		for _, c := range n.Branches {
			c.dump(b, inner, inner)
		}
		if n.Event == "location_not_found" {
			b.WriteString(inner + "Path not found\n")
		}
		n.dumpOutcome(b, inner)
	case "interpolate":
		b.WriteString(first + `Interpolation on "` + n.Expression + "\"\n")
		for _, c := range n.Branches {
			c.dump(b, inner, inner)
		}
	case "scope":
		b.WriteString(indent + n.Name + "\n")
		n.dumpChildrenAndOutcome(b, inner)
	case "sub_key":
		b.WriteString(indent + `Sub key: "` + n.Segments() + "\"\n")
		n.dumpChildrenAndOutcome(b, inner)
	case "segment":
		n.dumpOutcome(b, indent)
	}
}

func (n *ExplainNode) dumpChildrenAndOutcome(b *strings.Builder, indent string) {
	for _, c := range n.Branches {
		c.dump(b, indent, indent)
	}
	n.dumpOutcome(b, indent)
}

func (n *ExplainNode) dumpOutcome(b *strings.Builder, indent string) {
	switch n.Event {
	case "not_found":
		b.WriteString(indent + `No such key: "` + n.Key + "\"\n")
	case "found":
		b.WriteString(indent + `Found key: "` + n.Key + `" value: `)
		dumpValue(b, indent, n.Value)
		b.WriteString("\n")
	}
	n.dumpTexts(b, indent)
}

func (n *ExplainNode) dumpTexts(b *strings.Builder, indent string) {
	for _, t := range n.Texts {
		b.WriteString(indent + t + "\n")
	}
}

// dumpValue prints a value as Puppet's explainer does: hashes and arrays
// one element a line, scalars as Ruby's inspect.
func dumpValue(b *strings.Builder, indent string, v types.Value) {
	inner := indent + "  "
	switch x := v.(type) {
	case *types.Hash:
		b.WriteString("{")
		if x.Len() > 0 {
			for i, k := range x.Keys {
				if i == 0 {
					b.WriteString("\n" + inner)
				} else {
					b.WriteString(",\n" + inner)
				}
				b.WriteString(types.RubyInspectString(k))
				b.WriteString(" => ")
				dumpValue(b, inner, x.Values[i])
			}
			b.WriteString("\n" + indent)
		}
		b.WriteString("}")
	case []types.Value:
		b.WriteString("[")
		if len(x) > 0 {
			for i, e := range x {
				if i == 0 {
					b.WriteString("\n" + inner)
				} else {
					b.WriteString(",\n" + inner)
				}
				dumpValue(b, inner, e)
			}
			b.WriteString("\n" + indent)
		}
		b.WriteString("]")
	default:
		b.WriteString(types.RubyInspect(v))
	}
}

// Hash is the explanation as Puppet's Explainer#to_hash gives it (what
// `puppet lookup --explain --render-as json` prints), for JSON output.
func (n *ExplainNode) Hash() any {
	branches := func() []any {
		var out []any
		for _, b := range n.Branches {
			out = append(out, b.Hash())
		}
		return out
	}
	switch {
	case n.Kind == "explainer" && len(n.Branches) == 1, n.Kind == "merge" && len(n.Branches) == 1:
		return n.Branches[0].Hash()
	case n.Kind == "explainer":
		return map[string]any{"branches": branches()}
	case n.Kind == "merge_source":
		return map[string]any{"type": "merge_source", "merge_source": n.Name}
	}
	h := map[string]any{"type": n.Kind}
	if bs := branches(); len(bs) > 0 {
		h["branches"] = bs
	}
	if n.Key != "" {
		h["key"] = n.Key
	}
	if n.Event == "found" || n.Event == "result" {
		h["value"] = json.RawMessage(types.EncodeJSON(n.Value))
	}
	if n.Event != "" {
		h["event"] = n.Event
	}
	if len(n.Texts) > 0 {
		h["texts"] = n.Texts
	}
	switch n.Kind {
	case "meta":
		h["type"] = "root"
	case "data_provider":
		h["name"] = n.Name
		if n.ConfigPath != "" {
			h["configuration_path"] = n.ConfigPath
		}
	case "merge":
		h["merge"] = n.Merge
		if n.Options != nil {
			h["options"] = json.RawMessage(types.EncodeJSON(n.Options))
		}
	case "path":
		h["path"] = n.Path
		h["original_path"] = n.OriginalPath
	case "interpolate":
		h["expression"] = n.Expression
	case "scope":
		h["name"] = n.Name
	}
	return h
}
