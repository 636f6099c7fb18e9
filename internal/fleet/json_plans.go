package fleet

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/jsonw"
)

// PlansJSONFormat is the "format" value of the plan --nodes JSON
// (docs/diff-json.md), whose plans are catc.catalog/1 plan documents
// (catalogjson.WritePlan).
const PlansJSONFormat = "catc.fleet-plan/1"

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

// WritePlansJSON writes plan --nodes as one JSON object (format
// "catc.fleet-plan/1"): each distinct plan once, with its nodes and the
// plan JSON (catalogjson.WritePlan) of the first of them, and the
// failures. The same run always gives the same bytes.
func WritePlansJSON(w io.Writer, outcomes []Outcome) error {
	out := jsonFleetPlans{Format: PlansJSONFormat, Plans: []jsonFleetPlan{}, Failures: []jsonFleetPlanFail{}}
	for _, o := range outcomes {
		out.Nodes += len(o.Nodes)
		if o.Failed {
			out.Failures = append(out.Failures, jsonFleetPlanFail{o.Errors, o.Nodes})
			continue
		}
		var b bytes.Buffer
		if o.Shown != nil {
			if err := catalogjson.WritePlan(&b, o.Shown); err != nil {
				return err
			}
		}
		out.Plans = append(out.Plans, jsonFleetPlan{Nodes: o.Nodes, Steps: o.Steps, Warnings: o.Warnings, ShownFor: o.ShownFor, Plan: b.Bytes()})
	}
	return jsonw.Encode(w, out)
}
