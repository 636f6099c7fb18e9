package fleet

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/secretdigest"
)

// Diff is what a change does to a fleet: the nodes it leaves unchanged,
// the distinct diffs with the nodes each applies to, and the nodes that
// fail to compile on either side.
type Diff struct {
	Strict plandiff.Strict
	// Nodes is the number of nodes compared.
	Nodes int
	// Unchanged are the nodes whose diff is empty, sorted.
	Unchanged []string
	// Groups are the distinct diffs, the most nodes first (then by first
	// node).
	Groups []Group
	// Failures are the nodes that do not compile on a side, grouped by
	// side and errors: new side first, the most nodes first.
	Failures []Failure
	// Shard says which shard of which fleet this diff covers; nil for a
	// whole fleet (and for what Merge returns).
	Shard *ShardOf
	// Notes are what catc cannot know of the catalogs DiffCatalogs read,
	// gathered in the nodes' order (catalog.Notes); not in the JSON.
	Notes catalog.Notes
}

// ShardOf identifies a shard: Index of Of (1 ≤ Index ≤ Of) of the fleet
// whose node names have the digest Fleet. Merge checks with it that it
// has every shard of one run, each once, holding the nodes it should,
// and that Digest (Seal) is still the digest of what the shard says.
// KeyID names the digest key its digests (Fleet, Digest and the group
// keys) are keyed with; "" for plain SHA-256, which catches an edit but
// not a forgery (whoever edits a shard can recompute plain digests).
type ShardOf struct {
	Index, Of int
	Fleet     string
	KeyID     string
	Digest    string
}

// Group is one distinct diff and the nodes it applies to.
type Group struct {
	// Key identifies the diff (a digest of everything it says); shards of
	// one run agree on it.
	Key string
	// Diff is the diff of the first node with its identity replaced by
	// placeholders (listed in Placeholders, sorted): {certname}, {fqdn},
	// {hostname}, {ip}, {ip6}, {ip:IFACE}, {ip6:IFACE}.
	Diff         *plandiff.PlanDiff
	Placeholders []string
	// Nodes are sorted.
	Nodes []string
	first string
}

// Side says which side of the diff a node fails to compile on.
type Side int

const (
	// NewSide: the node compiled before the change and no longer does.
	NewSide Side = iota
	// OldSide: the node did not compile before the change and now does.
	OldSide
	// BothSides: the node compiles on neither side.
	BothSides
)

var sideNames = [...]string{"new", "old", "both"}

// String is "new", "old" or "both".
func (s Side) String() string { return enum.Name(sideNames[:], s) }

// ParseSide reads a Side's name.
func ParseSide(name string) (Side, bool) {
	return enum.Parse[Side](sideNames[:], name)
}

// Failure is a group of nodes failing on the same side with the same
// errors.
type Failure struct {
	Side Side
	// Errors names the errors, each with its place ("Dependency cycle …
	// at site/web.hcl:12"), the node's identity replaced.
	Errors string
	Nodes  []string
	// Diags are the first node's diagnostics on the failing side (the old
	// one for BothSides); not kept by Merge.
	Diags hcl.Diagnostics
	first string
	// node is the first node when Diags are its class's (nodeResult.node).
	node *nodefacts.Node
}

// Changed is the number of nodes the change affects.
func (d *Diff) Changed() int {
	n := 0
	for _, g := range d.Groups {
		n += len(g.Nodes)
	}
	return n
}

// AppliesNothing is the number of nodes whose new catalog has a
// dependency cycle: Puppet would apply nothing on them.
func (d *Diff) AppliesNothing() int { return d.nodesWhose((*plandiff.PlanDiff).AppliesNothing) }

// Refused is the number of nodes whose new catalog Puppet would refuse
// although it is whole (their groups' diffs say why): it applies nothing.
func (d *Diff) Refused() int { return d.nodesWhose((*plandiff.PlanDiff).Refused) }

// nodesWhose is the number of nodes in the groups whose diff is so.
func (d *Diff) nodesWhose(is func(*plandiff.PlanDiff) bool) int {
	n := 0
	for _, g := range d.Groups {
		if is(g.Diff) {
			n += len(g.Nodes)
		}
	}
	return n
}

// Failing is the number of nodes failing on side s.
func (d *Diff) Failing(s Side) int {
	n := 0
	for _, f := range d.Failures {
		if f.Side == s {
			n += len(f.Nodes)
		}
	}
	return n
}

// Sides are the two sides of a fleet diff.
type Sides struct {
	// Old is nil for a side without files (a path new in the change).
	Old, New *compiler.Site
	// FixOld, when set, is applied to each old snapshot (the base
	// revision's files named as the user knows them).
	FixOld func(*plandiff.Snapshot)
	// FixOldDiags, when set, gives the old side's diagnostics with its
	// files named as FixOld names them (copies): a node failing there is
	// reported with the names the user knows.
	FixOldDiags func(hcl.Diagnostics) hcl.Diagnostics
	// OldOf, when set, gives each node's old side instead of Old (the
	// catalog the node runs now, from a server): a snapshot, or nil
	// with the diagnostics saying why not.
	OldOf func(*nodefacts.Node) (*plandiff.Snapshot, hcl.Diagnostics)
}

// DiffFleet compiles both sides for every node, compares them and groups
// the nodes. Only each distinct diff is kept. Nodes whose catalogs read
// the same values on both sides are compiled and compared once (see
// keyer), unless o.EveryNode.
func DiffFleet(s Sides, nodes []*nodefacts.Node, opts plandiff.DiffOptions, o Options) *Diff {
	return diffFrom(s, nodeList(nodes), opts, o)
}

// DiffStream is DiffFleet of the nodes of st, read as the run goes; for
// a shard, the diff records which (Diff.Shard) and is sealed. When
// st.Diagnostics has errors the diff is void.
func DiffStream(s Sides, st *Stream, opts plandiff.DiffOptions, o Options) *Diff {
	d := diffFrom(s, st, opts, o)
	if d.Shard = st.ShardID(o.DigestKey); d.Shard != nil {
		d.Seal(o.DigestKey)
	}
	return d
}

func diffFrom(s Sides, src nodeSource, opts plandiff.DiffOptions, o Options) *Diff {
	b := newBuilder(opts.Strict, 0, o.DigestKey)
	run := newDiffRun(s, opts, o)
	b.d.Nodes = src.each(o, run.compiled, func(n *nodefacts.Node) { b.add(run.node(n)) })
	return run.fixFailures(b.result())
}

// nodeResult is one node's outcome: failed on a side, or a diff.
type nodeResult struct {
	name   string
	id     *identity
	failed bool
	side   Side
	diags  hcl.Diagnostics
	diff   *plandiff.PlanDiff // nil: unchanged
	// errs, when set, is the failure's errors text (errorsText's words),
	// for nodes whose files are their own, or whose class failed.
	errs string
	// grouped: diff is regrouped already (the class's, for this node).
	grouped bool
	// node, for a failure taken from the node's class, is the node: the
	// diagnostics shown are its own, compiled once the groups are known
	// (diffRun.fixFailures); diags are the class's until then.
	node *nodefacts.Node
}

func diffNode(s Sides, n *nodefacts.Node, opts plandiff.DiffOptions) nodeResult {
	var old *plandiff.Snapshot
	var oldDiags hcl.Diagnostics
	if s.OldOf != nil {
		old, oldDiags = s.OldOf(n)
	} else {
		old, oldDiags = snapshot(s.Old, n)
	}
	new, newDiags := snapshot(s.New, n)
	oldDiags = s.fixOld(old, new, oldDiags)
	return compareNode(nodeResult{name: n.Name, id: identityOf(n)}, old, oldDiags, new, newDiags, opts)
}

// fixOld names the old side's files as the user knows them: in the
// snapshot when both sides compile (only then is it compared), and in
// the diagnostics, returned.
func (s Sides) fixOld(old, new *plandiff.Snapshot, oldDiags hcl.Diagnostics) hcl.Diagnostics {
	if old != nil && new != nil && s.FixOld != nil {
		s.FixOld(old)
	}
	if len(oldDiags) > 0 && s.FixOldDiags != nil {
		oldDiags = s.FixOldDiags(oldDiags)
	}
	return oldDiags
}

// compareNode is the outcome of a node whose sides are old and new (nil
// when the side has errors, in its diagnostics).
func compareNode(r nodeResult, old *plandiff.Snapshot, oldDiags hcl.Diagnostics, new *plandiff.Snapshot, newDiags hcl.Diagnostics, opts plandiff.DiffOptions) nodeResult {
	switch {
	case old == nil && new == nil:
		r.failed, r.side, r.diags = true, BothSides, oldDiags
	case old == nil:
		r.failed, r.side, r.diags = true, OldSide, oldDiags
	case new == nil:
		r.failed, r.side, r.diags = true, NewSide, newDiags
	default:
		if d := plandiff.DiffWith(old, new, opts); !d.Empty() {
			r.diff = d
		}
	}
	return r
}

// snapshot compiles one side for the node; nil with the diagnostics when
// it has errors (cycles are not errors here: the diff reports them), but
// for errors Puppet refuses a catalog for that is whole, which the
// snapshot keeps (Fails) for the diff to say.
func snapshot(site *compiler.Site, n *nodefacts.Node) (*plandiff.Snapshot, hcl.Diagnostics) {
	if site == nil {
		return &plandiff.Snapshot{}, nil
	}
	cat, diags := site.Compile(n)
	return pipeline.Snapshot(cat, diags)
}

// regroup rewrites a node's diff with its identity's placeholders and
// sorts it again (the refs changed), so that two nodes whose diffs differ
// only by identity list them in the same order.
func regroup(d *plandiff.PlanDiff, id *identity) *plandiff.PlanDiff {
	d = substitute(d, id.replace)
	d.Sort()
	return d
}

// builder collects node results into groups, concurrently.
type builder struct {
	mu       sync.Mutex
	d        *Diff
	groups   map[string]*Group
	failures map[string]*Failure
	key      *secretdigest.Key // of the group keys (nil: plain SHA-256)
}

func newBuilder(strict plandiff.Strict, nodes int, key *secretdigest.Key) *builder {
	return &builder{d: &Diff{Strict: strict, Nodes: nodes}, groups: map[string]*Group{}, failures: map[string]*Failure{}, key: key}
}

func (b *builder) add(r nodeResult) {
	var g *Group
	var key, errs string
	if r.diff != nil {
		g = &Group{Diff: r.diff}
		if !r.grouped {
			g.Diff = regroup(r.diff, r.id)
		}
		g.Key, g.Placeholders = keyOf(g.Diff, b.key), r.id.placeholders()
	} else if r.failed {
		errs = r.errs
		if errs == "" {
			errs = errorsText(r.diags, r.id)
		}
		key = r.side.String() + "\x00" + errs
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case g != nil:
		b.addGroup(g, []string{r.name})
	case r.failed:
		f := b.failures[key]
		if f == nil {
			f = &Failure{Side: r.side, Errors: errs}
			b.failures[key] = f
		}
		// The diagnostics shown are the first node's, whichever
		// goroutine gets there first.
		if len(f.Nodes) == 0 || r.name < f.first {
			f.Diags, f.first, f.node = r.diags, r.name, r.node
		}
		f.Nodes = append(f.Nodes, r.name)
	default:
		b.d.Unchanged = append(b.d.Unchanged, r.name)
	}
}

func (b *builder) addGroup(g *Group, nodes []string) {
	have := b.groups[g.Key]
	if have == nil {
		have = g
		b.groups[g.Key] = g
	} else if nodes[0] < have.first {
		// Keep the first node's diff and placeholders, whichever
		// goroutine or shard gets there first.
		have.Diff, have.Placeholders = g.Diff, g.Placeholders
	}
	if len(have.Nodes) == 0 || nodes[0] < have.first {
		have.first = nodes[0]
	}
	have.Nodes = append(have.Nodes, nodes...)
}

// result sorts everything into the Diff.
func (b *builder) result() *Diff {
	d := b.d
	sort.Strings(d.Unchanged)
	d.Groups = d.Groups[:0]
	for _, g := range b.groups {
		sort.Strings(g.Nodes)
		d.Groups = append(d.Groups, *g)
	}
	sort.Slice(d.Groups, func(i, j int) bool {
		a, c := d.Groups[i], d.Groups[j]
		if len(a.Nodes) != len(c.Nodes) {
			return len(a.Nodes) > len(c.Nodes)
		}
		return a.Nodes[0] < c.Nodes[0]
	})
	d.Failures = d.Failures[:0]
	for _, f := range b.failures {
		sort.Strings(f.Nodes)
		d.Failures = append(d.Failures, *f)
	}
	sort.Slice(d.Failures, func(i, j int) bool {
		a, c := d.Failures[i], d.Failures[j]
		if a.Side != c.Side {
			return a.Side < c.Side
		}
		if len(a.Nodes) != len(c.Nodes) {
			return len(a.Nodes) > len(c.Nodes)
		}
		return a.Nodes[0] < c.Nodes[0]
	})
	return d
}

// Shard returns shard i of n (1 ≤ i ≤ n) of the nodes: those whose name
// hashes to it, so a node stays in its shard when others come and go.
func Shard(nodes []*nodefacts.Node, i, n int) []*nodefacts.Node {
	var out []*nodefacts.Node
	for _, node := range nodes {
		if shardIndex(node.Name, n) == i {
			out = append(out, node)
		}
	}
	return out
}

// ShardID is the identity of shard i of n of the nodes, for the shard's
// Diff, its digest keyed with key (nil: plain SHA-256).
func ShardID(nodes []*nodefacts.Node, i, n int, key *secretdigest.Key) *ShardOf {
	names := make([]string, len(nodes))
	for k, node := range nodes {
		names[k] = node.Name
	}
	return &ShardOf{Index: i, Of: n, Fleet: fleetDigest(names, key), KeyID: key.ID()}
}

// shardIndex is the shard (1 to n) a node's name hashes to.
func shardIndex(name string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(name))
	return int(h.Sum32()%uint32(n)) + 1
}

// fleetDigest identifies a set of node names, in any order (keyed as
// keyOf is).
func fleetDigest(names []string, key *secretdigest.Key) string {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	h := key.NewHash()
	for _, n := range sorted {
		h.Write([]byte(n))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// Merge joins the fleet diffs of shards into the diff of the whole fleet:
// the same as one run over all their nodes. It trusts nothing a shard
// says that it can check: the shards must be every shard of one run, each
// once (a missing one is named), each node in the shard its name hashes
// to, and together the fleet the shards were cut from; the node count is
// recounted; a group's key must be the digest of its diff (two different
// diffs under one key would be merged as one). Shards run with different
// strict settings are an error too. With a digest key, every shard must
// have been written with it (its digests are HMACs under it, which no
// one without the key can recompute for a forged shard); without one,
// no shard may have been keyed.
func Merge(parts []*Diff, key *secretdigest.Key) (*Diff, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	if err := checkShardSet(parts); err != nil {
		return nil, err
	}
	if err := checkShardDigests(parts, key); err != nil {
		return nil, err
	}
	b := newBuilder(parts[0].Strict, 0, key)
	seen := map[string]int{}
	var all []string
	for pi, p := range parts {
		at := fmt.Sprintf("shard %d/%d", p.Shard.Index, p.Shard.Of)
		if p.Strict != b.d.Strict {
			return nil, fmt.Errorf("%s was compared with --strict %s, shard %d/%d with %s: run every shard with the same settings", at, p.Strict, parts[0].Shard.Index, parts[0].Shard.Of, b.d.Strict)
		}
		var names []string
		names = append(names, p.Unchanged...)
		b.d.Unchanged = append(b.d.Unchanged, p.Unchanged...)
		for _, g := range p.Groups {
			if k := keyOf(g.Diff, key); k != g.Key {
				return nil, fmt.Errorf("%s: the group of %s has the key %s, but its diff's key is %s: the file was edited, or written by another catc release (run every shard with the same catc), or is not what catc wrote; run the shard again", at, g.Nodes[0], g.Key, k)
			}
			names = append(names, g.Nodes...)
			b.addGroup(&Group{Key: g.Key, Diff: g.Diff, Placeholders: g.Placeholders}, g.Nodes)
		}
		for _, f := range p.Failures {
			names = append(names, f.Nodes...)
			key := f.Side.String() + "\x00" + f.Errors
			have := b.failures[key]
			if have == nil {
				have = &Failure{Side: f.Side, Errors: f.Errors}
				b.failures[key] = have
			}
			have.Nodes = append(have.Nodes, f.Nodes...)
		}
		for _, n := range names {
			if prev, ok := seen[n]; ok {
				return nil, fmt.Errorf("the node %q is in shard %d/%d and in %s: merge the shards of one run", n, parts[prev].Shard.Index, parts[prev].Shard.Of, at)
			}
			if i := shardIndex(n, p.Shard.Of); i != p.Shard.Index {
				return nil, fmt.Errorf("the node %q is in %s but belongs to shard %d/%d: the file was edited or is not what catc wrote", n, at, i, p.Shard.Of)
			}
			seen[n] = pi
		}
		all = append(all, names...)
		b.d.Nodes += len(names)
	}
	if fleetDigest(all, key) != parts[0].Shard.Fleet {
		return nil, fmt.Errorf("the shards hold %d nodes, not the nodes of the fleet they were cut from (a shard file was edited, or the shards come from runs over different --nodes)", len(all))
	}
	return b.result(), nil
}

// checkShardSet requires every shard 1/N to N/N of one fleet, each once.
// (N comes from the files: it is checked before anything is sized by it.)
func checkShardSet(parts []*Diff) error {
	for i, p := range parts {
		if p.Shard == nil {
			return fmt.Errorf("input %d is not a shard (it records no --shard I/N): merge the JSON files of catc diff --nodes --shard I/N --format json", i+1)
		}
	}
	first := parts[0].Shard
	have := map[int]bool{}
	for _, p := range parts {
		s := p.Shard
		if s.Of != first.Of || s.Fleet != first.Fleet {
			return fmt.Errorf("shard %d/%d and shard %d/%d are not of one run (another shard count or another fleet): merge the shards of one run", first.Index, first.Of, s.Index, s.Of)
		}
		if s.Index < 1 || s.Index > s.Of {
			return fmt.Errorf("shard %d/%d is not a shard number from 1 to %d", s.Index, s.Of, s.Of)
		}
		if have[s.Index] {
			return fmt.Errorf("shard %d/%d is given twice: merge each shard once", s.Index, s.Of)
		}
		have[s.Index] = true
	}
	if len(have) == first.Of {
		return nil
	}
	var missing []string
	for i := 1; i <= first.Of && len(missing) < 10; i++ {
		if !have[i] {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Of))
		}
	}
	more := ""
	if n := first.Of - len(have) - len(missing); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	return fmt.Errorf("shard %s%s of the run is missing: merge all %d shards (catc diff --nodes ... --shard I/%d --format json for each)", strings.Join(missing, ", "), more, first.Of, first.Of)
}
