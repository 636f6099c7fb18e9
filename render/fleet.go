package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/fleet"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/plural"
)

// FleetJSONFormat is the "format" value of the fleet diff JSON.
const FleetJSONFormat = "catc.fleet-diff/1"

// sideWords say what a failure on each side means for the change, after
// "N nodes" (plural) — the summary, the listings and the JSON's words.
var sideWords = [...]struct{ one, many string }{
	fleet.NewSide:   {"no longer compiles", "no longer compile"},
	fleet.OldSide:   {"compiles only with the change", "compile only with the change"},
	fleet.BothSides: {"fails to compile on both sides", "fail to compile on both sides"},
}

// FleetSummary is the one-line summary of a fleet diff: "This change
// affects 312 of 1,000 nodes in 3 distinct ways; 686 unchanged; 2 no
// longer compile." Failures are counted apart from the affected nodes.
func FleetSummary(d *fleet.Diff) string {
	var parts []string
	changed := d.Changed()
	switch {
	case changed == 0:
		parts = append(parts, "This change affects none of "+plural.Noun(d.Nodes, "node", "nodes"))
	default:
		ways := "in 1 way"
		if len(d.Groups) > 1 {
			ways = fmt.Sprintf("in %s distinct ways", plural.GroupDigits(len(d.Groups)))
		}
		parts = append(parts, fmt.Sprintf("This change affects %s of %s %s", plural.GroupDigits(changed), plural.Noun(d.Nodes, "node", "nodes"), ways))
	}
	if changed > 0 || len(d.Failures) > 0 {
		parts = append(parts, plural.GroupDigits(len(d.Unchanged))+" unchanged")
	}
	for s := fleet.NewSide; s <= fleet.BothSides; s++ {
		if n := d.Failing(s); n > 0 {
			parts = append(parts, plural.Noun(n, sideWords[s].one, sideWords[s].many))
		}
	}
	if n := d.AppliesNothing(); n > 0 {
		parts = append(parts, plural.Noun(n, "node would apply nothing (a dependency cycle)", "nodes would apply nothing (a dependency cycle)"))
	}
	return strings.Join(parts, "; ") + "."
}

// groupTitle heads a distinct diff: "2 nodes: a, b" with its
// placeholders explained.
func groupTitle(g fleet.Group, names string) string {
	s := fmt.Sprintf("%s: %s", plural.Noun(len(g.Nodes), "node", "nodes"), names)
	if len(g.Placeholders) > 0 {
		s += fmt.Sprintf(" (%s: each node's own)", strings.Join(g.Placeholders, ", "))
	}
	return s
}

func failureTitle(f fleet.Failure) string {
	return fmt.Sprintf("%s %s: %s", plural.Noun(len(f.Nodes), "node", "nodes"), plural.Pick(len(f.Nodes), sideWords[f.Side].one, sideWords[f.Side].many), f.Errors)
}

// FleetText writes the fleet diff for a terminal: the summary, the
// failing nodes by errors, then each distinct diff once, headed by its
// nodes (every one), as DiffText prints it.
func FleetText(w io.Writer, d *fleet.Diff, o DiffOptions) error {
	bw := bufio.NewWriter(w)
	t := textWriter{w: bw, color: o.Color}
	t.bold(FleetSummary(d))
	for _, f := range d.Failures {
		t.section(failureTitle(f))
		t.plain("  " + strings.Join(f.Nodes, ", "))
	}
	if len(d.Unchanged) > 0 {
		t.section(fmt.Sprintf("%s unchanged:", plural.Noun(len(d.Unchanged), "node", "nodes")))
		t.plain("  " + strings.Join(d.Unchanged, ", "))
	}
	for _, g := range d.Groups {
		fmt.Fprintln(bw)
		t.bold("== " + groupTitle(g, strings.Join(g.Nodes, ", ")))
		if err := bw.Flush(); err != nil {
			return err
		}
		if err := DiffText(bw, g.Diff, o); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// The fleet diff JSON, documented in docs/diff-json.md; keep the two in
// sync. Every list is present and sorted as fleet.Diff sorts it.
type jsonFleet struct {
	Format    string             `json:"format"`
	Strict    string             `json:"strict"`
	Summary   string             `json:"summary"`
	Counts    jsonFleetCounts    `json:"counts"`
	Unchanged []string           `json:"unchanged"`
	Groups    []jsonFleetGroup   `json:"groups"`
	Failures  []jsonFleetFailure `json:"failures"`
	Shard     *jsonFleetShard    `json:"shard,omitempty"`
}

// jsonFleetShard is what --shard I/N records, for --merge to check.
type jsonFleetShard struct {
	Index int    `json:"index"`
	Of    int    `json:"of"`
	Fleet string `json:"fleet"`
}

type jsonFleetCounts struct {
	Nodes           int `json:"nodes"`
	Changed         int `json:"changed"`
	Distinct        int `json:"distinct"`
	Unchanged       int `json:"unchanged"`
	NoLongerCompile int `json:"no_longer_compile"`
	CompileOnlyNew  int `json:"compile_only_with_change"`
	FailBoth        int `json:"fail_both"`
}

type jsonFleetGroup struct {
	Key          string   `json:"key"`
	Nodes        []string `json:"nodes"`
	Placeholders []string `json:"placeholders"`
	Diff         jsonDiff `json:"diff"`
}

type jsonFleetFailure struct {
	Side   string   `json:"side"`
	Errors string   `json:"errors"`
	Nodes  []string `json:"nodes"`
}

// FleetJSON writes the fleet diff as indented JSON (format
// "catc.fleet-diff/1"), each distinct diff in the catc.diff/2 form. The
// same fleet diff always gives the same bytes, and ReadFleetJSON reads it
// back for Merge.
func FleetJSON(w io.Writer, d *fleet.Diff) error {
	out := jsonFleet{Format: FleetJSONFormat, Strict: d.Strict.String(), Summary: FleetSummary(d),
		Counts:    countsOf(d),
		Unchanged: nonNilStrings(d.Unchanged), Groups: []jsonFleetGroup{}, Failures: []jsonFleetFailure{}}
	for _, g := range d.Groups {
		out.Groups = append(out.Groups, jsonFleetGroup{Key: g.Key, Nodes: g.Nodes, Placeholders: nonNilStrings(g.Placeholders), Diff: diffDoc(g.Diff)})
	}
	for _, f := range d.Failures {
		out.Failures = append(out.Failures, jsonFleetFailure{Side: f.Side.String(), Errors: f.Errors, Nodes: f.Nodes})
	}
	if s := d.Shard; s != nil {
		out.Shard = &jsonFleetShard{Index: s.Index, Of: s.Of, Fleet: s.Fleet}
	}
	return encodeJSON(w, out)
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ReadFleetJSON reads a fleet diff written by FleetJSON (a shard's, for
// `catc diff --merge`). The document must be the whole input (no data
// after it, no key twice), and its counts must be those of its lists:
// what is printed is recounted from the lists, so a count that disagrees
// means the file is not what catc wrote.
func ReadFleetJSON(data []byte, name string) (*fleet.Diff, error) {
	var j jsonFleet
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("%s is not a fleet diff JSON (catc diff --nodes --format json): %v", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s has data after the fleet diff JSON document (at byte %d): a file holds one document", name, dec.InputOffset())
	}
	if err := catalog.DuplicateKeys(data); err != nil {
		return nil, fmt.Errorf("%s is not a fleet diff JSON: %v", name, err)
	}
	if j.Format != FleetJSONFormat {
		return nil, fmt.Errorf("%s has format %q, not %q: merge the JSON of catc diff --nodes --shard I/N --format json", name, j.Format, FleetJSONFormat)
	}
	d := &fleet.Diff{Unchanged: j.Unchanged}
	var ok bool
	if d.Strict, ok = plandiff.ParseStrict(j.Strict); !ok {
		return nil, fmt.Errorf("%s: unknown strict setting %q", name, j.Strict)
	}
	for _, g := range j.Groups {
		pd, err := readDiff(&g.Diff)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if len(g.Nodes) == 0 {
			return nil, fmt.Errorf("%s: a group without nodes", name)
		}
		d.Groups = append(d.Groups, fleet.Group{Key: g.Key, Diff: pd, Placeholders: g.Placeholders, Nodes: g.Nodes})
	}
	for _, f := range j.Failures {
		side, ok := fleet.ParseSide(f.Side)
		if !ok || len(f.Nodes) == 0 {
			return nil, fmt.Errorf("%s: a failure with side %q and %d nodes", name, f.Side, len(f.Nodes))
		}
		d.Failures = append(d.Failures, fleet.Failure{Side: side, Errors: f.Errors, Nodes: f.Nodes})
	}
	d.Nodes = len(d.Unchanged) + d.Changed() + d.Failing(fleet.NewSide) + d.Failing(fleet.OldSide) + d.Failing(fleet.BothSides)
	if s := j.Shard; s != nil {
		d.Shard = &fleet.ShardOf{Index: s.Index, Of: s.Of, Fleet: s.Fleet}
	}
	if err := checkCounts(j.Counts, d); err != nil {
		return nil, fmt.Errorf("%s: %v: the file was edited or is not what catc wrote", name, err)
	}
	return d, nil
}

func countsOf(d *fleet.Diff) jsonFleetCounts {
	return jsonFleetCounts{Nodes: d.Nodes, Changed: d.Changed(), Distinct: len(d.Groups), Unchanged: len(d.Unchanged),
		NoLongerCompile: d.Failing(fleet.NewSide), CompileOnlyNew: d.Failing(fleet.OldSide), FailBoth: d.Failing(fleet.BothSides)}
}

// checkCounts compares the counts a fleet diff JSON states with those of
// its lists.
func checkCounts(stated jsonFleetCounts, d *fleet.Diff) error {
	if want := countsOf(d); stated != want {
		return fmt.Errorf("its counts %+v are not those of its lists %+v", stated, want)
	}
	return nil
}
