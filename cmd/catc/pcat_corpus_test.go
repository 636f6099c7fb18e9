package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// corpusCatalog is the part of a Puppet catalog the corpus check reads.
type corpusCatalog struct {
	Name        string `json:"name"`
	Version     any    `json:"version"`
	CatalogUUID string `json:"catalog_uuid"`
	Resources   []struct {
		Type  string `json:"type"`
		Title any    `json:"title"`
		File  string `json:"file"`
	} `json:"resources"`
}

// corpusAnswer is the part of Puppet's answer (NAME.json) the check reads.
type corpusAnswer struct {
	OK            bool       `json:"ok"`
	Errors        []string   `json:"errors"`
	Order         []string   `json:"order"`
	Generated     []string   `json:"generated"`
	Edges         [][]string `json:"edges"`
	ExpandedEdges [][]string `json:"expanded_edges"`
	Cycles        *string    `json:"cycles"`
}

// TestPuppetCorpusConsistent checks the committed corpus of Puppet catalogs
// (fixtures/oracle/catalogs, made by its regen.sh) the way a reader of it
// would: every site manifest has its catalog and Puppet's answer, catalogs
// are normalised and hold no path of the machine that made them, and every
// entry of an answer's order and edges names a catalog resource, a whit or
// a resource Puppet generated during the run, admissible whits before
// completed ones.
func TestPuppetCorpusConsistent(t *testing.T) {
	dir := testutil.Fixture("oracle", "catalogs")
	sites, err := filepath.Glob(filepath.Join(dir, "*.pp"))
	if err != nil || len(sites) < 20 {
		t.Fatalf("want at least 20 site manifests in %s, got %d (%v)", dir, len(sites), err)
	}
	catalogs, _ := filepath.Glob(filepath.Join(dir, "*.catalog.json"))
	names := map[string]bool{}
	for _, site := range sites {
		names[strings.TrimSuffix(filepath.Base(site), ".pp")] = true
	}
	for _, c := range catalogs { // derived catalogs (hand_deferred_rich) have no site
		names[strings.TrimSuffix(filepath.Base(c), ".catalog.json")] = true
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		checkCorpusPair(t, filepath.Join(dir, name+".catalog.json"), filepath.Join(dir, name+".json"))
	}
	for _, pair := range corpusPairs(t, filepath.Join(dir, "diff", "pairs.txt")) {
		for _, side := range []string{"old", "new"} {
			base := filepath.Join(dir, "diff", pair+"."+side)
			checkCorpusPair(t, base+".catalog.json", base+".json")
		}
		for _, ext := range []string{"text", "json", "exit"} {
			if _, err := os.Stat(filepath.Join(dir, "diff", pair+".octocatalog-diff."+ext)); err != nil {
				t.Errorf("diff pair %s: %v", pair, err)
			}
		}
	}
}

func corpusPairs(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			pairs = append(pairs, f[0])
		}
	}
	if len(pairs) < 3 {
		t.Errorf("%s: want at least 3 diff pairs, got %d", path, len(pairs))
	}
	return pairs
}

func readCorpusJSON(t *testing.T, path string, v any) bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Error(err)
		return false
	}
	for _, leak := range []string{"/tmp/pcat", "/work/", "oracle-run."} {
		if strings.Contains(string(data), leak) {
			t.Errorf("%s holds a path of the machine that made it (%q)", path, leak)
		}
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Errorf("%s: %v", path, err)
		return false
	}
	return true
}

func checkCorpusPair(t *testing.T, catPath, ansPath string) {
	t.Helper()
	var cat corpusCatalog
	var ans corpusAnswer
	if !readCorpusJSON(t, catPath, &cat) || !readCorpusJSON(t, ansPath, &ans) {
		return
	}
	if cat.Version != float64(0) || cat.CatalogUUID != "00000000-0000-0000-0000-000000000000" {
		t.Errorf("%s: not normalised: version %v, catalog_uuid %q", catPath, cat.Version, cat.CatalogUUID)
	}
	known := map[string]bool{}
	for _, r := range cat.Resources {
		known[r.Type+"["+toTitle(r.Title)+"]"] = true
		if strings.HasPrefix(r.File, "/") {
			t.Errorf("%s: %s[%v] has an absolute file %q", catPath, r.Type, r.Title, r.File)
		}
	}
	for _, g := range ans.Generated {
		known[g] = true
	}
	checkCorpusOrder(t, ansPath, ans, known)
	for _, e := range ans.Edges {
		for _, end := range e {
			if !known[end] {
				t.Errorf("%s: edge %v names %s, which is not in the catalog", ansPath, e, end)
			}
		}
	}
	if ans.Cycles != nil && (len(ans.Order) > 0 || ans.OK) {
		t.Errorf("%s: a cycle, yet ok=%v and %d resources evaluated", ansPath, ans.OK, len(ans.Order))
	}
	if len(ans.Errors) > 0 && ans.OK {
		t.Errorf("%s: errors, yet ok", ansPath)
	}
}

func checkCorpusOrder(t *testing.T, ansPath string, ans corpusAnswer, known map[string]bool) {
	t.Helper()
	admitted := map[string]bool{}
	for _, ref := range ans.Order {
		switch {
		case strings.HasPrefix(ref, "Whit[Admissible_"):
			admitted[strings.TrimPrefix(ref, "Whit[Admissible_")] = true
		case strings.HasPrefix(ref, "Whit[Completed_"):
			if c := strings.TrimPrefix(ref, "Whit[Completed_"); !admitted[c] {
				t.Errorf("%s: %s evaluated before its admissible whit", ansPath, ref)
			}
		case strings.HasPrefix(ref, "Whit[completed_"):
		case !known[ref]:
			t.Errorf("%s: order names %s, which is not in the catalog", ansPath, ref)
		}
	}
}

// toTitle renders a title as Puppet's refs do (a JSON number stays digits).
func toTitle(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}
