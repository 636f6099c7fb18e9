package fleet

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/words"
)

// OnNodes is diags, each saying which nodes it is about: "(On the node
// web-01.)", "(On 12 nodes: a, b, c and 9 more.)". The diagnostics are
// copies: the outcome keeps its own.
func OnNodes(diags hcl.Diagnostics, nodes []string) hcl.Diagnostics {
	note := fmt.Sprintf(" (On %s nodes: %s.)", words.GroupDigits(len(nodes)), words.ListMore(nodes, 3))
	if len(nodes) == 1 {
		note = fmt.Sprintf(" (On the node %s.)", nodes[0])
	}
	out := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		cp := *d
		cp.Detail += note
		out[i] = &cp
	}
	return out
}
