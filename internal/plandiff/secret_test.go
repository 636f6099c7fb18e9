package plandiff

import (
	"bytes"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// testKey is a digest key for a test, as CATC_DIGEST_KEY gives one;
// "" is none.
func testKey(t testing.TB, key string) *secretdigest.Key {
	t.Helper()
	if key == "" {
		return nil
	}
	k, err := secretdigest.NewKey([]byte(key))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// compiledSnapshot is the snapshot diff reads back from the catalog JSON
// of dir (what `catc compile` writes), under the digest key key.
func compiledSnapshot(t *testing.T, dir string, key *secretdigest.Key) *Snapshot {
	t.Helper()
	c, diags := compiler.Load([]string{dir}, compiler.LoadOptions{DigestKey: key})
	if diags.HasErrors() {
		t.Fatalf("%s: %v", dir, diags)
	}
	var b bytes.Buffer
	if err := catalogjson.OfGraph(graph.Build(c)).Write(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "battery staple") || strings.Contains(b.String(), "unchanged secret") {
		t.Fatalf("the catalog JSON shows a secret:\n%s", b.String())
	}
	s, err := ReadSnapshot(b.Bytes(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sensitiveChanges lists the sensitive attribute changes of d as
// "ref attr undetermined?".
func sensitiveChanges(d *PlanDiff) []string {
	var out []string
	for _, r := range d.Resources {
		for _, a := range r.Attributes {
			if a.Sensitive {
				s := r.Ref + " " + a.Path
				if a.Undetermined {
					s += " undetermined"
				}
				out = append(out, s)
			}
		}
	}
	return out
}

// TestDiffCompiledSecrets diffs two compiled catalogs in which one secret
// changed (User[deploy]) and one did not (User[ops]): with one digest key
// the change shows and nothing else; without a key, or under two keys,
// diff cannot tell and says so for both.
func TestDiffCompiledSecrets(t *testing.T) {
	t.Parallel()
	old, new := testutil.Fixture("diff/sensitive/old"), testutil.Fixture("diff/sensitive/new")
	tests := []struct {
		name       string
		oldKey     string
		newKey     string
		wantChange []string
	}{
		{"one key", "first key of sixteen+ bytes", "first key of sixteen+ bytes", []string{"User[deploy] password"}},
		{"no key", "", "", []string{"User[deploy] password undetermined", "User[ops] password undetermined"}},
		{"two keys", "first key of sixteen+ bytes", "other key of sixteen+ bytes", []string{"User[deploy] password undetermined", "User[ops] password undetermined"}},
		{"one side without key", "first key of sixteen+ bytes", "", []string{"User[deploy] password undetermined", "User[ops] password undetermined"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := compiledSnapshot(t, old, testKey(t, tt.oldKey))
			n := compiledSnapshot(t, new, testKey(t, tt.newKey))
			got := sensitiveChanges(Diff(o, n))
			if strings.Join(got, "\n") != strings.Join(tt.wantChange, "\n") {
				t.Errorf("sensitive changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.wantChange, "\n"))
			}
		})
	}
}

// TestDiffInProcessSecrets diffs the HCL sides directly: without any key,
// a random key of the run still tells the change.
func TestDiffInProcessSecrets(t *testing.T) {
	t.Parallel()
	snap := func(dir string) *Snapshot {
		c, diags := compiler.Load([]string{dir}, compiler.LoadOptions{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		p, _ := graph.Order(graph.Build(c), graph.Ordering{})
		return NewSnapshot(p)
	}
	got := sensitiveChanges(Diff(snap(testutil.Fixture("diff/sensitive/old")), snap(testutil.Fixture("diff/sensitive/new"))))
	if strings.Join(got, ",") != "User[deploy] password" {
		t.Errorf("sensitive changes %q, want only User[deploy] password", got)
	}
}

// TestDiffUnknownSecrets: secrets that cannot be compared are counted
// apart, never as changes: no change, no event, no init_only failure.
func TestDiffUnknownSecrets(t *testing.T) {
	t.Parallel()
	o := compiledSnapshot(t, testutil.Fixture("diff/sensitive/old"), nil)
	n := compiledSnapshot(t, testutil.Fixture("diff/sensitive/new"), nil)
	for _, d := range []*PlanDiff{Diff(n, n), Diff(o, n)} {
		c := d.Counts()
		if c.Change != 0 || c.Undetermined != 2 || d.HasChanges() || d.Empty() {
			t.Errorf("counts %+v, HasChanges %v, Empty %v; want 0 changed, 2 undetermined, no changes, not empty", c, d.HasChanges(), d.Empty())
		}
		for _, r := range d.Resources {
			if !r.Unknown() || r.event() || r.Action != Change {
				t.Errorf("%s: Unknown %v, event %v, action %s; want unknown, no event, change", r.Ref, r.Unknown(), r.event(), r.Action)
			}
		}
	}
}

// TestUnknownInitOnly: an init_only secret that cannot be compared does
// not fail the resource (no one knows it changed); a known change beside
// it is still a change.
func TestUnknownInitOnly(t *testing.T) {
	t.Parallel()
	secret := func(digest string) *types.Hash {
		return &types.Hash{Keys: []string{"ensure", "token", "uid"}, Values: []types.Value{"present", Redacted{Digest: digest}, int64(1)}}
	}
	attrs := map[string]AttrInfo{"token": {Behaviour: catalog.InitOnly, Sensitive: true}}
	or := &SnapResource{Ref: "User[a]", Type: "user", Attributes: secret(""), Attrs: attrs}
	nr := &SnapResource{Ref: "User[a]", Type: "user", Attributes: secret(""), Attrs: attrs}
	c, changed := compareResource(or, nr, StrictError, losses{})
	if !changed || c.Action != Change || len(c.InitOnly) != 0 || !c.Unknown() {
		t.Errorf("unknown init_only secret: action %s, init_only %v, unknown %v; want change, none, true", c.Action, c.InitOnly, c.Unknown())
	}
	nr.Attributes.Values[2] = int64(2)
	if c, _ := compareResource(or, nr, StrictError, losses{}); c.Unknown() || !c.event() {
		t.Errorf("a known change beside an unknown secret: unknown %v, event %v; want false, true", c.Unknown(), c.event())
	}
}
