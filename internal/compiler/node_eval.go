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
	for i, n := range k.st.nodes {
		if l := n.block.Labels[0]; !isNodeRegex(l) && strings.ToLower(l) == name && name != "default" {
			return &k.st.nodes[i], strings.ToLower(l)
		}
	}
	for i, n := range k.st.nodes {
		l := n.block.Labels[0]
		if !isNodeRegex(l) {
			continue
		}
		re, err := rubyregexp.Compile(l[1:len(l)-1], "")
		if err != nil {
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryInvalidValue,
				fmt.Sprintf("The node block's regular expression %s is not usable: %v.", l, err), n.block.LabelRanges[0], n.block.DefRange().Ptr()))
			continue
		}
		if ok, err := re.MatchWithin(name); err == nil && ok {
			return &k.st.nodes[i], nodeRegexTitle(l[1 : len(l)-1])
		}
	}
	for i, n := range k.st.nodes {
		if n.block.Labels[0] == "default" {
			return &k.st.nodes[i], "default"
		}
	}
	return nil, ""
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
