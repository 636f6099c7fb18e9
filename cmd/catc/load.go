package main

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/source"
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
func loadCatalog(c *cmdRun, paths []string, strict bool) (*catalog.Catalog, error) {
	cat, _, err := loadCatalogKeeping(c, paths, strict, false)
	return cat, err
}

// loadCatalogKeeping is loadCatalog that, with keepRefused, also keeps a
// catalog whose only errors are ones Puppet refuses it for although it
// is whole (catalog.RefusedWhole), returning them (printed too): a diff
// still compares it and says it fails.
func loadCatalogKeeping(c *cmdRun, paths []string, strict, keepRefused bool) (*catalog.Catalog, hcl.Diagnostics, error) {
	if err := checkLoadArgs(c, paths); err != nil {
		return nil, nil, err
	}
	return loadInputs(c, c.paths.Classify(paths), strict, keepRefused)
}

// loadInputs is loadCatalogKeeping of paths already classified (each
// read once to tell what it is).
func loadInputs(c *cmdRun, ins []source.Input, strict, keepRefused bool) (*catalog.Catalog, hcl.Diagnostics, error) {
	puppet, hclPaths, err := source.Split(ins)
	if err != nil {
		return nil, nil, fail(err.Error())
	}
	if puppet != nil {
		return loadPuppet(c, *puppet, hclPaths, strict, keepRefused)
	}
	paths := hclPaths
	data, err := siteHiera(c, paths)
	if err != nil {
		return nil, nil, err
	}
	node, nodeDiags := c.factsNode()
	cat, diags := source.HCL(paths, source.Options{
		Hiera:     data,
		Vars:      c.common.vars,
		VarFiles:  c.common.varFiles,
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
func printDiagnostics(c *cmdRun, diags hcl.Diagnostics, files map[string]*hcl.File) error {
	format, err := render.ParseDiagnosticFormat(c.common.diagnostics)
	if err != nil {
		return fail(err.Error())
	}
	max := c.common.maxDiagnostics
	if max < 0 {
		return failf("--max-diagnostics %d is negative: give 0 (print all) or more", max)
	}
	sink := c.sink
	sink.max = max
	diags = render.WhyHints(diags, nil) // cycles of commands that do not say how to load again
	diags, files = sink.renamed(diags, files)
	if !sink.count(format, diags) {
		return nil
	}
	return render.WriteDiagnostics(c.stderr, diags, render.DiagnosticOptions{
		Format: format,
		Files:  files,
		Color:  colorTerminal(c.stderr),
		Width:  terminalWidth(c.stderr),
		Max:    max,
	})
}

// printOrFail is printDiagnostics that fails (already printed) when
// diags hold errors.
func printOrFail(c *cmdRun, diags hcl.Diagnostics, files map[string]*hcl.File) error {
	if err := printDiagnostics(c, diags, files); err != nil {
		return err
	}
	if diags.HasErrors() {
		return failed()
	}
	return nil
}

// jsonDiagnostics reports whether standard error is one JSON document
// (--diagnostics json), which takes no notes or summaries.
func jsonDiagnostics(c *cmdRun) bool {
	return render.DiagnosticFormat(c.common.diagnostics) == render.DiagJSON
}

// checkLoadArgs checks what every loading command needs before it reads
// anything: HCL paths (checkPathArgs), a usable digest key.
func checkLoadArgs(c *cmdRun, paths []string) error {
	if err := checkPathArgs(c, paths); err != nil {
		return err
	}
	return applyDigestKey(c)
}

// checkPathArgs checks what a command that reads HCL paths needs: a known
// diagnostics format, at least one path.
func checkPathArgs(c *cmdRun, paths []string) error {
	if _, err := render.ParseDiagnosticFormat(c.common.diagnostics); err != nil {
		return fail(err.Error())
	}
	if len(paths) == 0 {
		return fail(c.name + " needs at least one PATH: " + pathKinds(c))
	}
	return nil
}

// pathKinds says what the command's PATH arguments may be: HCL, and for
// the commands that read Puppet's catalogs, the catalog JSON (and for
// those that read a fleet of them, a directory of NODE.json).
func pathKinds(c *cmdRun) string {
	const hcl = "a .hcl file or a directory of them"
	if c.name == "fmt" || c.common.nodesSet {
		return hcl
	}
	s := "HCL (" + hcl + ") or the JSON of a catalog Puppet compiled (puppet catalog find NODE --terminus compiler --render-as json)"
	switch c.name {
	case "validate", "plan", "graph":
		s += ", or a directory of such catalogs, one NODE.json per node"
	}
	return s
}
