package main

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/escape"
	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/puppetdb"
)

// diffPuppetDBFleet is diff puppetdb[:PQL] NEW: what every node runs
// now (its current catalog in PuppetDB) against a directory of new
// catalogs (NODE.json), or against an HCL site compiled with --nodes.
func diffPuppetDBFleet(c *cli.Context, f diffFlags, cf catalogFleet, strict plandiff.Strict) (*fleet.Diff, error) {
	if cf.base != "" {
		return nil, fail("--base compares a git revision with the working tree; puppetdb: is what runs now: catc diff puppetdb: NEW")
	}
	if len(cf.oldTypes) > 0 {
		return nil, failf("puppetdb: is a side of its own; give the HCL type files on the new side (%s)", escape.Line(cf.oldTypes[0]))
	}
	pdb, err := puppetDBOf(c, cf.oldDir)
	if err != nil {
		return nil, err
	}
	names, err := puppetDBCatalogNames(c, pdb, cf.oldDir)
	if err != nil {
		return nil, err
	}
	printPuppetDBNote(c)
	if cf.newDir == "" {
		return diffPuppetDBSite(c, f, cf, strict, pdb, names)
	}
	for _, name := range []string{"nodes", "var", "var-file", "facts"} {
		if c.IsSet(name) {
			return nil, failf("--%s has no effect on a directory of Puppet catalogs (each NODE.json is a node's compiled catalog): drop --%s", name, name)
		}
	}
	defs, err := catalogTypes(c, cf.newTypes)
	if err != nil {
		return nil, err
	}
	var prefetch *puppetdb.Prefetch
	nodes, err := fleet.CatalogNodesOf(names, puppetdb.SourceName, func(n string) ([]byte, error) { return prefetch.Get(n) }, cf.newDir)
	if err != nil {
		return nil, fail(err.Error())
	}
	nodes, shard, err := shardCatalogs(c, f, nodes)
	if err != nil {
		return nil, err
	}
	var asked []string // in the order the nodes are compared
	for _, n := range nodes {
		if n.Old != "" {
			asked = append(asked, strings.TrimPrefix(n.Old, puppetDBPrefix))
		}
	}
	prefetch = pdb.Prefetch(c.Context, asked)
	defer prefetch.Close()
	o, done := fleetOptions(c)
	d := fleet.DiffCatalogs(fleet.CatalogSides{Old: defs, New: defs}, nodes, plandiff.DiffOptions{Strict: strict}, o)
	d.Shard = shard
	d.Seal(o.DigestKey)
	done()
	if err := prefetch.Err(); err != nil {
		return nil, fail(err.Error())
	}
	return d, printNewFailures(c, d, nil)
}

// puppetDBCatalogNames are the nodes of the fleet side puppetdb[:PQL]
// that have a catalog in PuppetDB.
func puppetDBCatalogNames(c *cli.Context, pdb *puppetdb.Client, side string) ([]string, error) {
	withCatalog, err := pdb.Certnames(c.Context, puppetdb.EveryNodeWithCatalog)
	if err != nil {
		return nil, fail(err.Error())
	}
	names := withCatalog
	if pql := strings.TrimPrefix(side, puppetDBPrefix); pql != "" {
		selected, err := pdb.Certnames(c.Context, pql)
		if err != nil {
			return nil, fail(err.Error())
		}
		names = slices.DeleteFunc(selected, func(n string) bool { _, found := slices.BinarySearch(withCatalog, n); return !found })
	}
	if len(names) == 0 {
		return nil, failf("PuppetDB at %s has no catalog of an active node that %s selects", pdb.URL(), escape.Line(side))
	}
	return names, nil
}

// diffPuppetDBSite is diff puppetdb[:PQL] SITE --nodes FACTS: each
// node's current catalog against the site compiled for it. A node with
// facts and no catalog in PuppetDB (never run) compares with nothing.
func diffPuppetDBSite(c *cli.Context, f diffFlags, cf catalogFleet, strict plandiff.Strict, pdb *puppetdb.Client, names []string) (*fleet.Diff, error) {
	if !commonOf(c).nodesSet {
		return nil, failf("diff %s SITE compiles the site for every node: add --nodes puppetdb (or --nodes FACTS)", escape.Line(cf.oldDir))
	}
	if err := shardNeedsJSON(c, f.format); err != nil {
		return nil, err
	}
	site, err := loadHCLSite(c, cf.newTypes)
	if err != nil {
		return nil, err
	}
	// PuppetDB's catalogs are read with the site's types, so that their
	// auto relationships are the same as the compiled side's.
	defs, _ := compiler.Load(cf.newTypes, compiler.LoadOptions{Vars: commonOf(c).vars, VarFiles: commonOf(c).varFiles, DigestKey: runDigestKey(c)})
	nodes, err := readNodes(c)
	if err != nil {
		return nil, err
	}
	i, n, err := shardOfNodes(c)
	if err != nil {
		return nil, err
	}
	compared := nodes
	if n != 0 {
		compared = fleet.Shard(nodes, i, n)
	}
	var asked []string // in the order the nodes are compared
	for _, node := range compared {
		if _, found := slices.BinarySearch(names, node.Name); found {
			asked = append(asked, node.Name)
		}
	}
	prefetch := pdb.Prefetch(c.Context, asked)
	defer prefetch.Close()
	sides := fleet.Sides{New: site, OldOf: func(n *nodefacts.Node) (*plandiff.Snapshot, hcl.Diagnostics) {
		if _, found := slices.BinarySearch(names, n.Name); !found {
			return &plandiff.Snapshot{}, nil
		}
		data, err := prefetch.Get(n.Name)
		if err != nil {
			return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read the catalog", Detail: err.Error() + "."}}
		}
		return fleet.CatalogSnapshot(defs, puppetdb.SourceName(n.Name), data, nil)
	}}
	o, done := fleetOptions(c)
	d := fleet.DiffStream(sides, fleet.ListStream(nodes, i, n), plandiff.DiffOptions{Strict: strict}, o)
	done()
	if err := prefetch.Err(); err != nil {
		return nil, fail(err.Error())
	}
	return d, printNewFailures(c, d, site.Files())
}
