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

// autoPairs are the [from, to] refs of the auto edges in g, sorted.
func autoPairs(g *graph.Graph) [][]string {
	var out [][]string
	for _, e := range g.Edges() {
		for _, o := range e.Origins {
			if o.Kind.Auto() {
				out = append(out, []string{e.F.Resource.Ref(), e.T.Resource.Ref()})
			}
		}
	}
	return sortedPairs(out)
}

func sortedPairs(ps [][]string) [][]string {
	slices.SortFunc(ps, func(a, b []string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	return slices.CompactFunc(ps, slices.Equal)
}

// knownAutoEdges are the [from, to] pairs of Puppet's auto edges that
// join two resources of the catalog (not one generated at apply time).
func knownAutoEdges(a corpusAnswer) [][]string {
	var out [][]string
	for _, e := range a.AutoEdges {
		if !slices.Contains(a.Generated, e[0]) && !slices.Contains(a.Generated, e[1]) {
			out = append(out, e[:2])
		}
	}
	return sortedPairs(out)
}

// TestCorpusAutoEdges: for every corpus catalog (diff pairs included), catc's
// auto edges (the core types' and the shipped module types': file_line,
// ini_setting, postgresql_psql, mysql_grant, mysql_datadir, …) are
// exactly the auto edges Puppet's agent logged.
func TestCorpusAutoEdges(t *testing.T) {
	files, _ := filepath.Glob(testutil.Fixture("oracle", "catalogs", "*.catalog.json"))
	pairs, _ := filepath.Glob(testutil.Fixture("oracle", "catalogs", "diff", "*.catalog.json"))
	modules := 0
	for _, f := range append(files, pairs...) {
		var want corpusAnswer
		data, err := os.ReadFile(strings.TrimSuffix(f, ".catalog.json") + ".json")
		if err != nil || json.Unmarshal(data, &want) != nil || refused(t, f) {
			continue
		}
		g, _, _ := planPuppet(t, f)
		got, exp := autoPairs(g), knownAutoEdges(want)
		if !slices.EqualFunc(got, exp, slices.Equal) {
			t.Errorf("%s: auto edges\n%q\nPuppet\n%q", filepath.Base(f), got, exp)
		}
		for _, e := range exp {
			if !strings.HasPrefix(e[1], "File[") && !strings.HasPrefix(e[1], "User[") {
				modules++
			}
		}
	}
	if modules == 0 {
		t.Error("no auto edge of a module type in the corpus: the test compares nothing of them")
	}
	t.Logf("%d auto edges to module types compared", modules)
}
