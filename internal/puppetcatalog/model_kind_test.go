package puppetcatalog

import (
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
)

// TestFormat2KindMakesComponents: in a catalog of format 2, Puppet's agent
// applies only the resources of kind compilable_type; the others are
// containers whose relationships pass through their whits. catc plans the
// catalog in the order Puppet evaluated it, steps only Notify[a], and warns
// of the two resources Puppet silently leaves unmanaged.
func TestFormat2KindMakesComponents(t *testing.T) {
	t.Parallel()
	file := "testdata/kind/format2_kinds.catalog.json"
	want := answerLines(t, "testdata/kind/format2_kinds.evaltrace.txt")
	pc, diags := Read(file)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	defs, _ := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	c, diags := Model(pc, defs)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var warned []string
	for _, d := range diags {
		if d.Summary == summaryNotApplied {
			warned = append(warned, strings.Fields(d.Detail)[0])
		}
	}
	if !slices.Equal(warned, []string{"Notify[b]", "Notify[c]"}) {
		t.Errorf("warned of %q, want Notify[b] and Notify[c]", warned)
	}
	order, cycles := graph.Expand(graph.Build(c)).Order()
	if len(cycles) > 0 {
		t.Fatal(cycles)
	}
	var got, applied []string
	for _, v := range order {
		got = append(got, v.Resource.Ref())
		if v.Whit == graph.NoWhit {
			applied = append(applied, v.Resource.Ref())
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("evaluation order\n %q\nPuppet's\n %q", got, want)
	}
	if !slices.Equal(applied, []string{"Notify[a]"}) {
		t.Errorf("applied %q, Puppet applied only Notify[a]", applied)
	}
}
