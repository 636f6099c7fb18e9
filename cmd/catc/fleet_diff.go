package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/words"
)

// fleetDiffFlags are diff's flags for fleets.
func fleetDiffFlags() []cli.Flag {
	return []cli.Flag{
		nodesFlag(),
		&cli.StringFlag{Name: "shard", Usage: "with --nodes, compare only shard `I/N` of the nodes (by a hash of each name) and write the fleet JSON for --merge; auto: the index and count from the CI engine (GitLab's parallel jobs, a Kubernetes Indexed Job with --shards N); its digests are HMACs under the digest key when one is given, else plain SHA-256, which catches an edited shard but not a forged one (anyone can recompute them)"},
		&cli.IntFlag{Name: "shards", Usage: "with --shard auto in a Kubernetes Indexed Job: the shard count `N` (the Job's completions)"},
		&cli.BoolFlag{Name: "merge", Usage: "the arguments are fleet diff JSON files of the shards of one run (--shard I/N --format json): print them as one diff; with the digest key the shards were written with, a forged shard is refused too"},
	}
}

// runFleetDiff is diff --nodes, diff --merge and the diff of two
// directories of per-node Puppet catalogs. The fleet diff is
// written whole; then nodes that fail on the new side, or whose new
// catalog has a cycle (Puppet would apply nothing), fail the command
// (exit 1), except for a shard, whose failures the merge reports.
func runFleetDiff(c *cmdRun, f diffFlags, strict plandiff.Strict, cf catalogFleet, catalogDirs bool) error {
	var d *fleet.Diff
	var err error
	switch {
	case f.merge:
		d, err = mergeShards(c)
	case catalogDirs:
		d, err = diffCatalogDirs(c, f, cf, strict)
	default:
		d, err = diffNodes(c, f, strict)
	}
	if err != nil {
		return err
	}
	if err := writeOutput(c, func(w io.Writer) error { return writeFleet(c, f, w, d) }); err != nil {
		return err
	}
	if c.common.shard == "" && d.Failing(fleet.NewSide)+d.Failing(fleet.BothSides) > 0 {
		return failed()
	}
	if n := d.AppliesNothing(); c.common.shard == "" && n > 0 {
		what := fmt.Sprintf("the new catalogs of %d nodes have", n)
		if n == 1 {
			what = "the new catalog of 1 node has"
		}
		return fail(what + " a dependency cycle: Puppet would apply nothing there (the diff lists the cycles)")
	}
	if n := d.Refused(); c.common.shard == "" && n > 0 {
		return fail(words.Noun(n, "node's new catalog fails", "nodes' new catalogs fail") + ": Puppet would refuse " + words.Pick(n, "it", "them") + " and apply nothing there (the diff says why)")
	}
	if f.detailedExitcode && d.Changed() > 0 {
		return changesFound()
	}
	return nil
}

func writeFleet(c *cmdRun, df diffFlags, w io.Writer, d *fleet.Diff) error {
	opts := render.DiffOptions{Budget: df.markdownBudget}
	switch f := df.format; f {
	case "text":
		opts.Color = c.common.toStdout() && colorTerminal(c.stdout)
		return render.FleetText(w, d, opts)
	case "markdown", "md":
		return render.FleetMarkdown(w, d, opts)
	default:
		return fleet.WriteJSON(w, d)
	}
}

// mergeShards reads the shards' fleet JSON files (the arguments).
func mergeShards(c *cmdRun) (*fleet.Diff, error) {
	for _, name := range []string{"nodes", "shard", "base", "old", "new"} {
		if c.IsSet(name) {
			return nil, failf("--merge takes only the shards' JSON files; --%s belongs to the runs that wrote them", name)
		}
	}
	files := c.common.args
	if len(files) == 0 {
		return nil, fail("--merge takes the fleet diff JSON files of the shards: catc diff --merge a.json b.json ...")
	}
	var parts []*fleet.Diff
	for _, f := range files {
		data, err := inputfile.Read(f)
		if err != nil {
			return nil, failf("cannot read %s: %v", f, inputfile.Cause(err))
		}
		d, err := fleet.ReadJSON(data, f)
		if err != nil {
			return nil, fail(err.Error())
		}
		parts = append(parts, d)
	}
	// The inputs are checked as one set of shards (all of them, of one
	// run, each once) and recounted: a shard missing must not pass as a
	// smaller fleet.
	// With a digest key the shards' digests are HMACs under it: a shard
	// edited and its digests recomputed is refused.
	if err := applyDigestKey(c); err != nil {
		return nil, err
	}
	d, err := fleet.Merge(parts, runDigestKey(c))
	if err != nil {
		return nil, fail(err.Error())
	}
	return d, nil
}

// diffNodes compiles both sides for every node (of the shard).
func diffNodes(c *cmdRun, f diffFlags, strict plandiff.Strict) (*fleet.Diff, error) {
	if err := shardNeedsJSON(c, f.format); err != nil {
		return nil, err
	}
	in, err := diffInputs(c, f, "--base REV takes the paths to compare: catc diff --base REV PATH... --nodes FACTS",
		"diff --nodes takes OLD NEW (HCL paths), or --base REV PATH...")
	if err != nil {
		return nil, err
	}
	var sides fleet.Sides
	compare := func() (*fleet.Diff, error) {
		var err error
		if sides.New, err = loadHCLSite(c, in.new); err != nil {
			return nil, err
		}
		nodes, err := openNodes(c)
		if err != nil {
			return nil, err
		}
		o, done := fleetOptions(c)
		d := fleet.DiffStream(sides, nodes, plandiff.DiffOptions{Strict: strict}, o)
		done()
		if err := nodesFailed(c, nodes); err != nil {
			return nil, err
		}
		if err := printNewFailures(c, d, sides.New.Files()); err != nil {
			return nil, err
		}
		return d, nil
	}
	if in.base == "" {
		if sides.Old, err = loadHCLSite(c, in.old); err != nil {
			return nil, err
		}
		return compare()
	}
	var d *fleet.Diff
	err = atBase(c, in.base, in.new, func(at *baseTree) error {
		if len(at.Paths) > 0 {
			var err error
			if sides.Old, err = loadSite(c, at.Paths); err != nil {
				return err
			}
			sides.FixOld, sides.FixOldDiags = at.snapshot, at.diags
		}
		// The old side's Hiera data files are read as its nodes look
		// keys up: the revision's files stay until the fleet is compared.
		var err error
		d, err = compare()
		return err
	})
	return d, err
}

// printNewFailures prints what to fix: the errors of the nodes that no
// longer compile (or read) on the new side, whose source is in files.
func printNewFailures(c *cmdRun, d *fleet.Diff, files map[string]*hcl.File) error {
	for _, f := range d.Failures {
		if f.Side == fleet.NewSide {
			if err := printDiagnostics(c, fleet.OnNodes(f.Diags, f.Nodes), files); err != nil {
				return err
			}
		}
	}
	return nil
}

// loadHCLSite is loadSite for a diff side, which must be HCL: a catalog
// JSON is one node's already.
func loadHCLSite(c *cmdRun, paths []string) (*compiler.Site, error) {
	for _, p := range paths {
		if strings.EqualFold(filepath.Ext(p), ".json") {
			return nil, failf("%s is a compiled catalog, of one node; --nodes compiles HCL sources for every node", p)
		}
	}
	return loadSite(c, paths)
}
