package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/source"
)

// nodesFlag is --nodes of validate, plan, compile and diff.
func nodesFlag() cli.Flag {
	return &cli.StringFlag{Name: "nodes", Usage: "compile once per node: `PATH` is a directory of facts files (Facter JSON, facts documents, Puppet's YAML facts cache) or one file (a PuppetDB export); puppetdb: every active node's facts in PuppetDB (--puppetdb), puppetdb:PQL those of the nodes a PQL query selects", TakesFile: true}
}

// loadSite loads the paths once for many nodes; errors that no node can
// compile past fail the command (for diff, not those Puppet refuses a
// whole catalog for: each node that declares the block reports them).
func loadSite(c *cmdRun, paths []string) (*compiler.Site, error) {
	if err := checkLoadArgs(c, paths); err != nil {
		return nil, err
	}
	data, err := siteHiera(c, paths)
	if err != nil {
		return nil, err
	}
	site, diags := source.Site(paths, source.Options{Vars: c.common.vars, VarFiles: c.common.varFiles, DigestKey: runDigestKey(c), Hiera: data,
		NodeRefusals: c.name == "diff"}) // a diff compares the nodes Puppet would refuse, and says so
	if err := printOrFail(c, diags, site.Files()); err != nil {
		return nil, err
	}
	return site, nil
}

// openNodes opens --nodes for a run that reads each node's facts as it
// comes to it (only the shard's nodes, with --shard): a fleet of any size
// is never held. The facts files' own errors come once the run has read
// them (nodesFailed).
func openNodes(c *cmdRun) (*fleet.Stream, error) {
	if c.common.factsSet {
		return nil, fail("--facts gives the facts of one node; --nodes gives every node's: use one of them")
	}
	spec := c.common.nodes
	if _, ok := source.NodesQuery(spec); ok {
		nodes, err := readNodesOf(c, spec)
		if err != nil {
			return nil, err
		}
		i, n, err := shardOfNodes(c)
		if err != nil {
			return nil, err
		}
		return fleet.ListStream(nodes, i, n), nil
	}
	facts, diags := nodefacts.Open(spec)
	if err := printOrFail(c, diags, nil); err != nil {
		return nil, err
	}
	i, n, err := shardOfNodes(c)
	if err != nil {
		return nil, err
	}
	return fleet.NewStream(facts, i, n), nil
}

// shardOfNodes is --shard of a run over --nodes: 0, 0 without it.
func shardOfNodes(c *cmdRun) (i, n int, err error) {
	if c.common.shard == "" {
		return 0, 0, nil
	}
	return shardOf(c)
}

// readNodes reads --nodes whole (catc lookup, and diff puppetdb: SITE,
// which asks PuppetDB for the nodes' catalogs in their order): the facts
// files, or PuppetDB's inventory.
func readNodes(c *cmdRun) ([]*nodefacts.Node, error) {
	if c.common.factsSet {
		return nil, fail("--facts gives the facts of one node; --nodes gives every node's: use one of them")
	}
	return readNodesOf(c, c.common.nodes)
}

// nodesFailed prints the facts files' diagnostics once a run has read
// them all; when they hold errors (a file that does not read, a node
// read twice) what the run found is void, and the command fails.
func nodesFailed(c *cmdRun, st *fleet.Stream) error {
	diags := st.Diagnostics()
	if err := printOrFail(c, diags, nil); err != nil {
		return err
	}
	return nil
}

// shardOf reads --shard: I/N, or auto, the index and count from the CI
// engine that runs catc (autoShard).
func shardOf(c *cmdRun) (i, n int, err error) {
	s := c.common.shard
	if s == "auto" {
		return autoShard(os.LookupEnv, c.common.shards)
	}
	if c.common.shards != 0 {
		return 0, 0, fail("--shards N gives the shard count to --shard auto in a Kubernetes Indexed Job; with --shard I/N the count is N")
	}
	i, n, ok := parseShard(s)
	if !ok {
		return 0, 0, failf("--shard %q is not I/N with 1 ≤ I ≤ N (e.g. --shard 2/4), nor auto", s)
	}
	return i, n, nil
}

// shardNeedsJSON refuses --shard with another format than json: a
// shard's output is what --merge reads.
func shardNeedsJSON(c *cmdRun, format string) error {
	if c.common.shard != "" && format != "json" {
		return fail("--shard writes the fleet JSON that --merge reads: add --format json")
	}
	return nil
}

func parseShard(s string) (i, n int, ok bool) {
	if _, err := fmt.Sscanf(s, "%d/%d", &i, &n); err != nil || fmt.Sprintf("%d/%d", i, n) != s {
		return 0, 0, false
	}
	return i, n, 1 <= i && i <= n
}

// fleetOptions are the run's options, with a progress bar on a terminal,
// and the digest key (applyDigestKey) that keys a shard's digests.
func fleetOptions(c *cmdRun) (fleet.Options, func()) {
	o := fleet.Options{DigestKey: runDigestKey(c)}
	p := newProgress(c.stderr)
	if p == nil {
		return o, func() {}
	}
	o.Progress = p.update
	return o, p.done
}

// runNodes is validate, plan or compile with --nodes: one line per
// outcome, the nodes that fared alike together, and the diagnostics of
// the first node of each outcome that has any.
func runNodes(c *cmdRun, plans bool, each func(*nodefacts.Node, *graph.Plan) error) ([]fleet.Outcome, error) {
	site, err := loadSite(c, c.common.args)
	if err != nil {
		return nil, err
	}
	nodes, err := openNodes(c)
	if err != nil {
		return nil, err
	}
	o, done := fleetOptions(c)
	o.Each = each
	var outcomes []fleet.Outcome
	if plans {
		outcomes = fleet.PlansStream(site, nodes, o)
	} else {
		outcomes = fleet.ValidateStream(site, nodes, o)
	}
	done()
	if err := nodesFailed(c, nodes); err != nil {
		return nil, err
	}
	for _, out := range outcomes {
		if err := printDiagnostics(c, fleet.OnNodes(out.Diags, out.Nodes), site.Files()); err != nil {
			return nil, err
		}
	}
	return outcomes, nil
}

// writeOutcomes prints one line per outcome and fails when a node fails.
func writeOutcomes(w io.Writer, outcomes []fleet.Outcome) error {
	if err := render.OutcomesText(w, outcomes); err != nil {
		return err
	}
	for _, o := range outcomes {
		if o.Failed {
			return failed()
		}
	}
	return nil
}

// compileNodes is compile --nodes -o DIR: one catalog per node,
// DIR/NAME.json, every one or none (see stageDir: written into a new
// directory that replaces DIR once all nodes compiled).
func compileNodes(c *cmdRun, write func(w io.Writer, g *graph.Graph, node string) error) error {
	dir := c.common.output
	if c.common.toStdout() {
		return fail("compile --nodes writes one catalog per node: give the directory with -o DIR")
	}
	staged, err := stageDir(dir, guardOf(c))
	if err != nil {
		return err
	}
	defer staged.Discard()
	outcomes, err := runNodes(c, false, func(n *nodefacts.Node, p *graph.Plan) error {
		if n.Name == "" || strings.ContainsAny(n.Name, `/\`) || strings.HasPrefix(n.Name, ".") {
			return fmt.Errorf("the node name %q cannot be a file name", n.Name)
		}
		var b bytes.Buffer
		if err := write(&b, p.Graph, n.Name); err != nil {
			return err
		}
		return staged.Add(n.Name+".json", bytesWriter(b.Bytes()))
	})
	if err != nil {
		return err
	}
	if err := writeOutcomes(c.stderr, outcomes); err != nil {
		return err // nothing is written
	}
	return failOn(staged.Commit())
}

// validateNodes is validate --nodes: diagnostics, then the outcome lines,
// all on standard error (with --diagnostics json, only the JSON).
func validateNodes(c *cmdRun, f checkFlags) error {
	outcomes, err := runNodes(c, false, nil)
	if err != nil {
		return err
	}
	strictFail := false
	for _, o := range outcomes {
		strictFail = strictFail || f.strict && len(o.Diags) > 0
	}
	if jsonDiagnostics(c) {
		if err := writeOutcomes(io.Discard, outcomes); err != nil {
			return err
		}
	} else if err := writeOutcomes(c.stderr, outcomes); err != nil {
		return err
	}
	if strictFail {
		return failed()
	}
	return nil
}

// planNodes is plan --nodes: one line per distinct plan (and per kind of
// failure), then each distinct plan once with the nodes that share it; or
// all of it as one JSON document.
func planNodes(c *cmdRun, pf planFlags) error {
	return writeFleetPlans(c, pf, "plan --nodes orders as Puppet does; --ordering and --seed take one node (--facts FILE)",
		func() ([]fleet.Outcome, error) { return runNodes(c, true, nil) })
}

// writeFleetPlans writes the plans of a fleet's nodes (run): the outcome
// lines, then each distinct plan once, as text or JSON; --ordering and
// --seed are refused with noOrdering, and a failing node fails the
// command once all is written.
func writeFleetPlans(c *cmdRun, pf planFlags, noOrdering string, run func() ([]fleet.Outcome, error)) error {
	write := render.FleetPlansText
	switch f := pf.format; f {
	case "text":
	case "json":
		write = fleet.WritePlansJSON
	default:
		return failf("--format %q is not a plan format: use text or json", f)
	}
	if pf.orderingSet {
		return fail(noOrdering)
	}
	outcomes, err := run()
	if err != nil {
		return err
	}
	if err := writeOutput(c, func(w io.Writer) error { return write(w, outcomes) }); err != nil {
		return err
	}
	for _, o := range outcomes {
		if o.Failed {
			return failed()
		}
	}
	return nil
}
