package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestDiffPuppetDB diffs catalogs read from PuppetDB
// (fixtures/oracle/catalogs/puppetdb: the mysql_params pair as the wire
// format on the old side and the query output on the new, and ntp's
// query output against Puppet's own catalog). PuppetDB keeps no order of
// the resources: the diff says the order was not compared instead of
// reporting moves, and still reports every parameter and edge change
// the same pair of Puppet's catalogs shows. PuppetDB leaves the
// sensitive parameters out: against Puppet's catalog, whose resources
// have them, that is no change ("sensitive value removed" would be
// false).
//
// A Deferred value is a string in both (puppet catalog find writes it
// so, and the agent then applies the string), but PuppetDB's string is
// its terminus's rendering of the Deferred the agent resolves: catc
// shows no value for it. The Puppet catalogs' diff is compared without
// those lines of the resources PuppetDB lists.
func TestDiffPuppetDB(t *testing.T) {
	t.Parallel()
	corpus := testutil.Fixture("oracle/catalogs")
	pdb := filepath.Join(corpus, "puppetdb")
	tests := []struct {
		name, old, new, puppetOld, puppetNew, golden, order string
	}{
		{"both from PuppetDB",
			filepath.Join(pdb, "mysql_params.old.wire.json"), filepath.Join(pdb, "mysql_params.new.query.json"),
			filepath.Join(corpus, "diff", "mysql_params.old.catalog.json"), filepath.Join(corpus, "diff", "mysql_params.new.catalog.json"),
			"testdata/puppetdiff/puppetdb_both.golden",
			"\nOrder: not compared: the old catalog is PuppetDB wire format and the new one PuppetDB query output, which keep no order of the resources: Puppet's apply order cannot be known, so no move in it is reported.\n"},
		{"Puppet's against PuppetDB's, which leaves the secrets out",
			filepath.Join(corpus, "diff", "mysql_params.old.catalog.json"), filepath.Join(pdb, "mysql_params.new.query.json"),
			filepath.Join(corpus, "diff", "mysql_params.old.catalog.json"), filepath.Join(corpus, "diff", "mysql_params.new.catalog.json"),
			"testdata/puppetdiff/puppetdb_mixed.golden",
			"\nOrder: not compared: the new catalog is PuppetDB query output, which keeps no order of the resources: Puppet's apply order cannot be known, so no move in it is reported.\n"},
		{"Puppet's against PuppetDB's",
			filepath.Join(corpus, "ntp.catalog.json"), filepath.Join(pdb, "ntp.query.json"),
			filepath.Join(corpus, "ntp.catalog.json"), filepath.Join(corpus, "ntp.catalog.json"),
			"testdata/puppetdiff/puppetdb_one.golden",
			"\nOrder: not compared: the new catalog is PuppetDB query output, which keeps no order of the resources: Puppet's apply order cannot be known, so no move in it is reported.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCatc(t, "diff", tt.old, tt.new)
			if code != 0 {
				t.Fatalf("exit code %d: %s", code, errOut)
			}
			testutil.Golden(t, tt.golden, []byte(out))
			_, fromPuppet, _ := runCatc(t, "diff", tt.puppetOld, tt.puppetNew)
			fromPuppet = withoutDeferredStrings(fromPuppet, tt.old, tt.new)
			if !strings.HasSuffix(out, tt.order) || strings.TrimSuffix(out, tt.order) != fromPuppet {
				t.Errorf("want the diff of Puppet's catalogs, then %q; got\n%s\nPuppet's catalogs give\n%s", tt.order, out, fromPuppet)
			}
			_, js, _ := runCatc(t, "diff", tt.old, tt.new, "--format", "json")
			if !strings.Contains(js, `"moves": []`) || !strings.Contains(js, `"order_unknown": "`) {
				t.Errorf("the JSON does not say the order is unknown:\n%s", js)
			}
		})
	}
}

// withoutDeferredStrings drops the lines showing a Deferred value as a
// string from a diff of Puppet's catalogs when both sides come from
// PuppetDB (old and new name PuppetDB files), whose strings catc does
// not take for values; else it is the diff of the added resources only.
func withoutDeferredStrings(diff, old, new string) string {
	fromPDB := func(path string) bool { return strings.Contains(path, "puppetdb") }
	var out []string
	section := ""
	for _, line := range strings.SplitAfter(diff, "\n") {
		switch {
		case strings.HasPrefix(line, "+   "):
			section = "new"
		case strings.HasPrefix(line, "=   ") || strings.HasPrefix(line, "-   "):
			section = "old"
		case strings.HasPrefix(line, "~   ") || line == "\n":
			section = ""
		}
		deferred := strings.Contains(line, `: "Deferred({`)
		if deferred && (section == "new" && fromPDB(new) || section == "old" && fromPDB(old)) {
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "")
}
