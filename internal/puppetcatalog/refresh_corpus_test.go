package puppetcatalog

import (
	"math/rand"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestCorpusRefreshesUnchanged: on every corpus catalog, what a diff
// says is refreshed, and through what, is what the plan's full lists of
// refreshers say (the first refresher that changes, by declaration
// index, and its first hop), for each resource changing alone and for
// random sets of changes; and the plan's capped lists are the full lists
// wherever those fit.
func TestCorpusRefreshesUnchanged(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testutil.Fixture("oracle", "catalogs"), "*.catalog.json"))
	if len(files) < 20 {
		t.Fatalf("%d corpus catalogs", len(files))
	}
	r := rand.New(rand.NewSource(27))
	for _, file := range files {
		if refused(t, file) {
			continue
		}
		t.Run(strings.TrimSuffix(filepath.Base(file), ".catalog.json"), func(t *testing.T) {
			g, _, _ := planPuppet(t, file)
			p, _ := graph.Order(g, graph.Ordering{})
			rs := g.Catalog.Resources
			all := make([][]graph.Refresher, len(rs))
			for i, res := range rs {
				all[i] = p.AllRefreshers(res)
				shown := p.RefreshedBy(res)
				if len(shown)+p.MoreRefreshers(res) != len(all[i]) || len(all[i]) <= graph.RefreshersShown && !slices.Equal(shown, all[i]) {
					t.Fatalf("%s: the plan shows %d and %d more, the full list has %d", res.Ref(), len(shown), p.MoreRefreshers(res), len(all[i]))
				}
			}
			var sets [][]bool
			for i := range rs {
				one := make([]bool, len(rs))
				one[i] = true
				sets = append(sets, one)
			}
			for range 20 {
				some := make([]bool, len(rs))
				for i := range some {
					some[i] = r.Intn(5) == 0
				}
				sets = append(sets, some)
			}
			for _, emits := range sets {
				got := p.Net().FirstReaching(emits)
				for i := range rs {
					want := graph.Reached{From: -1, Via: -1}
					if !emits[i] {
						for _, rf := range all[i] {
							if emits[rf.Resource.Index] {
								want.From = int32(rf.Resource.Index)
								if rf.Via != nil {
									want.Via = int32(rf.Via.Index)
								}
								break
							}
						}
					}
					if got[i] != want {
						t.Fatalf("%s: first reached by %+v, the full list says %+v", rs[i].Ref(), got[i], want)
					}
				}
			}
		})
	}
}
