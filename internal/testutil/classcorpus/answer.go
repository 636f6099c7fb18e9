package classcorpus

import (
	"regexp"
	"slices"
	"strings"
)

// Answer is what `puppet apply --noop --catalog catalog.json --graph
// --evaltrace --debug` did (puppet.json; the README of
// fixtures/oracle/catalogs documents each key, this corpus's README the
// three refresh lists).
type Answer struct {
	OK     bool     `json:"ok"`
	Error  *string  `json:"error"`
	Errors []string `json:"errors"`
	// Order is every vertex Puppet evaluated, whits included
	// (Whit[Admissible_class[Foo]]); empty when a cycle stopped the run.
	Order      []string `json:"order"`
	OrderTotal *int     `json:"order_total"`
	Generated  []string `json:"generated"`
	// Edges are the graph before containers are expanded (manual and
	// automatic relationships, no containment), ExpandedEdges after;
	// RefreshEdges those of Edges that carry a refresh.
	Edges         [][2]string `json:"edges"`
	ExpandedEdges [][2]string `json:"expanded_edges"`
	RefreshEdges  [][2]string `json:"refresh_edges"`
	// AutoEdges are [from, to, kind] in the order Puppet added them;
	// AutoSkipped its "Skipping automatic relationship" pairs.
	AutoEdges   [][3]string `json:"auto_edges"`
	AutoSkipped [][2]string `json:"auto_skipped"`
	// Cycles is Puppet's "Found N dependency cycle(s)" text, CyclePaths
	// its paths (containers named as such).
	Cycles     *string    `json:"cycles"`
	CyclePaths [][]string `json:"cycle_paths"`
	Failed     []string   `json:"failed"`
	Skipped    []string   `json:"skipped"`
	Warnings   []string   `json:"warnings"`
	ExitCode   int        `json:"exit_code"`
	// Refreshed are the resources the noop run would have refreshed,
	// RefreshScheduled those an event was sent to, RefreshUnscheduled
	// those whose own change cancelled it (a stopped service noop would
	// start: a property of the host).
	Refreshed          []string `json:"refreshed"`
	RefreshScheduled   []string `json:"refresh_scheduled"`
	RefreshUnscheduled []string `json:"refresh_unscheduled"`
}

// agentFraming is how the agent frames an error loading the catalog
// before it applies anything.
var agentFraming = regexp.MustCompile(`^Could not run: (?:Could not (?:deserialize catalog|intern) from \S+: )*`)

// AgentRefusal is the agent's words when it refused the compiled catalog
// itself (nothing applied, "Could not run: Could not deserialize catalog
// …"), without that framing; "" when it did not.
func (a *Answer) AgentRefusal() string {
	if a.OK || a.Error == nil || len(a.Order) > 0 || !strings.HasPrefix(*a.Error, "Could not run: ") {
		return ""
	}
	return agentFraming.ReplaceAllString(*a.Error, "")
}

// OrderWithoutWhits is Order without the whits: the resources in the
// order Puppet applied them.
func (a *Answer) OrderWithoutWhits() []string {
	var out []string
	for _, o := range a.Order {
		if !strings.HasPrefix(o, "Whit[") {
			out = append(out, o)
		}
	}
	return out
}

// HasCycle reports whether Puppet stopped on a dependency cycle.
func (a *Answer) HasCycle() bool { return a.Cycles != nil }

// CycleMembers are the references on Puppet's cycle paths, sorted, each
// once (containers included): what catc's cycles should name, whatever
// path it prints.
func (a *Answer) CycleMembers() []string {
	var out []string
	for _, p := range a.CyclePaths {
		out = append(out, p...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
