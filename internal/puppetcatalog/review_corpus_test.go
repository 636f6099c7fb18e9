package puppetcatalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestReviewCorpus plans every catalog of fixtures/oracle/review
// (compiled by Puppet 7.23 from puppetlabs-docker and voxpupuli-redis)
// and compares with what puppet apply --catalog did: the evaluation
// order, whits included, the cycle message (redis_cycle), or that the
// agent refused the catalog (a dangling reference, an exec that is not
// qualified). Where a service's provider was not functional on the host
// that ran Puppet (docker: systemd), the agent deferred it, a host
// property: those resources are left out of both orders.
func TestReviewCorpus(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(testutil.Fixture("oracle", "review", "*.catalog.json"))
	if len(files) < 5 {
		t.Fatalf("%d catalogs in fixtures/oracle/review", len(files))
	}
	for _, f := range files {
		var want corpusAnswer
		data, err := os.ReadFile(strings.TrimSuffix(f, ".catalog.json") + ".json")
		if err != nil || json.Unmarshal(data, &want) != nil {
			t.Fatalf("%s: no answer: %v", f, err)
		}
		name := filepath.Base(f)
		if !want.OK && want.Cycles == nil && len(want.Order) == 0 {
			if !refused(t, f) {
				t.Errorf("%s: Puppet refused it (%s); catc accepts it", name, want.Error)
			}
			continue
		}
		_, order, cycles := planPuppet(t, f)
		if want.Cycles != nil {
			if msg := graph.CycleMessage(cycles); msg == "" || !strings.HasPrefix(*want.Cycles, msg+`\n`) {
				t.Errorf("%s: cycles %q, Puppet %q", name, msg, *want.Cycles)
			}
			continue
		}
		drop := func(ref string) bool { return slices.Contains(want.Failed, ref) }
		got := slices.DeleteFunc(puppetOrder(order), drop)
		if exp := slices.DeleteFunc(knownOrder(want), drop); !slices.Equal(got, exp) {
			t.Errorf("%s: order\n%q\nPuppet\n%q", name, got, exp)
		}
	}
}
