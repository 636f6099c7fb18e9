package main

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/source"
)

// splitPuppetPaths takes the Puppet catalogs (JSON, told by content) off
// paths; the rest are HCL files and directories. A file of catc's own
// catalog JSON is refused: it holds a compiled catalog, not a source.
func splitPuppetPaths(ins []source.Input) (catalogs []source.Input, hclPaths []string, err error) {
	for _, in := range ins {
		switch in.Kind {
		case source.KindPuppet, source.KindPuppetDBNode, source.KindPuppetDBFleet:
			catalogs = append(catalogs, in)
		case source.KindCatc:
			return nil, nil, failf("%s is catc's own catalog JSON (catc compile --format catc): give the HCL it was compiled from, or a Puppet catalog; catc diff compares two such files", in.Path)
		default:
			hclPaths = append(hclPaths, in.Path)
		}
	}
	return catalogs, hclPaths, nil
}

// loadPuppet loads a catalog compiled by Puppet, with the types of the
// HCL paths (type definitions only) besides the built-in ones; with
// keepRefused, a catalog Puppet refuses whole is kept (loadCatalogKeeping).
func loadPuppet(c *cmdRun, catalogs []source.Input, hclPaths []string, strict, keepRefused bool) (*catalog.Catalog, hcl.Diagnostics, error) {
	if len(catalogs) > 1 {
		return nil, nil, failf("%s and %s are both Puppet catalogs: give one catalog at a time, with HCL type files beside it if needed", catalogs[0].Path, catalogs[1].Path)
	}
	for _, flag := range []string{"var", "var-file", "facts"} {
		if c.IsSet(flag) {
			return nil, nil, failf("--%s has no effect on a Puppet catalog (Puppet already evaluated its variables and facts): drop --%s", flag, flag)
		}
	}
	defs, diags := source.Types(hclPaths, runDigestKey(c))
	var cat *catalog.Catalog
	if !diags.HasErrors() {
		pc, readDiags, err := readPuppetCatalog(c, catalogs[0])
		if err != nil {
			return nil, nil, err
		}
		diags = append(diags, readDiags...)
		if pc != nil {
			var modelDiags hcl.Diagnostics
			cat, modelDiags = pipeline.Puppet(pc, nil, defs)
			diags = append(diags, modelDiags...)
		}
	}
	// No snippet of the catalog file: it holds sensitive values in clear.
	if err := printDiagnostics(c, diags, defs.Files()); err != nil {
		return nil, nil, err
	}
	if cat == nil {
		return nil, nil, failed()
	}
	cat, errs, err := keptOrFailed(cat, diags, strict, keepRefused)
	if err != nil {
		return nil, nil, err
	}
	noteCatalog(c, cat)
	return cat, errs, nil
}

// noteCatalog gathers what catc cannot know about a catalog read from
// Puppet (catalog.ExternalNotes); sayNotes prints it on standard error,
// never in a command's output.
func noteCatalog(c *cmdRun, cat *catalog.Catalog) {
	c.sink.notes.Add(cat)
}

// sayNotes prints on standard error the notes gathered so far, each kind
// once for every catalog the run read (none with --diagnostics json,
// whose standard error is one JSON document): before the command's
// output, or at the end of a run that fails before it.
func sayNotes(c *cmdRun) {
	if jsonDiagnostics(c) {
		return
	}
	c.sink.sayNotes(c.stderr)
}
