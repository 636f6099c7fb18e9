package main

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/source"
	"github.com/catc-dev/catc/internal/words"
)

// exitChanges is `diff --detailed-exitcode`'s code for "there are changes"
// (Terraform's and octocatalog-diff's convention).
const exitChanges = 2

func diffCommand() *cli.Command {
	return &cli.Command{
		Name:  "diff",
		Usage: "compare two catalogs: resources, attributes, edges, apply order, refreshes, cycles",
		ArgsUsage: "OLD NEW  (catalog JSON files from 'catc compile' or from Puppet, or HCL files/directories)\n" +
			"   or: catc diff OLD_DIR NEW_DIR   (directories of per-node Puppet catalogs, NODE.json: a fleet)\n" +
			"   or: catc diff puppetdb[:PQL] NEW_DIR   (every node's current catalog in PuppetDB: --puppetdb; with an HCL SITE instead of NEW_DIR, add --nodes)\n" +
			"   or: catc diff --base REV PATH...   (PATH... at git revision REV against the working tree; PATH may be a directory of NODE.json)\n" +
			"   or: catc diff --old PATH... --new PATH...\n" +
			"   with --nodes FACTS: every node's diff, the nodes grouped by what changes\n" +
			"   or: catc diff --merge SHARD.json...   (the fleet JSON of --shard I/N runs)",
		Flags: append(append(catalogFlags(), fleetDiffFlags()...), outputFlag(), overwriteFlag(),
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT` of the diff: text, markdown, json or html (the new graph, changes coloured)"},
			&cli.BoolFlag{Name: "detailed-exitcode", Usage: "exit 0 when there is no change, 2 when there are changes, 1 on errors"},
			&cli.StringFlag{Name: "base", Usage: "compare PATH... at git revision `REV` with the working tree (the git working tree holding the current directory, or --repo)"},
			&cli.StringFlag{Name: "repo", Usage: "with --base, read REV from the git working tree at `DIR` instead of the one holding the current directory (never from a PATH: a checkout can commit a repository of its own)"},
			&cli.StringSliceFlag{Name: "old", Usage: "a `PATH` of the old side (repeat for several)"},
			&cli.StringSliceFlag{Name: "new", Usage: "a `PATH` of the new side (repeat for several)"},
			&cli.StringFlag{Name: "strict", Value: "error", Usage: "Puppet's strict `SETTING` for init_only changes: error (Puppet 8's default: the resource fails, its dependents are skipped), warning (Puppet 7's: a warning, updated in place) or off"},
			&cli.IntFlag{Name: "markdown-budget", Value: render.DefaultMarkdownBudget, Usage: "most `CHARACTERS` of Markdown; detail is dropped to fit"},
		),
		Action: withRun(runDiff),
	}
}

func runDiff(c *cmdRun) error {
	f := c.diffFlags
	if err := pointless(c, "repo", f.baseSet, "--base REV"); err != nil {
		return err
	}
	write, err := diffWriter(c, f)
	if err != nil {
		return err
	}
	strict, ok := plandiff.ParseStrict(f.strict)
	if !ok {
		return failf("--strict %q is not a strict setting: use error, warning or off", f.strict)
	}
	if c.IsSet("shards") && c.common.shard != "auto" {
		return fail("--shards N gives the shard count to --shard auto in a Kubernetes Indexed Job: add --shard auto, or drop --shards")
	}
	cf, catalogDirs := catalogFleetOf(c, f)
	if c.common.nodesSet || f.merge || catalogDirs {
		if f.format == "html" && catalogDirs && cf.base != "" {
			return failf("--format html draws one diff, and %s is a directory of node catalogs (a fleet): "+
				"diff one node's catalog (--base %s %s/NODE.json), or use text, markdown or json for the fleet",
				words.Escape(cf.newDir), words.Escape(cf.base), words.Escape(cf.newDir))
		}
		if f.format == "html" && catalogDirs {
			return failf("--format html draws one diff, and %s and %s are directories of node catalogs (a fleet): "+
				"diff one node's two catalogs (%s/NODE.json %s/NODE.json), or use text, markdown or json for the fleet",
				words.Escape(cf.oldDir), words.Escape(cf.newDir), words.Escape(cf.oldDir), words.Escape(cf.newDir))
		}
		if f.format == "html" {
			return fail("--format html draws one diff: draw one node's (--facts FILE in place of --nodes, no --merge), or use text, markdown or json for the fleet")
		}
		return runFleetDiff(c, f, strict, cf, catalogDirs)
	}
	if c.common.shardSet {
		return fail("--shard takes a share of the nodes: add --nodes PATH")
	}
	old, new, err := diffSides(c, f)
	if err != nil {
		return err
	}
	d := plandiff.DiffWith(old, new, plandiff.DiffOptions{Strict: strict})
	if f.format == "html" {
		write = diffPage(old, new, "catc diff "+strings.Join(c.common.args, " "))
	}
	if err := writeOutput(c, func(w io.Writer) error { return write(w, d) }); err != nil {
		return err
	}
	if d.AppliesNothing() { // Puppet would fail the run: so does the diff
		return fail("the new catalog has a dependency cycle: Puppet would apply nothing from it (the diff lists the cycles)")
	}
	if d.Refused() {
		return fail("the new catalog fails: Puppet would refuse it and apply nothing from it (the diff says why)")
	}
	if f.detailedExitcode && d.HasChanges() { // secrets no one can compare are not changes
		return changesFound()
	}
	return nil
}

// diffWriter picks the renderer for --format.
func diffWriter(c *cmdRun, df diffFlags) (func(io.Writer, *plandiff.PlanDiff) error, error) {
	opts := render.DiffOptions{Budget: df.markdownBudget}
	switch f := df.format; f {
	case "text":
		opts.Color = c.common.toStdout() && colorTerminal(c.stdout)
		return func(w io.Writer, d *plandiff.PlanDiff) error { return render.DiffText(w, d, opts) }, nil
	case "markdown", "md":
		return func(w io.Writer, d *plandiff.PlanDiff) error { return render.DiffMarkdown(w, d, opts) }, nil
	case "json":
		return plandiff.WriteJSON, nil
	case "html":
		return nil, nil // needs both sides: see runDiff
	default:
		return nil, failf("--format %q is not a diff format: use text, markdown, json or html", f)
	}
}

// diffSides loads the two sides from whichever form of input was given.
func diffSides(c *cmdRun, f diffFlags) (old, new *plandiff.Snapshot, err error) {
	if err := applyDigestKey(c); err != nil {
		return nil, nil, err
	}
	in, err := diffInputs(c, f, "--base REV takes the paths to compare: catc diff --base REV PATH...",
		"diff takes OLD NEW (catalog JSON files or HCL paths), or --base REV PATH...")
	if err != nil {
		return nil, nil, err
	}
	if in.base != "" {
		return baseSides(c, in.base, in.new)
	}
	if old, err = loadSide(c, in.old); err != nil {
		return nil, nil, err
	}
	new, err = loadSide(c, in.new)
	return old, new, err
}

// diffInput is what a diff compares: with --base REV, the paths (new)
// at REV against the working tree; else the old and the new paths.
type diffInput struct {
	base     string
	old, new []string
}

// diffInputs reads the form of input: --base REV PATH..., --old PATH...
// --new PATH..., or OLD NEW. baseUsage and pairUsage say how to give the
// first and the last when they are given wrong.
func diffInputs(c *cmdRun, f diffFlags, baseUsage, pairUsage string) (diffInput, error) {
	args := c.common.args
	oldPaths, newPaths := c.common.old, c.common.new
	switch {
	case f.baseSet:
		if len(oldPaths)+len(newPaths) > 0 || len(args) == 0 {
			return diffInput{}, fail(baseUsage)
		}
		return diffInput{base: f.base, new: args}, nil
	case len(oldPaths)+len(newPaths) > 0:
		if len(oldPaths) == 0 || len(newPaths) == 0 || len(args) > 0 {
			return diffInput{}, fail("--old and --new go together, instead of OLD NEW: catc diff --old PATH... --new PATH...")
		}
		return diffInput{old: oldPaths, new: newPaths}, nil
	default:
		if len(args) != 2 {
			return diffInput{}, fail(pairUsage)
		}
		return diffInput{old: args[:1], new: args[1:]}, nil
	}
}

// loadSide reads one side: a single *.json file is a catalog JSON (from
// `catc compile`) unless its content says Puppet wrote it; a Puppet
// catalog (with HCL type files beside it) and anything else load as for
// plan. Cycles do not fail the load, nor errors for which Puppet refuses
// a catalog that is whole (catalog.RefusedWhole): the diff reports them.
func loadSide(c *cmdRun, paths []string) (*plandiff.Snapshot, error) {
	var ins []source.Input
	if len(paths) == 1 && strings.EqualFold(filepath.Ext(paths[0]), ".json") {
		in, err := source.ReadWhole(paths[0]) // read once, Puppet's or catc's
		if err != nil {
			return nil, failf("cannot read %s: %v", paths[0], inputfile.Cause(err))
		}
		if in.Kind != source.KindPuppet {
			s, err := plandiff.ReadSnapshot(in.Data(), paths[0])
			if err != nil {
				return nil, fail(err.Error())
			}
			return s, nil
		}
		ins = []source.Input{in}
	} else {
		ins = c.paths.Classify(paths) // each path's start read once
	}
	if err := checkLoadArgs(c, paths); err != nil {
		return nil, err
	}
	cat, errs, err := loadInputs(c, ins, false, true)
	if err != nil {
		return nil, err
	}
	s, _ := pipeline.Snapshot(cat, errs) // a kept catalog: never nil
	return s, nil
}
