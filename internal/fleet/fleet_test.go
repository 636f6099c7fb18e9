package fleet

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/testutil"
)

func loadFixture(t *testing.T) (*compiler.Site, *compiler.Site, []*nodefacts.Node) {
	t.Helper()
	old, diags := compiler.LoadSite([]string{testutil.Fixture("fleet/site")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	new, diags := compiler.LoadSite([]string{testutil.Fixture("fleet/site-new")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	nodes, diags := nodefacts.Read(testutil.Fixture("fleet/facts"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return old, new, nodes
}

// summary is a fleet diff in one line per group, for comparison.
func summary(d *Diff) string {
	var b strings.Builder
	fmt.Fprintf(&b, "nodes %d, unchanged %v\n", d.Nodes, d.Unchanged)
	for _, g := range d.Groups {
		var refs []string
		for _, r := range g.Diff.Resources {
			refs = append(refs, r.Action.String()+" "+r.Ref)
			for _, a := range r.Attributes {
				refs = append(refs, fmt.Sprintf("  %s: %v => %v", a.Path, a.Old, a.New))
			}
		}
		fmt.Fprintf(&b, "%v %v\n  %s\n", g.Nodes, g.Placeholders, strings.Join(refs, "\n  "))
	}
	for _, f := range d.Failures {
		fmt.Fprintf(&b, "fail %s %v: %s\n", f.Side, f.Nodes, f.Errors)
	}
	return b.String()
}

// TestDiffFleet: nodes with identical diffs group, so do nodes whose
// diffs differ only by identity (shown with placeholders), distinct diffs
// stay apart, and a node that no longer compiles is reported.
func TestDiffFleet(t *testing.T) {
	t.Parallel()
	old, new, nodes := loadFixture(t)
	d := DiffFleet(Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, Options{Workers: 3})
	want := `nodes 6, unchanged [db-02.example.com]
[web-01.example.com web-02.example.com] [{certname} {ip}]
  manage File[/etc/nginx/cache.conf]
    path: <nil> => /etc/nginx/cache.conf
    content: <nil> => max_size 2048m;

  change File[/etc/nginx/conf.d/site.conf]
    content: server_name {certname};
listen {ip}:80;
 => server_name {certname};
listen {ip}:8080;

[db-01.example.com] []
  change Package[postgresql]
    ensure: 15 => 16
[web-03.example.com] [{certname} {ip}]
  manage File[/etc/nginx/cache.conf]
    path: <nil> => /etc/nginx/cache.conf
    content: <nil> => max_size 4096m;

  change File[/etc/nginx/conf.d/site.conf]
    content: server_name {certname};
listen {ip}:80;
 => server_name {certname};
listen {ip}:8080;

fail new [mq-01.example.com]: Unsupported attribute at ` + testutil.Fixture("fleet/site-new/web.hcl") + `:19
`
	if got := summary(d); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestShardMerge: the shards cover every node once, and merging their
// diffs gives the unsharded diff.
func TestShardMerge(t *testing.T) {
	t.Parallel()
	old, new, nodes := loadFixture(t)
	whole := DiffFleet(Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, Options{})
	for _, n := range []int{1, 2, 3, 7} {
		var parts []*Diff
		count := 0
		for i := 1; i <= n; i++ {
			share := Shard(nodes, i, n)
			count += len(share)
			part := DiffFleet(Sides{Old: old, New: new}, share, plandiff.DiffOptions{}, Options{})
			part.Shard = ShardID(nodes, i, n, nil)
			part.Seal(nil)
			parts = append(parts, part)
		}
		if count != len(nodes) {
			t.Fatalf("%d shards hold %d of %d nodes", n, count, len(nodes))
		}
		merged, err := Merge(parts, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := summary(merged), summary(whole); got != want {
			t.Errorf("%d shards merged:\n%s\nunsharded:\n%s", n, got, want)
		}
	}
}

// TestListStreamShards: the shards of nodes given whole (PuppetDB's
// inventory: ListStream) are sealed diffs of their share with the whole
// fleet's identity, and merge into the unsharded diff.
func TestListStreamShards(t *testing.T) {
	t.Parallel()
	old, new, nodes := loadFixture(t)
	sides := Sides{Old: old, New: new}
	whole := DiffStream(sides, ListStream(nodes, 0, 0), plandiff.DiffOptions{}, Options{})
	if whole.Shard != nil || summary(whole) != summary(DiffFleet(sides, nodes, plandiff.DiffOptions{}, Options{})) {
		t.Fatalf("the whole list:\n%s", summary(whole))
	}
	var parts []*Diff
	for i := 1; i <= 3; i++ {
		part := DiffStream(sides, ListStream(nodes, i, 3), plandiff.DiffOptions{}, Options{})
		if want := ShardID(nodes, i, 3, nil); part.Shard == nil || part.Shard.Fleet != want.Fleet || part.Shard.Digest == "" {
			t.Fatalf("shard %d/3: %+v, want the fleet %s, sealed", i, part.Shard, want.Fleet)
		}
		parts = append(parts, part)
	}
	merged, err := Merge(parts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(merged), summary(whole); got != want {
		t.Errorf("merged:\n%s\nunsharded:\n%s", got, want)
	}
}

// shards are the n shards' diffs of the fixture, each with its identity,
// sealed, their digests keyed with key (nil: plain SHA-256).
func shards(t *testing.T, n int, key ...*secretdigest.Key) []*Diff {
	t.Helper()
	var k *secretdigest.Key
	if len(key) > 0 {
		k = key[0]
	}
	old, new, nodes := loadFixture(t)
	var parts []*Diff
	for i := 1; i <= n; i++ {
		part := DiffFleet(Sides{Old: old, New: new}, Shard(nodes, i, n), plandiff.DiffOptions{}, Options{DigestKey: k})
		part.Shard = ShardID(nodes, i, n, k)
		part.Seal(k)
		parts = append(parts, part)
	}
	return parts
}

// resealed are parts sealed again with plain digests, as whoever edits
// a shard without the key can do.
func resealed(parts []*Diff) []*Diff {
	for _, p := range parts {
		p.Seal(nil)
	}
	return parts
}

// TestMergeRefuses: Merge checks what it can instead of trusting the
// shards: every shard of one run once (a missing one is named), the nodes
// in their own shard and all of the fleet, each group's key its diff's
// (each shard edited and its plain seal recomputed: TestMergeForgery
// shows the seal itself).
func TestMergeRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		edit func(p []*Diff) []*Diff
		want string
	}{
		{"2 of 3 shards", func(p []*Diff) []*Diff { return p[:2] }, "shard 3/3 of the run is missing"},
		{"1 of 3 shards", func(p []*Diff) []*Diff { return p[1:2] }, "shard 1/3, 3/3 of the run is missing"},
		{"a shard twice", func(p []*Diff) []*Diff { return append(p, p[0]) }, "shard 1/3 is given twice"},
		{"not a shard", func(p []*Diff) []*Diff { p[1].Shard = nil; return p }, "input 2 is not a shard"},
		{"another shard count", func(p []*Diff) []*Diff { p[2].Shard = &ShardOf{Index: 3, Of: 4, Fleet: p[2].Shard.Fleet}; return p }, "are not of one run"},
		{"another fleet", func(p []*Diff) []*Diff { p[2].Shard = &ShardOf{Index: 3, Of: 3, Fleet: "x"}; return p }, "are not of one run"},
		{"a huge shard count", func(p []*Diff) []*Diff {
			for i, d := range p {
				d.Shard = &ShardOf{Index: i + 1, Of: 1 << 40, Fleet: d.Shard.Fleet}
			}
			return p
		}, "shard 4/1099511627776, 5/1099511627776, 6/1099511627776, 7/1099511627776, 8/1099511627776, 9/1099511627776, 10/1099511627776, 11/1099511627776, 12/1099511627776, 13/1099511627776 and 1099511627763 more of the run is missing"},
		{"a negative shard count", func(p []*Diff) []*Diff {
			for _, d := range p {
				d.Shard = &ShardOf{Index: -1, Of: -3, Fleet: d.Shard.Fleet}
			}
			return p
		}, "shard -1/-3 is not a shard number"},
		{"shard number out of range", func(p []*Diff) []*Diff {
			for _, d := range p {
				d.Shard = &ShardOf{Index: d.Shard.Index - 1, Of: 3, Fleet: d.Shard.Fleet}
			}
			return p
		}, "shard 0/3 is not a shard number"},
		{"a node left out", func(p []*Diff) []*Diff {
			for _, d := range p {
				if len(d.Unchanged) > 0 {
					d.Unchanged = d.Unchanged[1:]
					return p
				}
			}
			t.Fatal("no unchanged node to drop")
			return p
		}, "not the nodes of the fleet"},
		{"a node in another shard", func(p []*Diff) []*Diff {
			for j, d := range p {
				if len(d.Unchanged) > 0 {
					other := p[(j+1)%len(p)]
					other.Unchanged = append(other.Unchanged, d.Unchanged[0])
					d.Unchanged = d.Unchanged[1:]
					return p
				}
			}
			t.Fatal("no unchanged node to move")
			return p
		}, "but belongs to shard"},
		{"two diffs under one key", func(p []*Diff) []*Diff {
			for _, d := range p {
				for i := range d.Groups {
					d.Groups[i].Key = "same"
				}
			}
			return p
		}, "has the key same, but its diff's key is"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Merge(resealed(tt.edit(shards(t, 3))), nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Merge: %v, want an error with %q", err, tt.want)
			}
		})
	}
	if _, err := Merge(shards(t, 3), nil); err != nil {
		t.Errorf("the three shards: %v", err)
	}
}

// hideChange is the forgery of a shard that hides a change: the nodes
// of its first group are moved to the unchanged ones (no group key or
// fleet digest covers that).
func hideChange(t *testing.T, parts []*Diff) []*Diff {
	for _, p := range parts {
		if len(p.Groups) > 0 {
			p.Unchanged = append(p.Unchanged, p.Groups[0].Nodes...)
			sort.Strings(p.Unchanged)
			p.Groups = p.Groups[1:]
			return parts
		}
	}
	t.Fatal("no shard with a change")
	return parts
}

// TestMergeForgery: a shard edited to hide a change is refused by its
// seal; with plain digests whoever edits it can reseal it, and Merge
// takes it (what an unkeyed digest does not protect); with a digest key
// the shards' digests are HMACs under it, so the same forgery, resealed
// and with its group keys recomputed in plain SHA-256, or marked as
// written without a key, is refused, as is a keyed shard merged without
// the key or with another.
func TestMergeForgery(t *testing.T) {
	t.Parallel()
	key, err := secretdigest.NewKey([]byte("0123456789abcdef-shard-key"))
	if err != nil {
		t.Fatal(err)
	}
	other, _ := secretdigest.NewKey([]byte("another key of 32 bytes, really"))
	const edited = "its digest is not the digest of what it says"
	for _, tc := range []struct {
		name  string
		parts func() []*Diff
		key   *secretdigest.Key
		want  string // "" when Merge takes it
	}{
		{"unkeyed, edited", func() []*Diff { return hideChange(t, shards(t, 3)) }, nil, edited},
		{"unkeyed, edited and resealed", func() []*Diff { return resealed(hideChange(t, shards(t, 3))) }, nil, ""},
		{"keyed", func() []*Diff { return shards(t, 3, key) }, key, ""},
		{"keyed, edited and resealed in plain", func() []*Diff { return resealed(hideChange(t, shards(t, 3, key))) }, key, edited},
		{"keyed, a group's key recomputed in plain", func() []*Diff {
			parts := shards(t, 3, key)
			for _, p := range parts {
				for i := range p.Groups {
					p.Groups[i].Key = keyOf(p.Groups[i].Diff, nil)
				}
			}
			return resealed(parts)
		}, key, edited},
		{"keyed, marked unkeyed and resealed", func() []*Diff {
			parts := hideChange(t, shards(t, 3, key))
			for _, p := range parts {
				p.Shard.KeyID = ""
			}
			return resealed(parts)
		}, key, "was written without the digest key"},
		{"keyed, merged without the key", func() []*Diff { return shards(t, 3, key) }, nil, "was written with a digest key"},
		{"keyed, merged with another key", func() []*Diff { return shards(t, 3, key) }, other, "was written with another digest key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			merged, err := Merge(tc.parts(), tc.key)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("Merge: %v, want %q", err, tc.want)
			}
			if tc.want == "" && tc.key != nil {
				plain, err := Merge(shards(t, 3), nil)
				if err != nil || summary(merged) != summary(plain) {
					t.Errorf("keyed merge:\n%s\nunkeyed:\n%s (%v)", summary(merged), summary(plain), err)
				}
			}
		})
	}
}

// outcomeWhat is the outcome in a few words (render.OutcomesText's
// wording is tested with it).
func outcomeWhat(o Outcome) string {
	switch {
	case o.Failed:
		return "fail: " + o.Errors
	case o.Plan:
		return fmt.Sprintf("share one plan of %d steps", o.Steps)
	}
	return "compile"
}

func TestValidatePlans(t *testing.T) {
	t.Parallel()
	_, new, nodes := loadFixture(t)
	var got []string
	for _, o := range Validate(new, nodes, Options{}) {
		got = append(got, fmt.Sprintf("%d %s %v", len(o.Nodes), outcomeWhat(o), o.Nodes))
	}
	want := "1 fail: Unsupported attribute at " + testutil.Fixture("fleet/site-new/web.hcl") + ":19 [mq-01.example.com]|" +
		"5 compile [db-01.example.com db-02.example.com web-01.example.com web-02.example.com web-03.example.com]"
	if strings.Join(got, "|") != want {
		t.Errorf("Validate:\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
	got = nil
	for _, o := range Plans(new, nodes, Options{}) {
		got = append(got, fmt.Sprintf("%d %s %v", len(o.Nodes), outcomeWhat(o), o.Nodes))
	}
	// The same steps in the same order are not one plan when a value
	// differs: db-02 (RedHat) installs postgresql 13, db-01 (Debian) 16;
	// web-03's 16 GB give its cache.conf another max_size. web-01 and
	// web-02 differ only by their names and addresses (identity).
	want = "1 fail: Unsupported attribute at " + testutil.Fixture("fleet/site-new/web.hcl") + ":19 [mq-01.example.com]|" +
		"2 share one plan of 7 steps [web-01.example.com web-02.example.com]|" +
		"1 share one plan of 4 steps [db-01.example.com]|" +
		"1 share one plan of 4 steps [db-02.example.com]|" +
		"1 share one plan of 7 steps [web-03.example.com]"
	if strings.Join(got, "|") != want {
		t.Errorf("Plans:\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}

func TestIdentityReplace(t *testing.T) {
	t.Parallel()
	n := &nodefacts.Node{Name: "web-1.example.com"}
	nodes, _ := nodefacts.Read(testutil.Fixture("fleet/facts/web-01.example.com.json"))
	n.Facts = nodes[0].Facts // hostname web-01, ip 192.0.2.11
	id := identityOf(n)
	tests := []struct{ in, want string }{
		{"web-1.example.com", "{certname}"},
		{"web-10.example.com web-1", "web-10.example.com {hostname}"},
		{"listen 192.0.2.11:80 192.0.2.110", "listen {ip}:80 192.0.2.110"},
		{"web-01.example.com/web-01", "{fqdn}/{hostname}"},
		{"nothing", "nothing"},
	}
	for _, tt := range tests {
		if got := id.replace(tt.in); got != tt.want {
			t.Errorf("replace(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDiffFleetSides: a node failing only before the change, or on both
// sides, is reported as such.
func TestDiffFleetSides(t *testing.T) {
	t.Parallel()
	old, new, nodes := loadFixture(t)
	tests := []struct {
		sides Sides
		want  string
	}{
		{Sides{Old: new, New: old}, "fail old [mq-01.example.com]: Unsupported attribute at " + testutil.Fixture("fleet/site-new/web.hcl") + ":19\n"},
		{Sides{Old: new, New: new}, "fail both [mq-01.example.com]: Unsupported attribute at " + testutil.Fixture("fleet/site-new/web.hcl") + ":19\n"},
	}
	for _, tt := range tests {
		d := DiffFleet(tt.sides, nodes, plandiff.DiffOptions{}, Options{})
		got := summary(d)
		if !strings.HasSuffix(got, tt.want) || d.Failing(NewSide) != 0 {
			t.Errorf("got:\n%s\nwant it to end with:\n%s", got, tt.want)
		}
	}
	// A side without files (a path new in the change): every resource
	// of every node is newly managed.
	d := DiffFleet(Sides{New: old}, nodes, plandiff.DiffOptions{}, Options{})
	if d.Changed() != 6 || d.Groups[0].Diff.Counts().Manage == 0 {
		t.Errorf("from nothing: %s", summary(d))
	}
}

// TestDiffFleetOldOf: a node's old side given by OldOf (the catalog it
// runs now, from PuppetDB) is its own: the diff is the one of the same
// old site compiled for each node, on a fleet whose nodes share inputs.
func TestDiffFleetOldOf(t *testing.T) {
	t.Parallel()
	oldDir, newDir, factsDir, err := gen.WriteFleet(t.TempDir(), gen.GenerateFleet(gen.FleetOptions{Nodes: 40, Resources: 60}))
	if err != nil {
		t.Fatal(err)
	}
	old, _ := compiler.LoadSite([]string{oldDir}, compiler.LoadOptions{})
	new, _ := compiler.LoadSite([]string{newDir}, compiler.LoadOptions{})
	nodes, diags := nodefacts.Read(factsDir)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := summary(DiffFleet(Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, Options{}))
	oldOf := func(n *nodefacts.Node) (*plandiff.Snapshot, hcl.Diagnostics) { return snapshot(old, n) }
	got := summary(DiffFleet(Sides{New: new, OldOf: oldOf}, nodes, plandiff.DiffOptions{}, Options{}))
	if got != want {
		t.Errorf("with OldOf:\n%s\nwith Old:\n%s", got, want)
	}
}

// TestDiffGeneratedFleet: on a generated fleet, nodes whose diffs are
// identical (no placeholder) group, the web nodes group through their
// identity, and the mq nodes without the datacenter fact fail.
func TestDiffGeneratedFleet(t *testing.T) {
	t.Parallel()
	oldDir, newDir, factsDir, err := gen.WriteFleet(t.TempDir(), gen.GenerateFleet(gen.FleetOptions{Nodes: 80, Resources: 100}))
	if err != nil {
		t.Fatal(err)
	}
	old, _ := compiler.LoadSite([]string{oldDir}, compiler.LoadOptions{})
	new, _ := compiler.LoadSite([]string{newDir}, compiler.LoadOptions{})
	nodes, diags := nodefacts.Read(factsDir)
	if diags.HasErrors() || len(nodes) != 80 {
		t.Fatal(len(nodes), diags)
	}
	d := DiffFleet(Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, Options{})
	var got []string
	for _, g := range d.Groups {
		got = append(got, fmt.Sprintf("%d %v", len(g.Nodes), g.Placeholders))
	}
	// The shared change alone on 20 cache and 7 RedHat db nodes; 20 web
	// nodes (one diff up to {certname} and {ip}); 18 mq nodes (and their
	// new datacenter setting); 13 Debian db nodes (the version).
	want := "27 [] | 20 [{certname} {ip}] | 18 [] | 13 []"
	if strings.Join(got, " | ") != want || d.Failing(NewSide) != 2 {
		t.Errorf("groups %s, %d failing; want %s, 2 failing", strings.Join(got, " | "), d.Failing(NewSide), want)
	}
}

// TestDiffFleetSecrets: a sensitive attribute set from a fact shows in
// no output of the fleet diff, not even in the grouping: nodes with
// different secrets have one diff.
func TestDiffFleetSecrets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	types := `type "user" {
  desc = "A user."
  attribute "name" {
    type      = "String[1]"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "password" {
    type      = "Optional[String]"
    desc      = "The password."
    sensitive = true
  }
}
`
	for side, pw := range map[string]string{"old": `"x-${facts.pw}"`, "new": `"y-${facts.pw}"`} {
		if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
			t.Fatal(err)
		}
		src := types + "resource \"user\" \"deploy\" {\n  password = " + pw + "\n}\n"
		if err := os.WriteFile(filepath.Join(dir, side, "site.hcl"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	facts := filepath.Join(dir, "facts.json")
	rows := `[{"certname": "a.example.com", "name": "pw", "value": "hunter2"}, {"certname": "b.example.com", "name": "pw", "value": "swordfish"}]`
	if err := os.WriteFile(facts, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	old, _ := compiler.LoadSite([]string{filepath.Join(dir, "old")}, compiler.LoadOptions{})
	new, _ := compiler.LoadSite([]string{filepath.Join(dir, "new")}, compiler.LoadOptions{})
	nodes, _ := nodefacts.Read(facts)
	d := DiffFleet(Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, Options{})
	got := summary(d)
	if len(d.Groups) != 1 || strings.Contains(got, "hunter2") || strings.Contains(got, "swordfish") {
		t.Errorf("%s", got)
	}
}

// TestIdentityOrder: titles holding the node's name sort apart from
// other titles differently on each node; after the placeholders the
// diffs list them alike and group.
func TestIdentityOrder(t *testing.T) {
	t.Parallel()
	mk := func(name string) *plandiff.PlanDiff {
		return &plandiff.PlanDiff{Resources: []plandiff.ResourceChange{
			{Action: plandiff.Manage, Type: "file", Ref: "File[/srv/" + name + "]"},
			{Action: plandiff.Manage, Type: "file", Ref: "File[/srv/m]"},
		}}
	}
	b := newBuilder(plandiff.StrictError, 2, nil)
	for _, name := range []string{"alpha", "zulu"} {
		d := mk(name)
		if name == "zulu" { // sorted by ref, as plandiff.Diff does
			d.Resources[0], d.Resources[1] = d.Resources[1], d.Resources[0]
		}
		b.add(nodeResult{name: name, id: identityOf(&nodefacts.Node{Name: name}), diff: d})
	}
	if d := b.result(); len(d.Groups) != 1 {
		t.Errorf("%d groups: %s", len(d.Groups), summary(d))
	}
}

// TestIdentityOrderEveryList: the same holds for skips and refreshes out
// of order (in a cycle: no step, so by ref) and for new cycles, whose
// paths start at their smallest ref.
func TestIdentityOrderEveryList(t *testing.T) {
	t.Parallel()
	mk := func(name string) *plandiff.PlanDiff {
		own, other := "File[/srv/"+name+"]", "File[/srv/m]"
		d := &plandiff.PlanDiff{
			Skips:     []plandiff.Skip{{Ref: own, Path: []string{other, own}}, {Ref: other, Path: []string{own, other}}},
			Refreshes: []plandiff.Refresh{{Ref: own, Path: []string{other, own}}, {Ref: other, Path: []string{own, other}}},
			NewCycles: [][]string{{own, other, own}, {"Exec[" + name + "]", "Exec[m]", "Exec[" + name + "]"}},
		}
		if name == "zulu" { // as graph sorts the real refs
			d.Skips[0], d.Skips[1] = d.Skips[1], d.Skips[0]
			d.Refreshes[0], d.Refreshes[1] = d.Refreshes[1], d.Refreshes[0]
			d.NewCycles = [][]string{{"Exec[m]", "Exec[zulu]", "Exec[m]"}, {other, own, other}}
		}
		return d
	}
	b := newBuilder(plandiff.StrictError, 2, nil)
	for _, name := range []string{"alpha", "zulu"} {
		b.add(nodeResult{name: name, id: identityOf(&nodefacts.Node{Name: name}), diff: mk(name)})
	}
	if d := b.result(); len(d.Groups) != 1 {
		t.Errorf("%d groups: %s", len(d.Groups), summary(d))
	}
}

// TestPlansShown: each distinct plan keeps the plan of its first node by
// name, whatever the order the workers finish in; failures keep none.
func TestPlansShown(t *testing.T) {
	t.Parallel()
	old, new, nodes := loadFixture(t)
	for _, site := range []*compiler.Site{old, new} {
		for run := 0; run < 3; run++ {
			for _, o := range Plans(site, nodes, Options{Workers: 4}) {
				switch {
				case o.Failed && o.Shown != nil:
					t.Errorf("a failure keeps a plan: %v", o.Nodes)
				case !o.Failed && (o.Shown == nil || o.ShownFor != o.Nodes[0] || len(o.Shown.Steps) != o.Steps):
					t.Errorf("%v: shown for %q with %v, want the plan of %s with %d steps", o.Nodes, o.ShownFor, o.Shown != nil, o.Nodes[0], o.Steps)
				}
			}
		}
	}
}

// TestPlansClassSiteNodes: a site whose node blocks match the node's
// name compiles each node alone, even when their facts are equal: each
// gets the classes of its own node block.
func TestPlansClassSiteNodes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"site/main.hcl": `class "web" {
  resource "notify" "web" {}
}
class "db" {
  resource "notify" "db" {}
  resource "notify" "db2" {}
}
node "web-01.example.com" {
  include "web" {}
}
node "default" {
  include "db" {}
}
`,
		"facts/web-01.example.com.json": `{"name": "web-01.example.com", "values": {"os": {"family": "Debian"}}}`,
		"facts/db-01.example.com.json":  `{"name": "db-01.example.com", "values": {"os": {"family": "Debian"}}}`,
	})
	site, diags := compiler.LoadSite([]string{filepath.Join(dir, "site")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	nodes, diags := nodefacts.Read(filepath.Join(dir, "facts"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var got []string
	for _, o := range Plans(site, nodes, Options{}) {
		got = append(got, fmt.Sprintf("%d %s %v", len(o.Nodes), outcomeWhat(o), o.Nodes))
	}
	want := "1 share one plan of 2 steps [db-01.example.com]|1 share one plan of 1 steps [web-01.example.com]"
	if strings.Join(got, "|") != want {
		t.Errorf("Plans:\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}
