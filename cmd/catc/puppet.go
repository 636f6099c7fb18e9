package main

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/puppetcatalog"
)

// splitPuppetPaths takes the Puppet catalogs (JSON, told by content) off
// paths; the rest are HCL files and directories. A file of catc's own
// catalog JSON is refused: it holds a compiled catalog, not a source.
func splitPuppetPaths(paths []string) (catalogs, hclPaths []string, err error) {
	for _, p := range paths {
		if isPuppetDB(p) {
			catalogs = append(catalogs, p)
			continue
		}
		switch kind, _ := puppetcatalog.Sniff(p); kind {
		case puppetcatalog.KindPuppet:
			catalogs = append(catalogs, p)
		case puppetcatalog.KindCatc:
			return nil, nil, failf("%s is catc's own catalog JSON (catc compile --format catc): give the HCL it was compiled from, or a Puppet catalog; catc diff compares two such files", p)
		default:
			hclPaths = append(hclPaths, p)
		}
	}
	return catalogs, hclPaths, nil
}

// loadPuppet loads a catalog compiled by Puppet, with the types of the
// HCL paths (type definitions only) besides the built-in ones; with
// keepRefused, a catalog Puppet refuses whole is kept (loadCatalogKeeping).
func loadPuppet(c *cli.Context, catalogs, hclPaths []string, strict, keepRefused bool) (*catalog.Catalog, hcl.Diagnostics, error) {
	if len(catalogs) > 1 {
		return nil, nil, failf("%s and %s are both Puppet catalogs: give one catalog at a time, with HCL type files beside it if needed", catalogs[0], catalogs[1])
	}
	for _, flag := range []string{"var", "var-file", "facts"} {
		if c.IsSet(flag) {
			return nil, nil, failf("--%s has no effect on a Puppet catalog (Puppet already evaluated its variables and facts): drop --%s", flag, flag)
		}
	}
	defs, diags := loadTypeDefs(c, hclPaths)
	var cat *catalog.Catalog
	if !diags.HasErrors() {
		pc, readDiags, err := readPuppetCatalog(c, catalogs[0])
		if err != nil {
			return nil, nil, err
		}
		diags = append(diags, readDiags...)
		if pc != nil {
			var modelDiags hcl.Diagnostics
			cat, modelDiags = puppetcatalog.Model(pc, defs)
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

// loadTypeDefs loads the types a Puppet catalog is read with: the
// built-in ones and those of the HCL paths, which may hold no resource.
func loadTypeDefs(c *cli.Context, hclPaths []string) (*catalog.Catalog, hcl.Diagnostics) {
	opts := compiler.LoadOptions{DigestKey: runDigestKey(c)}
	var defs *catalog.Catalog
	var diags hcl.Diagnostics
	if len(hclPaths) == 0 {
		defs, diags = compiler.LoadFiles(nil, nil, opts)
	} else {
		defs, diags = compiler.Load(hclPaths, opts)
	}
	if len(defs.Resources) > 0 {
		r := defs.Resources[0]
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Resources beside a Puppet catalog",
			Detail:  "Beside a Puppet catalog, HCL files may only define types (catc import writes them); the resources come from the catalog. Give the HCL resources in a run of their own.",
			Subject: r.DeclRange.Ptr()})
	}
	return defs, diags
}

// noteCatalog gathers what catc cannot know about a catalog read from
// Puppet (catalog.ExternalNotes); sayNotes prints it on standard error,
// never in a command's output.
func noteCatalog(c *cli.Context, cat *catalog.Catalog) {
	sinkOf(c).notes.Add(cat)
}

// sayNotes prints on standard error the notes gathered so far, each kind
// once for every catalog the run read (none with --diagnostics json,
// whose standard error is one JSON document): before the command's
// output, or at the end of a run that fails before it.
func sayNotes(c *cli.Context) {
	if jsonDiagnostics(c) {
		return
	}
	sinkOf(c).sayNotes(c.App.ErrWriter)
}
