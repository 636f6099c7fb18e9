package render

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/testutil"
)

// classFleet is a fleet to compare: the sites' paths and the facts'.
type classFleet struct {
	name           string
	old, new, fact string
	// shared: some nodes must share a catalog (the test would prove
	// nothing if every node were its own class).
	shared bool
}

// writeGenFleet writes f under a temporary directory.
func writeGenFleet(t *testing.T, name string, f gen.Fleet, shared bool) classFleet {
	t.Helper()
	old, new, facts, err := gen.WriteFleet(t.TempDir(), f)
	if err != nil {
		t.Fatal(err)
	}
	return classFleet{name, old, new, facts, shared}
}

// TestClassesExact: a fleet compiled once per distinct input prints what
// it prints compiled node by node, byte for byte, in every output of
// diff --nodes, validate --nodes and plan --nodes (the diagnostics shown
// with their values included), on the fixture fleet, generated fleets,
// and varied fleets whose facts vary in every way a site reads them.
func TestClassesExact(t *testing.T) {
	t.Parallel()
	fleets := []classFleet{
		{"fixture", testutil.Fixture("fleet/site"), testutil.Fixture("fleet/site-new"), testutil.Fixture("fleet/facts"), true},
		writeGenFleet(t, "generated", gen.GenerateFleet(gen.FleetOptions{Nodes: 60, Resources: 60}), true),
		writeGenFleet(t, "generated-mixed", gen.GenerateFleet(gen.FleetOptions{Nodes: 80, Resources: 60, Dependent: 33, Distinct: 40}), true),
		writeGenFleet(t, "distinct", gen.VariedFleet(gen.VariedOptions{Nodes: 30, Seed: 7, Distinct: true}), false),
	}
	for seed := uint64(1); seed <= 4; seed++ {
		fleets = append(fleets, writeGenFleet(t, fmt.Sprintf("varied-%d", seed), gen.VariedFleet(gen.VariedOptions{Nodes: 60, Seed: seed}), true))
	}
	for _, fl := range fleets {
		t.Run(fl.name, func(t *testing.T) {
			t.Parallel()
			compareClasses(t, fl)
		})
	}
}

func compareClasses(t *testing.T, fl classFleet) {
	old, diags := compiler.LoadSite([]string{fl.old}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	new, diags := compiler.LoadSite([]string{fl.new}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	nodes, diags := nodefacts.Read(fl.fact)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var compiled atomic.Int64 // catalogs compiled, two a pair
	classed := fleet.Options{Workers: 3, Progress: func(p fleet.Progress) { compiled.Store(max(compiled.Load(), int64(p.Compiled))) }}
	every := fleet.Options{Workers: 3, EveryNode: true}
	sides := fleet.Sides{Old: old, New: new}
	want := fleetOutputs(t, fleet.DiffFleet(sides, nodes, plandiff.DiffOptions{}, every), new)
	got := fleetOutputs(t, fleet.DiffFleet(sides, nodes, plandiff.DiffOptions{}, classed), new)
	if pairs := int(compiled.Load()) / 2; fl.shared && (pairs == 0 || pairs >= len(nodes)) {
		t.Errorf("%d pairs of catalogs compiled for %d nodes: the classes share nothing", pairs, len(nodes))
	}
	for _, site := range []*compiler.Site{old, new} {
		for _, plans := range []bool{false, true} {
			run := fleet.Validate
			if plans {
				run = fleet.Plans
			}
			want += outcomesOutputs(t, run(site, nodes, every), site)
			got += outcomesOutputs(t, run(site, nodes, classed), site)
		}
	}
	if got != want {
		t.Errorf("compiled once per distinct input:\n%s\ncompiled node by node:\n%s", got, want)
	}
}

// fleetOutputs is everything diff --nodes prints of d: what --merge
// prints, and the diagnostics of the nodes that fail.
func fleetOutputs(t *testing.T, d *fleet.Diff, site *compiler.Site) string {
	var b bytes.Buffer
	b.WriteString(mergedOutputs(t, d))
	for _, f := range d.Failures {
		writeDiags(t, &b, fleet.OnNodes(f.Diags, f.Nodes), site)
	}
	return b.String()
}

// outcomesOutputs is everything validate and plan --nodes print.
func outcomesOutputs(t *testing.T, outcomes []fleet.Outcome, site *compiler.Site) string {
	var b bytes.Buffer
	for _, write := range []func() error{
		func() error { return OutcomesText(&b, outcomes) },
		func() error { return FleetPlansText(&b, outcomes) },
		func() error { return fleet.WritePlansJSON(&b, outcomes) },
	} {
		if err := write(); err != nil {
			t.Fatal(err)
		}
	}
	for _, o := range outcomes {
		writeDiags(t, &b, fleet.OnNodes(o.Diags, o.Nodes), site)
	}
	return b.String()
}

func writeDiags(t *testing.T, b *bytes.Buffer, diags hcl.Diagnostics, site *compiler.Site) {
	for _, f := range []DiagnosticFormat{DiagText, DiagJSON} {
		if err := WriteDiagnostics(b, diags, DiagnosticOptions{Format: f, Files: site.Files()}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestShardsMergeExact: a generated fleet diffed in 1, 2, 7 and 64
// shards (some of them empty), each written as the fleet JSON and read
// back as --merge reads it, merges into the single run's outputs, byte
// for byte: the comment, the text and the JSON. The nodes are streamed
// from their facts files as catc diff --nodes --shard reads them.
func TestShardsMergeExact(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	fl := writeGenFleet(t, "generated", gen.GenerateFleet(gen.FleetOptions{Nodes: 90, Resources: 60, Dependent: 33, Distinct: 40}), true)
	old, _ := compiler.LoadSite([]string{fl.old}, compiler.LoadOptions{})
	new, _ := compiler.LoadSite([]string{fl.new}, compiler.LoadOptions{})
	sides := fleet.Sides{Old: old, New: new}
	stream := func(i, n int) *fleet.Stream {
		facts, diags := nodefacts.Open(fl.fact)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return fleet.NewStream(facts, i, n)
	}
	single := fleet.DiffStream(sides, stream(0, 0), plandiff.DiffOptions{}, fleet.Options{})
	nodes, _ := nodefacts.Read(fl.fact)
	if listed := fleetOutputs(t, fleet.DiffFleet(sides, nodes, plandiff.DiffOptions{}, fleet.Options{}), new); listed != fleetOutputs(t, single, new) {
		t.Fatal("the nodes streamed give another diff than the nodes listed")
	}
	want := mergedOutputs(t, single)
	for _, n := range []int{1, 2, 7, 64} {
		var parts []*fleet.Diff
		empty := 0
		for i := 1; i <= n; i++ {
			part := fleet.DiffStream(sides, stream(i, n), plandiff.DiffOptions{}, fleet.Options{})
			if part.Nodes == 0 {
				empty++
			}
			var b bytes.Buffer
			if err := fleet.WriteJSON(&b, part); err != nil {
				t.Fatal(err)
			}
			read, err := fleet.ReadJSON(b.Bytes(), fmt.Sprintf("shard-%d.json", i))
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, read)
		}
		merged, err := fleet.Merge(parts, nil)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		if got := mergedOutputs(t, merged); got != want {
			t.Errorf("%d shards merged:\n%s\nwant the single run's:\n%s", n, got, want)
		}
		if n == 64 && empty == 0 {
			t.Error("64 shards of 90 nodes: no empty shard, the case is not tested")
		}
	}
}

// mergedOutputs is what diff --merge prints of d: the comment, the text
// and the JSON (the failures' diagnostics are not in a shard's JSON).
func mergedOutputs(t *testing.T, d *fleet.Diff) string {
	var b bytes.Buffer
	for _, write := range []func() error{
		func() error { return FleetMarkdown(&b, d, DiffOptions{}) },
		func() error { return FleetText(&b, d, DiffOptions{}) },
		func() error { return fleet.WriteJSON(&b, d) },
	} {
		if err := write(); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}
