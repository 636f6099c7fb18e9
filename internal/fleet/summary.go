package fleet

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/words"
)

// sideWords say what a failure on each side means for the change, after
// "N nodes" (plural) — the summary, the listings and the JSON's words.
var sideWords = [...]struct{ one, many string }{
	NewSide:   {"no longer compiles", "no longer compile"},
	OldSide:   {"compiles only with the change", "compile only with the change"},
	BothSides: {"fails to compile on both sides", "fail to compile on both sides"},
}

// Words say what a failure on the side means for n nodes: "no longer
// compiles", "no longer compile", ….
func (s Side) Words(n int) string { return words.Pick(n, sideWords[s].one, sideWords[s].many) }

// Summary is the one-line summary of a fleet diff: "This change
// affects 312 of 1,000 nodes in 3 distinct ways; 686 unchanged; 2 no
// longer compile." Failures are counted apart from the affected nodes.
func (d *Diff) Summary() string {
	var parts []string
	changed := d.Changed()
	switch {
	case changed == 0:
		parts = append(parts, "This change affects none of "+words.Noun(d.Nodes, "node", "nodes"))
	default:
		ways := "in 1 way"
		if len(d.Groups) > 1 {
			ways = fmt.Sprintf("in %s distinct ways", words.GroupDigits(len(d.Groups)))
		}
		parts = append(parts, fmt.Sprintf("This change affects %s of %s %s", words.GroupDigits(changed), words.Noun(d.Nodes, "node", "nodes"), ways))
	}
	if changed > 0 || len(d.Failures) > 0 {
		parts = append(parts, words.GroupDigits(len(d.Unchanged))+" unchanged")
	}
	for s := NewSide; s <= BothSides; s++ {
		if n := d.Failing(s); n > 0 {
			parts = append(parts, words.Noun(n, sideWords[s].one, sideWords[s].many))
		}
	}
	if n := d.AppliesNothing(); n > 0 {
		parts = append(parts, words.Noun(n, "node would apply nothing (a dependency cycle)", "nodes would apply nothing (a dependency cycle)"))
	}
	if n := d.Refused(); n > 0 {
		parts = append(parts, words.Noun(n, "node's new catalog fails (Puppet would refuse it)", "nodes' new catalogs fail (Puppet would refuse them)"))
	}
	return strings.Join(parts, "; ") + "."
}
