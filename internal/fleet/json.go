package fleet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/catc-dev/catc/internal/jsoncheck"

	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/plandiff"
)

// JSONFormat is the "format" value of the fleet diff JSON
// (docs/diff-json.md), whose groups hold catc.diff/2 documents
// (plandiff.JSONFormat).
const JSONFormat = "catc.fleet-diff/1"

// The fleet diff JSON, documented in docs/diff-json.md; keep the two in
// sync. Every list is present and sorted as Diff sorts it.
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
	Index  int    `json:"index"`
	Of     int    `json:"of"`
	Fleet  string `json:"fleet"`
	KeyID  string `json:"key_id,omitempty"`
	Digest string `json:"digest"`
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
	Key          string                `json:"key"`
	Nodes        []string              `json:"nodes"`
	Placeholders []string              `json:"placeholders"`
	Diff         plandiff.JSONDocument `json:"diff"`
}

type jsonFleetFailure struct {
	Side   string   `json:"side"`
	Errors string   `json:"errors"`
	Nodes  []string `json:"nodes"`
}

// WriteJSON writes the fleet diff as indented JSON (format
// "catc.fleet-diff/1"), each distinct diff in the catc.diff/2 form. The
// same fleet diff always gives the same bytes, and ReadJSON reads it
// back for Merge.
func WriteJSON(w io.Writer, d *Diff) error {
	out := jsonFleet{Format: JSONFormat, Strict: d.Strict.String(), Summary: d.Summary(),
		Counts:    countsOf(d),
		Unchanged: nonNilStrings(d.Unchanged), Groups: []jsonFleetGroup{}, Failures: []jsonFleetFailure{}}
	for _, g := range d.Groups {
		out.Groups = append(out.Groups, jsonFleetGroup{Key: g.Key, Nodes: g.Nodes, Placeholders: nonNilStrings(g.Placeholders), Diff: plandiff.NewJSONDocument(g.Diff)})
	}
	for _, f := range d.Failures {
		out.Failures = append(out.Failures, jsonFleetFailure{Side: f.Side.String(), Errors: f.Errors, Nodes: f.Nodes})
	}
	if s := d.Shard; s != nil {
		out.Shard = &jsonFleetShard{Index: s.Index, Of: s.Of, Fleet: s.Fleet, KeyID: s.KeyID, Digest: s.Digest}
	}
	return jsonw.Encode(w, out)
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ReadJSON reads a fleet diff written by WriteJSON (a shard's, for
// `catc diff --merge`). The document must be the whole input (no data
// after it, no key twice), and its counts must be those of its lists:
// what is printed is recounted from the lists, so a count that disagrees
// means the file is not what catc wrote.
func ReadJSON(data []byte, name string) (*Diff, error) {
	var j jsonFleet
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("%s is not a fleet diff JSON (catc diff --nodes --format json): %w", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s has data after the fleet diff JSON document (at byte %d): a file holds one document", name, dec.InputOffset())
	}
	if err := jsoncheck.DuplicateKeys(data); err != nil {
		return nil, fmt.Errorf("%s is not a fleet diff JSON: %w", name, err)
	}
	if j.Format != JSONFormat {
		return nil, fmt.Errorf("%s has format %q, not %q: merge the JSON of catc diff --nodes --shard I/N --format json", name, j.Format, JSONFormat)
	}
	d := &Diff{Unchanged: j.Unchanged}
	var ok bool
	if d.Strict, ok = plandiff.ParseStrict(j.Strict); !ok {
		return nil, fmt.Errorf("%s: unknown strict setting %q", name, j.Strict)
	}
	for _, g := range j.Groups {
		pd, err := g.Diff.Diff()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(g.Nodes) == 0 {
			return nil, fmt.Errorf("%s: a group without nodes", name)
		}
		d.Groups = append(d.Groups, Group{Key: g.Key, Diff: pd, Placeholders: g.Placeholders, Nodes: g.Nodes})
	}
	for _, f := range j.Failures {
		side, ok := ParseSide(f.Side)
		if !ok || len(f.Nodes) == 0 {
			return nil, fmt.Errorf("%s: a failure with side %q and %d nodes", name, f.Side, len(f.Nodes))
		}
		d.Failures = append(d.Failures, Failure{Side: side, Errors: f.Errors, Nodes: f.Nodes})
	}
	d.Nodes = len(d.Unchanged) + d.Changed() + d.Failing(NewSide) + d.Failing(OldSide) + d.Failing(BothSides)
	if s := j.Shard; s != nil {
		d.Shard = &ShardOf{Index: s.Index, Of: s.Of, Fleet: s.Fleet, KeyID: s.KeyID, Digest: s.Digest}
	}
	if err := checkCounts(j.Counts, d); err != nil {
		return nil, fmt.Errorf("%s: %w: the file was edited or is not what catc wrote", name, err)
	}
	return d, nil
}

func countsOf(d *Diff) jsonFleetCounts {
	return jsonFleetCounts{Nodes: d.Nodes, Changed: d.Changed(), Distinct: len(d.Groups), Unchanged: len(d.Unchanged),
		NoLongerCompile: d.Failing(NewSide), CompileOnlyNew: d.Failing(OldSide), FailBoth: d.Failing(BothSides)}
}

// checkCounts compares the counts a fleet diff JSON states with those of
// its lists.
func checkCounts(stated jsonFleetCounts, d *Diff) error {
	if want := countsOf(d); stated != want {
		return fmt.Errorf("its counts %+v are not those of its lists %+v", stated, want)
	}
	return nil
}
