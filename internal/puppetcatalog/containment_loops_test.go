package puppetcatalog

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestContainmentLoopsOneLine: a catalog on one line whose many
// containment loops are reported in the reverse order of their edges is
// modelled in time: each loop's position is not counted from the file's
// start again.
func TestContainmentLoopsOneLine(t *testing.T) {
	const pairs = 16000
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
	start := time.Now()
	_, diags = Model(pc, defs)
	took := time.Since(start)
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
	if took > 2*time.Second {
		t.Errorf("Model took %v for %d loops on one line: positions are counted again for each", took, pairs)
	}
}
