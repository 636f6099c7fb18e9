package source

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/secretdigest"
)

// Options are what loading HCL takes from the command line.
type Options struct {
	Vars, VarFiles []string
	// Node is the node compiled for (--facts, read by Facts; not for a
	// Site), and NodeDiags the diagnostics of reading it.
	Node      *nodefacts.Node
	NodeDiags hcl.Diagnostics
	DigestKey *secretdigest.Key
	// Hiera is the site's data (Hiera), nil when it has none.
	Hiera *hiera.Data
	// NodeRefusals keeps, for a diff, the errors Puppet refuses a
	// node's whole catalog for to each node (compiler.LoadOptions).
	NodeRefusals bool
	// Cache keeps the parses of files between loads (the language
	// server's); Limits bound the evaluation (its deadline).
	Cache  *compiler.ParseCache
	Limits catalog.Limits
}

// This file is the one user of the HCL compiler's loading API
// (compiler.Load, LoadSite, LoadFiles): a change of that API is an edit
// here.

// Facts reads the facts file at path (--facts): one node; nil and no
// diagnostics for "".
func Facts(path string) (*nodefacts.Node, hcl.Diagnostics) { return nodefacts.ReadOne(path) }

func (o Options) load() compiler.LoadOptions {
	return compiler.LoadOptions{Vars: o.Vars, VarFiles: o.VarFiles, Node: o.Node, NodeDiags: o.NodeDiags,
		DigestKey: o.DigestKey, Hiera: o.Hiera, NodeRefusals: o.NodeRefusals, Cache: o.Cache, Limits: o.Limits}
}

// Files loads files held in memory (names and their contents: an
// editor's buffers) as one catalog; the catalog is never nil.
func Files(names []string, srcs [][]byte, o Options) (*catalog.Catalog, hcl.Diagnostics) {
	return compiler.LoadFiles(names, srcs, o.load())
}

// HCL loads the HCL paths (files, or directories of *.hcl) as one
// catalog; the catalog is never nil.
func HCL(paths []string, o Options) (*catalog.Catalog, hcl.Diagnostics) {
	return compiler.Load(paths, o.load())
}

// Site loads the HCL paths once for many nodes (--nodes): each node's
// catalog is compiled from it with the node's facts.
func Site(paths []string, o Options) (*compiler.Site, hcl.Diagnostics) {
	return compiler.LoadSite(paths, o.load())
}

// Types loads the types a Puppet catalog is read with: the built-in
// ones and those of the HCL paths (none: the built-in ones only), which
// may hold no resource. The catalog is never nil.
func Types(paths []string, key *secretdigest.Key) (*catalog.Catalog, hcl.Diagnostics) {
	opts := compiler.LoadOptions{DigestKey: key}
	var defs *catalog.Catalog
	var diags hcl.Diagnostics
	if len(paths) == 0 {
		defs, diags = compiler.LoadFiles(nil, nil, opts)
	} else {
		defs, diags = compiler.Load(paths, opts)
	}
	if len(defs.Resources) > 0 {
		r := defs.Resources[0]
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Resources beside a Puppet catalog",
			Detail:  "Beside a Puppet catalog, HCL files may only define types (catc import writes them); the resources come from the catalog. Give the HCL resources in a run of their own.",
			Subject: r.DeclRange.Ptr()})
	}
	return defs, diags
}
