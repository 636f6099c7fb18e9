package main

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/source"
)

// loadPuppet loads a catalog compiled by Puppet, with the types of the
// HCL paths (type definitions only) besides the built-in ones; with
// keepRefused, a catalog Puppet refuses whole is kept (loadCatalogKeeping).
func loadPuppet(c *cmdRun, in source.Input, hclPaths []string, strict, keepRefused bool) (*catalog.Catalog, hcl.Diagnostics, error) {
	for _, flag := range []string{"var", "var-file", "facts"} {
		if c.IsSet(flag) {
			return nil, nil, failf("--%s has no effect on a Puppet catalog (Puppet already evaluated its variables and facts): drop --%s", flag, flag)
		}
	}
	l, err := readPuppetCatalog(c, in, hclPaths)
	if err != nil {
		return nil, nil, err
	}
	if err := printDiagnostics(c, l.Diags, l.Files); err != nil {
		return nil, nil, err
	}
	if l.Catalog == nil {
		return nil, nil, failed()
	}
	cat, errs, err := keptOrFailed(l.Catalog, l.Diags, strict, keepRefused)
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
