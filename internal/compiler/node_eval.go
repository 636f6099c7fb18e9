package compiler

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/rubyregexp"
)

// evalNode evaluates the node block that matches the node, with
// Puppet 7.23's rules: the exact name (the certname, in lower case;
// shorter names are not tried), else the first regular expression in
// file order that matches, else default. Without node blocks there is
// nothing to do; with some and no match, the node cannot compile.
func (k *compiler) evalNode(main scope) {
	if len(k.st.nodes) == 0 {
		return
	}
	name := strings.ToLower(k.node)
	match, title := k.matchNode(name)
	if match == nil {
		first := k.st.nodes[0].block
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnknownType,
			fmt.Sprintf("Could not find node statement with name 'default' or '%s'. Add a node block for it, or a node \"default\" block.", name),
			first.LabelRanges[0], first.DefRange().Ptr()))
		return
	}
	b := match.block
	i := k.addItem(catalog.External{Type: "Node", Title: title, Kind: "unknown", Range: b.DefRange()}, main.item, main.item, catalog.AppendTitleTag([]string{"node"}, title)...)
	k.body(scope{item: i, ctx: k.base, dflt: newDefaults(main.dflt)}, b, match.src)
}

// matchNode finds the node block for name and the title of its Node
// resource.
func (k *compiler) matchNode(name string) (*structBlock, string) {
	labels := make([]string, len(k.st.nodes))
	for i, n := range k.st.nodes {
		labels[i] = n.block.Labels[0]
	}
	i, how := PickNode(labels, name, func(i int, err error) {
		b := k.st.nodes[i].block
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryInvalidValue,
			fmt.Sprintf("The node block's regular expression %s is not usable: %v.", labels[i], err), b.LabelRanges[0], b.DefRange().Ptr()))
	})
	switch how {
	case NodeExact:
		return &k.st.nodes[i], strings.ToLower(labels[i])
	case NodeRegex:
		return &k.st.nodes[i], nodeRegexTitle(labels[i][1 : len(labels[i])-1])
	case NodeDefault:
		return &k.st.nodes[i], "default"
	}
	return nil, ""
}

// NodeMatch is how a node block was picked for a node.
type NodeMatch int

// How a node block is picked, in the order Puppet tries them.
const (
	NodeNone    NodeMatch = iota // no node block matches: the node does not compile
	NodeExact                    // the label is the node's name
	NodeRegex                    // the first regular expression (/…/) that matches
	NodeDefault                  // node "default"
)

// PickNode is the index of the node block, among those labelled labels
// (in file order), that Puppet 7.23 evaluates for the node name (in
// lower case), and how it was picked: the exact name (shorter names are
// not tried), else the first regular expression that matches, else
// default; -1 and NodeNone when none matches. badRegex is told of each
// regular expression that cannot be used (skipped, as Puppet would fail
// on it).
func PickNode(labels []string, name string, badRegex func(i int, err error)) (int, NodeMatch) {
	for i, l := range labels {
		if !isNodeRegex(l) && strings.ToLower(l) == name && name != "default" {
			return i, NodeExact
		}
	}
	for i, l := range labels {
		if !isNodeRegex(l) {
			continue
		}
		re, err := rubyregexp.Compile(l[1:len(l)-1], "")
		if err != nil {
			if badRegex != nil {
				badRegex(i, err)
			}
			continue
		}
		if ok, err := re.MatchWithin(name); err == nil && ok {
			return i, NodeRegex
		}
	}
	for i, l := range labels {
		if l == "default" {
			return i, NodeDefault
		}
	}
	return -1, NodeNone
}

// isNodeRegex reports whether a node label is a regular expression,
// /…/.
func isNodeRegex(l string) bool { return len(l) >= 2 && l[0] == '/' && l[len(l)-1] == '/' }

// nodeRegexTitle is the title Puppet gives the Node resource of a regex
// node: __node_regexp__ and the source in lower case without characters
// other than word characters, '-', ':' and '.', leading dots dropped.
func nodeRegexTitle(src string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(src) {
		if r == '-' || r == ':' || r == '.' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return "__node_regexp__" + strings.TrimLeft(b.String(), ".")
}
