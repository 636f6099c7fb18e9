package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/fleet"
	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/plural"
)

// FleetPlanJSONFormat is the "format" value of the plan --nodes JSON.
const FleetPlanJSONFormat = "catc.fleet-plan/1"

// FleetPlansText writes plan --nodes for people: one line per outcome
// (OutcomesText), then each distinct plan once, headed by the nodes that
// share it, as PlanText prints one node's plan.
func FleetPlansText(w io.Writer, outcomes []fleet.Outcome) error {
	bw := bufio.NewWriter(w)
	if err := OutcomesText(bw, outcomes); err != nil {
		return err
	}
	for _, o := range outcomes {
		if o.Shown == nil {
			continue
		}
		fmt.Fprintf(bw, "\n== %s\n", shownTitle(o))
		if err := PlanText(bw, o.Shown); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// shownTitle heads a distinct plan: "3 nodes share this plan: a, b, c
// (the plan of a; …)".
func shownTitle(o fleet.Outcome) string {
	if len(o.Nodes) == 1 {
		return "1 node has this plan: " + o.Nodes[0]
	}
	return fmt.Sprintf("%s share this plan: %s (shown for %s; a title holding a node's own name or address differs from node to node)",
		plural.Noun(len(o.Nodes), "node", "nodes"), strings.Join(o.Nodes, ", "), o.ShownFor)
}

// The plan --nodes JSON, documented in docs/diff-json.md; keep the two in
// sync.
type jsonFleetPlans struct {
	Format   string              `json:"format"`
	Nodes    int                 `json:"nodes"`
	Plans    []jsonFleetPlan     `json:"plans"`
	Failures []jsonFleetPlanFail `json:"failures"`
}

type jsonFleetPlan struct {
	Nodes    []string        `json:"nodes"`
	Steps    int             `json:"steps"`
	Warnings int             `json:"warnings"`
	ShownFor string          `json:"shown_for"`
	Plan     json.RawMessage `json:"plan"`
}

type jsonFleetPlanFail struct {
	Errors string   `json:"errors"`
	Nodes  []string `json:"nodes"`
}

// FleetPlansJSON writes plan --nodes as one JSON object (format
// "catc.fleet-plan/1"): each distinct plan once, with its nodes and the
// plan JSON (PlanJSON) of the first of them, and the failures. The same
// run always gives the same bytes.
func FleetPlansJSON(w io.Writer, outcomes []fleet.Outcome) error {
	out := jsonFleetPlans{Format: FleetPlanJSONFormat, Plans: []jsonFleetPlan{}, Failures: []jsonFleetPlanFail{}}
	for _, o := range outcomes {
		out.Nodes += len(o.Nodes)
		if o.Failed {
			out.Failures = append(out.Failures, jsonFleetPlanFail{o.Errors, o.Nodes})
			continue
		}
		var b bytes.Buffer
		if o.Shown != nil {
			if err := PlanJSON(&b, o.Shown); err != nil {
				return err
			}
		}
		out.Plans = append(out.Plans, jsonFleetPlan{Nodes: o.Nodes, Steps: o.Steps, Warnings: o.Warnings, ShownFor: o.ShownFor, Plan: b.Bytes()})
	}
	return jsonw.Encode(w, out)
}
