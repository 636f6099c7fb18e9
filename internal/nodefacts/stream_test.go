package nodefacts

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// TestStreamAsRead: a stream read on several goroutines in any order
// gives Read's nodes and Read's diagnostics, a node read three times
// and files that do not read included.
func TestStreamAsRead(t *testing.T) {
	t.Parallel()
	mixed := t.TempDir()
	for name, src := range map[string]string{
		"a.json":      `{"os": {"family": "Debian"}}`,
		"b.json":      `{"name": "a", "values": {"os": {}}}`,
		"c.json":      `[{"certname": "a", "name": "x", "value": 1}, {"certname": "d", "name": "x", "value": 2}]`,
		"d.json":      `{}`,
		"broken.yaml": "name: [unclosed\n",
		"scalar.json": `"web-01"`,
	} {
		if err := os.WriteFile(filepath.Join(mixed, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{"testdata/facts/document", "testdata/facts/dup", "testdata/facts/facter", "testdata/facts/puppetdb", "testdata/facts/yaml", "testdata/facts/missing", "testdata/facts", mixed} {
		want, wantDiags := Read(path)
		s, diags := Open(path)
		if s == nil {
			if diagsText(diags) != diagsText(wantDiags) {
				t.Errorf("Open(%s): %v, Read: %v", path, diags, wantDiags)
			}
			continue
		}
		var mu sync.Mutex
		var got []*Node
		var wg sync.WaitGroup
		for i := s.Files() - 1; i >= 0; i-- { // backwards and at once: no order to lean on
			wg.Add(1)
			go func() {
				defer wg.Done()
				nodes := s.File(i)
				mu.Lock()
				got = append(got, nodes...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		sort.Slice(got, func(i, j int) bool { return got[i].Name < got[j].Name })
		names := s.Names()
		sort.Strings(names)
		var wantNames []string
		for _, n := range want {
			wantNames = append(wantNames, n.Name)
		}
		if d := cmp.Diff(wantNames, names); d != "" {
			t.Errorf("%s: names (-Read +Stream):\n%s", path, d)
		}
		if d := cmp.Diff(want, got, cmp.AllowUnexported(Node{}), cmp.Comparer(func(a, b cty.Value) bool { return a.RawEquals(b) })); !wantDiags.HasErrors() && d != "" {
			t.Errorf("%s: nodes (-Read +Stream):\n%s", path, d)
		}
		if got, want := diagsText(s.Diagnostics()), diagsText(wantDiags); got != want {
			t.Errorf("%s: diagnostics\n%s\nwant Read's\n%s", path, got, want)
		}
	}
}

// diagsText is every diagnostic's summary and detail, one a line.
func diagsText(diags hcl.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "%s: %s\n", d.Summary, d.Detail)
	}
	return b.String()
}
