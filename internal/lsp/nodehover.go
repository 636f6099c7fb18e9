package lsp

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/compiler"
)

// siteNode is a node block of the workspace with its file.
type siteNode struct {
	file string
	node *compiler.SiteNode
}

// nodes are the workspace's node blocks in the load's order (files by
// path, then source order), the order Puppet's rules try them in.
func (ix *siteIndex) nodes() []siteNode {
	var out []siteNode
	for _, p := range sortedKeys(ix.files) {
		for i := range ix.files[p].Nodes {
			out = append(out, siteNode{file: p, node: &ix.files[p].Nodes[i]})
		}
	}
	return out
}

// nodeHover: a node block, the classes it declares, and whether it is
// the one Puppet picks for the settings' node (exact name, else the
// first regular expression that matches, else default), or which one is.
func (s siteView) nodeHover(path string, n *compiler.SiteNode) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**node %q** (%s)  \ndeclared at %s\n\n", n.Name, nodeLabelKind(n.Name), fileLine(n.DeclRange.Filename, n.DeclRange.Start.Line))
	b.WriteString(s.nodeClasses(path, n) + "\n\n")
	if s.data.node == nil {
		b.WriteString(s.nodeLabel() + ": which node block applies depends on the node's name.")
		return b.String()
	}
	all := s.ix.nodes()
	labels := make([]string, len(all))
	for i, o := range all {
		labels[i] = o.node.Name
	}
	name := strings.ToLower(s.data.node.Name)
	i, how := compiler.PickNode(labels, name, nil)
	switch {
	case how == compiler.NodeNone:
		fmt.Fprintf(&b, "%s: no node block matches, so Puppet fails the node (\"Could not find node statement with name 'default' or '%s'\").", s.nodeLabel(), name)
	case all[i].node == n:
		fmt.Fprintf(&b, "%s: this node block applies (%s).", s.nodeLabel(), matchText(how))
	default:
		p := all[i].node
		fmt.Fprintf(&b, "%s: this node block does not apply; Puppet picks node %q at %s (%s).", s.nodeLabel(), p.Name,
			fileLine(p.DeclRange.Filename, p.DeclRange.Start.Line), matchText(how))
	}
	return b.String()
}

// nodeClasses lists the classes a node block declares (include,
// contain, require blocks in its body).
func (s siteView) nodeClasses(path string, n *compiler.SiteNode) string {
	var ds []string
	for _, d := range s.ix.files[path].Decls {
		if d.Kind != "resource" && d.DeclRange.Start.Byte >= n.Range.Start.Byte && d.DeclRange.End.Byte <= n.Range.End.Byte {
			ds = append(ds, fmt.Sprintf("`%s %q`", d.Kind, d.Name))
		}
	}
	if len(ds) == 0 {
		return "Declares no class."
	}
	return "Declares " + strings.Join(ds, ", ") + "."
}

// nodeLabelKind says what kind of label a node block has.
func nodeLabelKind(label string) string {
	switch {
	case label == "default":
		return "the default node"
	case len(label) >= 2 && label[0] == '/' && label[len(label)-1] == '/':
		return "a regular expression"
	}
	return "an exact name"
}

// matchText says how Puppet picked the node block.
func matchText(how compiler.NodeMatch) string {
	switch how {
	case compiler.NodeExact:
		return "its exact name"
	case compiler.NodeRegex:
		return "the first regular expression that matches, no node block having the exact name"
	}
	return "the default node, no other node block matching"
}
