package main

import (
	"time"

	"github.com/urfave/cli/v2"
)

// The flags of a run are read from the cli.Context here only, once, into
// typed structs: commonFlags (what the shared steps read: loading,
// diagnostics, output, nodes) and one struct per command for its own.
// A flag a command does not define reads as its zero value.

// commonFlags are the flags the shared steps read.
type commonFlags struct {
	args []string // the positional arguments

	// loading (loadFlags)
	diagnostics    string
	maxDiagnostics int
	vars, varFiles []string
	facts          string
	factsSet       bool
	digestKeyFile  string

	// output (outputFlag, overwriteFlag)
	output    string
	overwrite bool

	// nodes (nodesFlag, --shard)
	nodes    string
	nodesSet bool
	shard    string
	shardSet bool
	shards   int // --shards N: the count for --shard auto in a Kubernetes Indexed Job

	// diff's sides, which are inputs too (guardOf)
	old, new []string
}

// commonKey keeps the run's commonFlags in the app's metadata.
const commonKey = "catc.flags"

// commonOf is the run's commonFlags, parsed the first time it is asked
// for (each run has one command, and the app keeps no state between
// runs).
func commonOf(c *cli.Context) *commonFlags {
	if f, ok := c.App.Metadata[commonKey].(*commonFlags); ok {
		return f
	}
	f := &commonFlags{
		args:           c.Args().Slice(),
		diagnostics:    c.String("diagnostics"),
		maxDiagnostics: c.Int("max-diagnostics"),
		vars:           c.StringSlice("var"),
		varFiles:       c.StringSlice("var-file"),
		facts:          c.String("facts"),
		factsSet:       c.IsSet("facts"),
		digestKeyFile:  c.String("digest-key-file"),
		output:         c.String("output"),
		overwrite:      c.Bool("overwrite"),
		nodes:          c.String("nodes"),
		nodesSet:       c.IsSet("nodes"),
		shard:          c.String("shard"),
		shardSet:       c.IsSet("shard"),
		shards:         c.Int("shards"),
		old:            c.StringSlice("old"),
		new:            c.StringSlice("new"),
	}
	c.App.Metadata[commonKey] = f
	return f
}

// toStdout reports whether the output goes to standard output (no -o, or
// -o -).
func (f *commonFlags) toStdout() bool { return f.output == "" || f.output == "-" }

// planFlags are plan's own flags (--ordering and --seed also reach the
// graph every command orders, where they are unset).
type planFlags struct {
	format   string
	ordering string
	seed     int64
	// orderingSet: --ordering or --seed was given.
	orderingSet bool
}

func planFlagsOf(c *cli.Context) planFlags {
	return planFlags{format: c.String("format"), ordering: c.String("ordering"), seed: c.Int64("seed"),
		orderingSet: c.IsSet("ordering") || c.IsSet("seed")}
}

// compileFlags are compile's own flags.
type compileFlags struct {
	format                       string
	revealSecrets, redactSecrets bool
}

func compileFlagsOf(c *cli.Context) compileFlags {
	return compileFlags{format: c.String("format"), revealSecrets: c.Bool("reveal-secrets"), redactSecrets: c.Bool("redact-secrets")}
}

// graphFlags are graph's own flags.
type graphFlags struct {
	format, cluster, direction string
	depth                      int
	focus, types, collapse     []string
	cycles, force              bool
	timeout                    time.Duration
}

func graphFlagsOf(c *cli.Context) graphFlags {
	return graphFlags{
		format: c.String("format"), cluster: c.String("cluster"), direction: c.String("direction"),
		depth: c.Int("depth"), focus: c.StringSlice("focus"), types: c.StringSlice("type"),
		collapse: c.StringSlice("collapse"), cycles: c.Bool("cycles"), force: c.Bool("force"), timeout: c.Duration("timeout"),
	}
}

// diffFlags are diff's own flags (also with --nodes and --merge).
type diffFlags struct {
	format           string
	strict           string
	base             string
	baseSet          bool
	repo             string // --repo: where the working tree of --base is found ("": the current directory)
	merge            bool
	detailedExitcode bool
	markdownBudget   int
}

func diffFlagsOf(c *cli.Context) diffFlags {
	return diffFlags{
		format: c.String("format"), strict: c.String("strict"),
		base: c.String("base"), baseSet: c.IsSet("base"), repo: c.String("repo"), merge: c.Bool("merge"),
		detailedExitcode: c.Bool("detailed-exitcode"), markdownBudget: c.Int("markdown-budget"),
	}
}

// fmtFlags are fmt's own flags.
type fmtFlags struct{ check, diff bool }

func fmtFlagsOf(c *cli.Context) fmtFlags {
	return fmtFlags{check: c.Bool("check"), diff: c.Bool("diff")}
}

// checkFlags are the flags of the commands that check: --strict (validate,
// import), --aliases (match, import) and --subject (match).
type checkFlags struct {
	strict  bool
	aliases []string
	subject string
}

func checkFlagsOf(c *cli.Context) checkFlags {
	return checkFlags{strict: c.Bool("strict"), aliases: c.StringSlice("aliases"), subject: c.String("subject")}
}
