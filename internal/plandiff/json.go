package plandiff

import (
	"encoding/json"
	"io"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/types"
)

// JSONFormat is the "format" value of the diff JSON; docs/diff-json.md
// says what changed from catc.diff/1. Fields added within a version are
// optional to the reader (JSONDocument.Diff).
const JSONFormat = "catc.diff/2"

// JSONDocument is the diff JSON, documented in docs/diff-json.md; keep
// the two in sync. The fleet diff JSON embeds it, one per distinct diff:
// NewJSONDocument fills it, JSONDocument.Diff reads it back.
// Every list is present (empty rather than null) and sorted as PlanDiff
// sorts it. An attribute's "old" and "new" are absent on the side that
// has no value, and both are absent, with "sensitive": true, for a
// sensitive value: "old_set" and "new_set" then say which sides have one.
type JSONDocument struct {
	Format         string           `json:"format"`
	Strict         string           `json:"strict"`
	Summary        string           `json:"summary"`
	AppliesNothing bool             `json:"applies_nothing"`
	Counts         jsonDiffCounts   `json:"counts"`
	Resources      []jsonDiffRes    `json:"resources"`
	Skips          []jsonDiffSkip   `json:"skipped"`
	Edges          []jsonDiffEdge   `json:"edges"`
	Moves          []jsonDiffMove   `json:"moves"`
	Refreshes      []jsonDiffReload `json:"refreshes"`
	// Generated is written only when there is one (and absent in
	// documents written before it was added).
	Generated      []jsonGenerated `json:"generated,omitempty"`
	NewCycles      [][]string      `json:"new_cycles"`
	ResolvedCycles [][]string      `json:"resolved_cycles"`
	// UnresolvedCycles is absent in documents written before it was
	// added, and empty then.
	UnresolvedCycles [][]string `json:"unresolved_cycles"`
	// OrderUnknown is PlanDiff's: written only when set.
	OrderUnknown string `json:"order_unknown,omitempty"`
	// NewFails and OldFails are PlanDiff's: written only when set.
	NewFails []string `json:"new_fails,omitempty"`
	OldFails []string `json:"old_fails,omitempty"`
	// DataCauses are PlanDiff.DataCauses: written only when there are
	// some (a reader recomputes them from the attributes' origins).
	DataCauses []jsonDataCause `json:"data_causes,omitempty"`
}

type jsonDiffCounts struct {
	Manage         int `json:"manage"`
	Change         int `json:"change"`
	Unmanage       int `json:"unmanage"`
	Remove         int `json:"remove"`
	Fail           int `json:"fail"`
	Skipped        int `json:"skipped"`
	Warned         int `json:"init_only_warnings"`
	Renamed        int `json:"renamed"`
	MayPurge       int `json:"may_be_purged"`
	EdgesAdded     int `json:"edges_added"`
	EdgesRemoved   int `json:"edges_removed"`
	EdgesChanged   int `json:"edges_changed"`
	Reordered      int `json:"reordered"`
	Refreshed      int `json:"refreshed"`
	NewCycles      int `json:"new_cycles"`
	ResolvedCycles int `json:"resolved_cycles"`
	Unresolved     int `json:"unresolved_cycles"`
	Undetermined   int `json:"undetermined_secrets"`
}

type jsonDiffRes struct {
	Action        string         `json:"action"`
	Outcome       string         `json:"outcome"`
	Skipped       bool           `json:"skipped"`
	Type          string         `json:"type"`
	Ref           string         `json:"ref"`
	OldRef        string         `json:"old_ref,omitempty"`
	ParameterOnly bool           `json:"parameter_only"`
	InitOnly      []jsonInitOnly `json:"init_only"`
	OldLocation   string         `json:"old_location,omitempty"`
	NewLocation   string         `json:"new_location,omitempty"`
	Attributes    []jsonDiffAttr `json:"attributes"`
	// PurgedBy is written for a resource no longer managed that the new
	// catalog may purge, or purges, only.
	PurgedBy []jsonPurge `json:"purged_by,omitempty"`
	// Regenerates is ResourceChange's, written only when set.
	Regenerates string `json:"regenerates,omitempty"`
}

// jsonPurge is a resource of the new catalog that may purge one no longer
// managed, and how; effect is written when it is not "may remove".
type jsonPurge struct {
	Ref    string `json:"ref"`
	Why    string `json:"why"`
	Effect string `json:"effect,omitempty"`
}

// jsonGenerated is a GeneratedFile.
type jsonGenerated struct {
	By        string   `json:"by"`
	File      string   `json:"file"`
	Changes   []string `json:"changes"`
	Fragments []string `json:"fragments"`
	Unknown   bool     `json:"unknown,omitempty"`
}

// jsonInitOnly is an init_only attribute the Resource API checks; the
// message is absent when the old catalog does not set the attribute.
type jsonInitOnly struct {
	Attribute string `json:"attribute"`
	Message   string `json:"message,omitempty"`
}

type jsonDiffSkip struct {
	Ref     string   `json:"ref"`
	Path    []string `json:"path"`
	Skipped int      `json:"skipped,omitempty"`
}

type jsonDiffAttr struct {
	Attribute string `json:"attribute"`
	Path      string `json:"path"`
	Behaviour string `json:"behaviour"`
	Sensitive bool   `json:"sensitive"`
	// OldSet and NewSet are written for a sensitive value only (whose
	// "old" and "new" are not): whether each side has one.
	OldSet  *bool           `json:"old_set,omitempty"`
	NewSet  *bool           `json:"new_set,omitempty"`
	Old     json.RawMessage `json:"old,omitempty"`
	New     json.RawMessage `json:"new,omitempty"`
	OldType string          `json:"old_type,omitempty"`
	NewType string          `json:"new_type,omitempty"`

	// Undetermined: the digests cannot be compared (AttrChange).
	Undetermined bool `json:"undetermined,omitempty"`

	// OldOrigin and NewOrigin: where a class's or instance's parameter
	// got its value on each side (AttrChange), written when known.
	OldOrigin *catalogjson.ParamOrigin `json:"old_origin,omitempty"`
	NewOrigin *catalogjson.ParamOrigin `json:"new_origin,omitempty"`
}

type jsonDiffEdge struct {
	From     string   `json:"from"`
	To       string   `json:"to"`
	OldKinds []string `json:"old_kinds"`
	NewKinds []string `json:"new_kinds"`
	Refresh  bool     `json:"refresh"`
}

type jsonDiffMove struct {
	Ref     string `json:"ref"`
	OldStep int    `json:"old_step"`
	NewStep int    `json:"new_step"`
}

type jsonDiffReload struct {
	Ref     string   `json:"ref"`
	Path    []string `json:"path"`
	Skipped int      `json:"skipped,omitempty"`
}

// WriteJSON writes the diff as indented JSON (format "catc.diff/2"). The
// same diff always gives the same bytes.
func WriteJSON(w io.Writer, d *PlanDiff) error {
	return jsonw.Encode(w, NewJSONDocument(d))
}

// NewJSONDocument is the diff's JSON document.
func NewJSONDocument(d *PlanDiff) JSONDocument {
	c := d.Counts()
	out := JSONDocument{
		Format: JSONFormat, Strict: d.Strict.String(), Summary: d.Summary(),
		Counts: jsonDiffCounts{c.Manage, c.Change, c.Unmanage, c.Remove, c.Fail, c.Skipped, c.Warned, c.Renamed, c.MayPurge,
			c.EdgesAdded, c.EdgesRemoved, c.EdgesChanged, c.Reordered, c.Refreshed, c.NewCycles, c.ResolvedCycles, c.UnresolvedCycles, c.Undetermined},
		AppliesNothing: d.AppliesNothing(), UnresolvedCycles: nonNil(d.UnresolvedCycles),
		Resources: []jsonDiffRes{}, Skips: []jsonDiffSkip{}, Edges: []jsonDiffEdge{}, Moves: []jsonDiffMove{}, Refreshes: []jsonDiffReload{},
		NewCycles: nonNil(d.NewCycles), ResolvedCycles: nonNil(d.ResolvedCycles), OrderUnknown: d.OrderUnknown,
		NewFails: d.NewFails, OldFails: d.OldFails, DataCauses: jsonDataCauses(d.DataCauses()),
	}
	for _, r := range d.Resources {
		out.Resources = append(out.Resources, jsonResourceChange(r))
	}
	for _, s := range d.Skips {
		out.Skips = append(out.Skips, jsonDiffSkip{s.Ref, s.Path, s.Skipped})
	}
	for _, e := range d.Edges {
		out.Edges = append(out.Edges, jsonDiffEdge{From: e.From, To: e.To, OldKinds: e.Old.Names(), NewKinds: e.New.Names(), Refresh: e.New.Refresh()})
	}
	for _, m := range d.Moves {
		out.Moves = append(out.Moves, jsonDiffMove(m))
	}
	for _, r := range d.Refreshes {
		out.Refreshes = append(out.Refreshes, jsonDiffReload{r.Ref, r.Path, r.Skipped})
	}
	for _, g := range d.Generated {
		out.Generated = append(out.Generated, jsonGenerated{g.By, g.File, nonNilStrings(g.Changes), nonNilStrings(g.Fragments), g.Unknown})
	}
	return out
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func jsonResourceChange(r ResourceChange) jsonDiffRes {
	j := jsonDiffRes{Action: r.Action.String(), Outcome: r.Fate().String(), Skipped: r.Skipped, Type: r.Type, Ref: r.Ref, OldRef: r.OldRef,
		ParameterOnly: r.ParameterOnly, InitOnly: make([]jsonInitOnly, len(r.InitOnly)), OldLocation: r.OldLoc, NewLocation: r.NewLoc,
		Attributes: make([]jsonDiffAttr, len(r.Attributes))}
	for i, io := range r.InitOnly {
		j.InitOnly[i] = jsonInitOnly{io.Attr, io.Message}
	}
	for _, p := range r.PurgedBy {
		jp := jsonPurge{Ref: p.Ref, Why: p.Why}
		if p.Effect != PurgeMay {
			jp.Effect = p.Effect.String()
		}
		j.PurgedBy = append(j.PurgedBy, jp)
	}
	j.Regenerates = r.Regenerates
	for i, a := range r.Attributes {
		ja := jsonDiffAttr{Attribute: a.Attr, Path: a.Path, Behaviour: a.Behaviour.String(), Sensitive: a.Sensitive}
		ja.Undetermined = a.Undetermined
		ja.OldOrigin, ja.NewOrigin = newJSONOrigin(a.OldOrigin), newJSONOrigin(a.NewOrigin)
		if a.Sensitive {
			had, has := a.HadOld, a.HasNew
			ja.OldSet, ja.NewSet = &had, &has
		} else {
			if a.HadOld {
				ja.Old, ja.OldType = types.EncodeJSON(a.Old), ValueTypeName(a.Old)
			}
			if a.HasNew {
				ja.New, ja.NewType = types.EncodeJSON(a.New), ValueTypeName(a.New)
			}
		}
		j.Attributes[i] = ja
	}
	return j
}

func nonNil(c [][]string) [][]string {
	if c == nil {
		return [][]string{}
	}
	return c
}
