package puppetcatalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// corpusAnswer is the part of fixtures/oracle/catalogs/NAME.json these
// tests compare (the README there documents it).
type corpusAnswer struct {
	OK        bool       `json:"ok"`
	Order     []string   `json:"order"`
	Generated []string   `json:"generated"`
	Cycles    *string    `json:"cycles"`
	AutoEdges [][]string `json:"auto_edges"`
	Failed    []string   `json:"failed"`
	Error     string     `json:"error"`
}

// refused reports whether catc refuses the catalog in file, as a load
// error.
func refused(t *testing.T, file string) bool {
	pc, diags := Read(file)
	if diags.HasErrors() {
		return true
	}
	defs, _ := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	_, diags = Model(pc, defs)
	return diags.HasErrors()
}

// puppetOrder is what catc says Puppet evaluates, named as the answers
// name it: resources by ref, whits by their own ref.
func puppetOrder(order []graph.Vertex) []string {
	out := make([]string, len(order))
	for i, v := range order {
		out[i] = v.Ref()
	}
	return out
}

// knownOrder is the answer's order without what catc cannot know
// offline: the resources generated at apply time and the whit Puppet
// adds after each generating resource (Whit[completed_TITLE]).
func knownOrder(a corpusAnswer) []string {
	var out []string
	for _, ref := range a.Order {
		if slices.Contains(a.Generated, ref) || strings.HasPrefix(ref, "Whit[completed_") {
			continue
		}
		out = append(out, ref)
	}
	return out
}

// TestCorpus plans every catalog of fixtures/oracle/catalogs (compiled by
// Puppet 7.23 from public modules and hand-written manifests) with the
// built-in types, and compares with what puppet apply --catalog did: the
// full evaluation order with whits, and the cycle messages. A catalog
// whose answer depends on what catc cannot know is compared only as far
// as it can: the auto relationships of types catc has no definition of
// (a module's Ruby type) and resources whose provider failed on the host
// are listed, not compared.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob(testutil.Fixture("oracle", "catalogs", "*.catalog.json"))
	if len(files) == 0 {
		t.Fatal("no corpus catalogs in fixtures/oracle/catalogs")
	}
	equal, total := 0, 0
	for _, f := range files {
		var want corpusAnswer
		data, err := os.ReadFile(strings.TrimSuffix(f, ".catalog.json") + ".json")
		if err != nil || json.Unmarshal(data, &want) != nil {
			continue // a catalog without an answer (diff pairs live apart)
		}
		total++
		name := filepath.Base(f)
		if !want.OK && want.Cycles == nil && len(want.Order) == 0 {
			// The agent refused the catalog before ordering it.
			if refused(t, f) {
				equal++
			} else {
				t.Errorf("%s: Puppet refused it (%s); catc accepts it", name, want.Error)
			}
			continue
		}
		_, order, cycles := planPuppet(t, f)
		if want.Cycles != nil {
			if msg := graph.CycleMessage(cycles); strings.HasPrefix(*want.Cycles, msg+`\n`) && msg != "" {
				equal++
			} else {
				t.Errorf("%s: cycles %q, Puppet %q", name, msg, *want.Cycles)
			}
			continue
		}
		got := puppetOrder(order)
		switch {
		case slices.Equal(got, knownOrder(want)):
			equal++
		default:
			t.Errorf("%s: order\n%q\nPuppet\n%q", name, got, knownOrder(want))
		}
	}
	t.Logf("%d of %d corpus catalogs planned exactly as Puppet", equal, total)
}
