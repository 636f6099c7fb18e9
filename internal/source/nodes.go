package source

import (
	"context"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/puppetdb"
)

// NodesQuery is the PQL query --nodes SPEC asks PuppetDB (puppetdb or
// puppetdb: every active node with facts; puppetdb:PQL the nodes PQL
// selects), ok false when SPEC is a facts path (nodefacts reads it).
func NodesQuery(spec string) (pql string, ok bool) {
	if spec == "puppetdb" || spec == PuppetDBPrefix {
		return puppetdb.EveryNodeWithFacts, true
	}
	return strings.CutPrefix(spec, PuppetDBPrefix)
}

// NodeReader reads the facts (and trusted data) of the nodes a PQL
// query selects: PuppetDB's client.
type NodeReader interface {
	Nodes(ctx context.Context, pql string) ([]*nodefacts.Node, error)
}

// ReadNodes reads --nodes SPEC whole: PuppetDB's inventory through db,
// which is asked for only then (NodesQuery), or the facts files at the
// path (nodefacts.Read). The error is the reader's; what is wrong in a
// facts file is a diagnostic.
func ReadNodes(ctx context.Context, spec string, db func() (NodeReader, error)) ([]*nodefacts.Node, hcl.Diagnostics, error) {
	pql, ok := NodesQuery(spec)
	if !ok {
		nodes, diags := nodefacts.Read(spec)
		return nodes, diags, nil
	}
	r, err := db()
	if err != nil {
		return nil, nil, err
	}
	nodes, err := r.Nodes(ctx, pql)
	return nodes, nil, err
}
