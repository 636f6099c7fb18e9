package main

import (
	"context"
	"io"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/puppetdb"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/source"
)

// The flags of a run are read from the cli.Context here only, once (in
// newRun, from the command's action), into typed structs held by the
// run's cmdRun: commonFlags (what the shared steps read: loading,
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

// cmdRun is one run of a command: its flags, read from the
// *cli.Context once in the command's action (newRun), and what the run
// keeps (its diagnostics, digest key and PuppetDB client). Everything
// below the action takes it, never the *cli.Context.
type cmdRun struct {
	ctx            context.Context
	name           string // the command's
	stdout, stderr io.Writer
	// set holds the names (and aliases) of the flags given, also
	// through their environment variables.
	set    map[string]bool
	common *commonFlags

	planFlags    planFlags
	compileFlags compileFlags
	graphFlags   graphFlags
	diffFlags    diffFlags
	fmtFlags     fmtFlags
	checkFlags   checkFlags
	lookupFlags  lookupFlags
	docFlags     docFlags
	// puppetDBConfig is --puppetdb and its TLS flags (puppetDBOf).
	puppetDBConfig puppetdb.Config

	sink *diagSink
	// paths tells what the run's paths hold, each once.
	paths source.Paths
	// digestKey is the run's key, read once (applyDigestKey).
	digestKey     *secretdigest.Key
	digestKeyRead bool
	// puppetDB is the run's client, made at its first use (puppetDBOf).
	puppetDB *puppetdb.Client
	// node is --facts, read once (factsNode): both sides of a diff
	// compile for it.
	node      *nodefacts.Node
	nodeDiags hcl.Diagnostics
	nodeRead  bool
}

// factsNode is the node of --facts, read at the first call.
func (c *cmdRun) factsNode() (*nodefacts.Node, hcl.Diagnostics) {
	if !c.nodeRead {
		c.node, c.nodeDiags = source.Facts(c.common.facts)
		c.nodeRead = true
	}
	return c.node, c.nodeDiags
}

// withRun is a command's action that takes the run.
func withRun(action func(*cmdRun) error) cli.ActionFunc {
	return func(c *cli.Context) error { return action(newRun(c)) }
}

// newRun reads the flags of c's command, each once. A flag the command
// does not define reads as its zero value.
func newRun(c *cli.Context) *cmdRun {
	r := &cmdRun{ctx: c.Context, name: c.Command.Name, stdout: c.App.Writer, stderr: c.App.ErrWriter,
		set: map[string]bool{}, common: commonFlagsOf(c), sink: sinkOf(c),
		planFlags: planFlagsOf(c), compileFlags: compileFlagsOf(c), graphFlags: graphFlagsOf(c),
		diffFlags: diffFlagsOf(c), fmtFlags: fmtFlagsOf(c), checkFlags: checkFlagsOf(c),
		lookupFlags: lookupFlagsOf(c), docFlags: docFlagsOf(c), puppetDBConfig: puppetDBConfigOf(c),
	}
	for _, f := range c.Command.Flags {
		for _, n := range f.Names() {
			if c.IsSet(n) {
				r.set[n] = true
			}
		}
	}
	return r
}

// IsSet reports whether the flag name was given.
func (r *cmdRun) IsSet(name string) bool { return r.set[name] }

// commonFlagsOf reads the flags the shared steps read.
func commonFlagsOf(c *cli.Context) *commonFlags {
	return &commonFlags{
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

func lookupFlagsOf(c *cli.Context) lookupFlags {
	return lookupFlags{
		merge: c.String("merge"), prefix: c.String("knock-out-prefix"), typ: c.String("type"),
		def: c.String("default"), defSet: c.IsSet("default"), format: c.String("format"),
		sortArrays: c.Bool("sort-merged-arrays"), hashArrays: c.Bool("merge-hash-arrays"), explain: c.Bool("explain"),
	}
}

// docFlags are doc's own flags.
type docFlags struct{ builtin, moduleTypes bool }

func docFlagsOf(c *cli.Context) docFlags {
	return docFlags{builtin: c.Bool("builtin"), moduleTypes: c.Bool("module-types")}
}

// puppetDBConfigOf reads --puppetdb and the flags that reach it.
func puppetDBConfigOf(c *cli.Context) puppetdb.Config {
	return puppetdb.Config{
		URL: c.String("puppetdb"), CACert: c.String("puppetdb-cacert"),
		Cert: c.String("puppetdb-cert"), Key: c.String("puppetdb-key"),
		TokenFile: c.String("puppetdb-token-file"), InsecureHTTP: c.Bool("puppetdb-insecure-http"),
		Timeout: c.Duration("puppetdb-timeout"),
	}
}
