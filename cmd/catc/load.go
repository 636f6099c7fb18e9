package main

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/render"
)

// loadFlags are the flags of every command that reads HCL.
func loadFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "diagnostics", Value: "text", Usage: "print diagnostics as `FORMAT`: text, json or github"},
		maxDiagnosticsFlag(),
		&cli.StringSliceFlag{Name: "var", Usage: "set a variable: `NAME=VALUE` (repeatable)"},
		&cli.StringSliceFlag{Name: "var-file", Usage: "read variables from `FILE` (HCL: name = value; repeatable)", TakesFile: true},
		&cli.StringFlag{Name: "facts", Usage: "read facts.* from `FILE`, one node's facts (Facter JSON, a facts document or Puppet's YAML facts cache)", TakesFile: true},
		digestKeyFlag(),
	}
}

// catalogFlags are loadFlags and the flags that reach PuppetDB: those of
// the commands that read a catalog or nodes (puppetdb:CERTNAME,
// --nodes puppetdb).
func catalogFlags() []cli.Flag {
	return append(loadFlags(), puppetDBFlags()...)
}

// loadCatalog loads the paths, prints every diagnostic, and fails when
// there are errors (or warnings, with strict).
func loadCatalog(c *cli.Context, paths []string, strict bool) (*catalog.Catalog, error) {
	cat, _, err := loadCatalogKeeping(c, paths, strict, false)
	return cat, err
}

// loadCatalogKeeping is loadCatalog that, with keepRefused, also keeps a
// catalog whose only errors are ones Puppet refuses it for although it
// is whole (catalog.RefusedWhole), returning them (printed too): a diff
// still compares it and says it fails.
func loadCatalogKeeping(c *cli.Context, paths []string, strict, keepRefused bool) (*catalog.Catalog, hcl.Diagnostics, error) {
	if err := checkLoadArgs(c, paths); err != nil {
		return nil, nil, err
	}
	catalogs, hclPaths, err := splitPuppetPaths(paths)
	if err != nil {
		return nil, nil, err
	}
	if len(catalogs) > 0 {
		return loadPuppet(c, catalogs, hclPaths, strict, keepRefused)
	}
	data, err := siteHiera(c, paths)
	if err != nil {
		return nil, nil, err
	}
	node, nodeDiags := nodefacts.ReadOne(commonOf(c).facts)
	cat, diags := compiler.Load(paths, compiler.LoadOptions{
		Hiera:     data,
		Vars:      commonOf(c).vars,
		VarFiles:  commonOf(c).varFiles,
		Node:      node,
		NodeDiags: nodeDiags,
		DigestKey: runDigestKey(c),
	})
	if err := printDiagnostics(c, diags, cat.Files()); err != nil {
		return nil, nil, err
	}
	return keptOrFailed(cat, diags, strict, keepRefused)
}

// keptOrFailed is a load's outcome: failed for errors (or warnings, with
// strict) unless keepRefused keeps a catalog Puppet refuses whole, with
// its errors.
func keptOrFailed(cat *catalog.Catalog, diags hcl.Diagnostics, strict, keepRefused bool) (*catalog.Catalog, hcl.Diagnostics, error) {
	switch {
	case diags.HasErrors() && keepRefused && catalog.RefusedWhole(diags):
		return cat, diags, nil
	case diags.HasErrors() || strict && len(diags) > 0:
		return nil, nil, failed()
	}
	return cat, nil, nil
}

// defaultMaxDiagnostics bounds what one run prints: past a hundred
// errors the rest mostly follow from the first ones, and printing tens
// of thousands (a binary file) would flood the log.
const defaultMaxDiagnostics = 100

func maxDiagnosticsFlag() cli.Flag {
	return &cli.IntFlag{Name: "max-diagnostics", Value: defaultMaxDiagnostics, Usage: "print at most `N` diagnostics, then a count of the rest (0: all)"}
}

// printDiagnostics writes diags to stderr in the chosen format (JSON at
// the end of the run, see diagSink). Text is wrapped at the terminal's
// width, and not at all in a log or pipe.
func printDiagnostics(c *cli.Context, diags hcl.Diagnostics, files map[string]*hcl.File) error {
	format, err := render.ParseDiagnosticFormat(commonOf(c).diagnostics)
	if err != nil {
		return fail(err.Error())
	}
	max := commonOf(c).maxDiagnostics
	if max < 0 {
		return failf("--max-diagnostics %d is negative: give 0 (print all) or more", max)
	}
	sink := sinkOf(c)
	sink.max = max
	diags = render.WhyHints(diags, nil) // cycles of commands that do not say how to load again
	diags, files = sink.renamed(diags, files)
	if !sink.count(format, diags) {
		return nil
	}
	return render.WriteDiagnostics(c.App.ErrWriter, diags, render.DiagnosticOptions{
		Format: format,
		Files:  files,
		Color:  colorTerminal(c.App.ErrWriter),
		Width:  terminalWidth(c.App.ErrWriter),
		Max:    max,
	})
}

// jsonDiagnostics reports whether standard error is one JSON document
// (--diagnostics json), which takes no notes or summaries.
func jsonDiagnostics(c *cli.Context) bool {
	return render.DiagnosticFormat(commonOf(c).diagnostics) == render.DiagJSON
}

// checkLoadArgs checks what every loading command needs before it reads
// anything: HCL paths (checkPathArgs), a usable digest key.
func checkLoadArgs(c *cli.Context, paths []string) error {
	if err := checkPathArgs(c, paths); err != nil {
		return err
	}
	return applyDigestKey(c)
}

// checkPathArgs checks what a command that reads HCL paths needs: a known
// diagnostics format, at least one path.
func checkPathArgs(c *cli.Context, paths []string) error {
	if _, err := render.ParseDiagnosticFormat(commonOf(c).diagnostics); err != nil {
		return fail(err.Error())
	}
	if len(paths) == 0 {
		return fail(c.Command.Name + " needs at least one PATH: " + pathKinds(c))
	}
	return nil
}

// pathKinds says what the command's PATH arguments may be: HCL, and for
// the commands that read Puppet's catalogs, the catalog JSON (and for
// those that read a fleet of them, a directory of NODE.json).
func pathKinds(c *cli.Context) string {
	const hcl = "a .hcl file or a directory of them"
	if c.Command.Name == "fmt" || commonOf(c).nodesSet {
		return hcl
	}
	s := "HCL (" + hcl + ") or the JSON of a catalog Puppet compiled (puppet catalog find NODE --terminus compiler --render-as json)"
	switch c.Command.Name {
	case "validate", "plan", "graph":
		s += ", or a directory of such catalogs, one NODE.json per node"
	}
	return s
}
