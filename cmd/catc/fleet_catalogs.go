package main

import (
	"fmt"
	"io"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/render/svgclient"
)

// catalogPathsHelp says, in the help of validate, plan and graph, what
// their PATH arguments may be.
const catalogPathsHelp = "PATH is HCL (a .hcl file or a directory of them) or a catalog Puppet compiled\n" +
	"(JSON: puppet catalog find NODE --terminus compiler --render-as json), with HCL\n" +
	"type files beside it (catc import writes them), or a directory of per-node\n" +
	"Puppet catalogs (NODE.json), a fleet: "

// catalogDirArgs reports the directory of per-node Puppet catalogs
// (NODE.json) among the paths of validate, plan or graph, and the HCL
// type files given beside it: such a directory is a fleet, each node's
// catalog read on its own.
func catalogDirArgs(c *cmdRun) (dir string, types []string, ok bool, err error) {
	dir, types, ok = c.paths.SplitCatalogDir(c.common.args)
	if !ok {
		return "", nil, false, nil
	}
	for _, p := range types {
		if c.paths.IsCatalogDir(p) {
			return "", nil, false, failf("%s and %s are both directories of Puppet catalogs: give one at a time", dir, p)
		}
		if c.paths.IsPuppetCatalog(p) {
			return "", nil, false, failf("%s is a directory of per-node catalogs and %s a catalog: give one or the other (beside a directory, only HCL type files)", dir, p)
		}
	}
	for _, name := range []string{"nodes", "var", "var-file", "facts"} {
		if c.IsSet(name) {
			return "", nil, false, failf("--%s has no effect on a directory of Puppet catalogs (each NODE.json is a node's compiled catalog): drop --%s", name, name)
		}
	}
	return dir, types, true, applyDigestKey(c)
}

// readCatalogDir reads every node's catalog of dir with the types of the
// HCL files beside it, and groups the nodes by outcome (fleet.ReadCatalogs):
// the diagnostics of each outcome's first node are printed, naming the
// nodes they hold for, and the notes are gathered to be said once.
func readCatalogDir(c *cmdRun, dir string, types []string, r fleet.Reading, each func(*nodefacts.Node, *graph.Plan) error) ([]fleet.Outcome, error) {
	defs, err := catalogTypes(c, types)
	if err != nil {
		return nil, err
	}
	nodes, err := fleet.CatalogDir(dir)
	if err != nil {
		return nil, fail(err.Error())
	}
	o, done := fleetOptions(c)
	o.Each = each
	outcomes, notes := fleet.ReadCatalogs(defs, nodes, r, o)
	done()
	c.sink.notes.Merge(notes)
	for _, out := range outcomes {
		// No snippet: a catalog holds sensitive values in clear.
		if err := printDiagnostics(c, fleet.OnNodes(out.Diags, out.Nodes), nil); err != nil {
			return nil, err
		}
	}
	return outcomes, nil
}

// validateCatalogDir is validate of a directory of catalogs: the
// diagnostics, then one line per outcome (which nodes are valid, which
// fail and why), all on standard error.
func validateCatalogDir(c *cmdRun, f checkFlags, dir string, types []string) error {
	outcomes, err := readCatalogDir(c, dir, types, fleet.CheckCatalogs, nil)
	if err != nil {
		return err
	}
	w := c.stderr
	if jsonDiagnostics(c) {
		w = io.Discard
	}
	sayNotes(c)
	if err := writeOutcomes(w, outcomes); err != nil {
		return err
	}
	for _, o := range outcomes {
		if f.strict && len(o.Diags) > 0 {
			return failed()
		}
	}
	return nil
}

// planCatalogDir is plan of a directory of catalogs: one line per
// outcome, then each distinct plan once, headed by the nodes that share
// it (or all of it as one JSON document).
func planCatalogDir(c *cmdRun, pf planFlags, dir string, types []string) error {
	return writeFleetPlans(c, pf, "a directory of Puppet catalogs is planned in Puppet's order; --ordering and --seed take one catalog",
		func() ([]fleet.Outcome, error) { return readCatalogDir(c, dir, types, fleet.PlanCatalogs, nil) })
}

// graphCatalogDir is graph of a directory of catalogs: one picture per
// node, DIR/NODE.FORMAT, every one or none (written only when every
// node's catalog reads; a catalog with cycles is drawn, cycles in red),
// then one line per outcome on standard error.
func graphCatalogDir(c *cmdRun, d drawing, dir string, types []string) error {
	out := c.common.output
	if c.common.toStdout() {
		return failf("a directory of catalogs is drawn one picture per node: give the directory to write them to with -o DIR (NODE.%s each), or give one node's catalog", d.format)
	}
	if _, err := svgclient.Find(); err != nil {
		switch d.format {
		case "svg":
			return fail(err.Error())
		case "html": // said once, not for each node
			fmt.Fprintln(c.stderr, "catc: the pages are laid out without Graphviz: "+err.Error())
		}
	}
	staged, err := stageDir(out, guardOf(c))
	if err != nil {
		return err
	}
	defer staged.Discard()
	outcomes, err := readCatalogDir(c, dir, types, fleet.DrawCatalogs, func(n *nodefacts.Node, p *graph.Plan) error {
		sub, opts, diags, err := d.selectIn(c, p.Graph)
		if err == nil && !diags.HasErrors() {
			var data []byte
			if data, err = d.render(c, sub, opts, false); err == nil {
				err = staged.Add(n.Name+"."+d.format, bytesWriter(data))
			}
		}
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot draw the graph", Detail: err.Error()})
		}
		if diags.HasErrors() {
			return diags
		}
		return nil
	})
	if err != nil {
		return err
	}
	sayNotes(c)
	if err := writeOutcomes(c.stderr, outcomes); err != nil {
		return err // nothing is written
	}
	return failOn(staged.Commit())
}
