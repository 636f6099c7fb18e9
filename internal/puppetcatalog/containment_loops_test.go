package puppetcatalog

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestContainmentLoopsOneLine: a catalog on one line whose many
// containment loops are reported in the reverse order of their edges is
// modelled in linear time: each loop's position is counted from a mark
// at most markEvery bytes before it, not from the file's start again
// (bounded in bytes counted, not in seconds, so a loaded machine cannot
// fail it; counted from the start it would be dozens of times more).
func TestContainmentLoopsOneLine(t *testing.T) {
	const pairs = 4000
	var b strings.Builder
	b.WriteString(`{"catalog_format":2,"resources":[`)
	for i := range pairs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"Notify","title":"a%d","kind":"compilable_type"},{"type":"Notify","title":"b%d","kind":"compilable_type"}`, i, i)
	}
	b.WriteString(`],"edges":[`)
	for i := pairs - 1; i >= 0; i-- {
		if i < pairs-1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"source":"Notify[b%d]","target":"Notify[a%d]"},{"source":"Notify[a%d]","target":"Notify[b%d]"}`, i, i, i, i)
	}
	b.WriteString(`]}`)
	pc, diags := Parse("cat.json", []byte(b.String()))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	defs := coreTypes(t)
	_, diags = Model(pc, defs)
	loops := 0
	for _, d := range diags {
		if d.Summary == summaryContainmentLoop {
			loops++
			if d.Subject.Start.Line != 1 || d.Subject.Start.Column != d.Subject.Start.Byte+1 {
				t.Fatalf("position %+v: want line 1, column byte+1", d.Subject.Start)
			}
		}
	}
	if loops != pairs {
		t.Fatalf("%d loops reported, want %d", loops, pairs)
	}
	// Each loop asks for its range out of order (at most markEvery bytes
	// and a rune counted) and its end in order; the rest of the model
	// asks in order, once over the file.
	if limit := 2*len(pc.pos.data) + 2*pairs*(markEvery+utf8.UTFMax); pc.pos.counted > limit {
		t.Errorf("Model counted %d bytes for the positions of %d loops on one line of %d bytes, more than %d: positions are counted again for each", pc.pos.counted, pairs, len(pc.pos.data), limit)
	}
}
