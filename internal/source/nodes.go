package source

import (
	"strings"

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
