package main

import (
	"slices"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/source"
	"github.com/catc-dev/catc/internal/words"
)

// catalogFleet is a diff of two directories of per-node Puppet catalogs
// (NODE.json), each with the HCL type files given beside it.
type catalogFleet struct {
	oldDir, newDir     string
	oldTypes, newTypes []string
	// base is --base REV: the old side is newDir and newTypes at REV.
	base string
}

// catalogFleetOf reports the directories of Puppet catalogs the diff's
// sides are, when they are (OLD_DIR NEW_DIR, or --old/--new with type
// files beside each, or --base REV DIR with type files).
func catalogFleetOf(c *cmdRun, f diffFlags) (catalogFleet, bool) {
	if f.merge {
		return catalogFleet{}, false
	}
	args := c.common.args
	if f.baseSet {
		var cf catalogFleet
		var ok bool
		cf.newDir, cf.newTypes, ok = c.paths.SplitCatalogDir(args)
		cf.base = f.base
		return cf, ok
	}
	oldPaths, newPaths := c.common.old, c.common.new
	if len(oldPaths)+len(newPaths) == 0 && len(args) == 2 {
		oldPaths, newPaths = args[:1], args[1:]
	}
	var cf catalogFleet
	var okOld, okNew bool
	cf.oldDir, cf.oldTypes, okOld = c.paths.SplitCatalogDir(oldPaths)
	cf.newDir, cf.newTypes, okNew = c.paths.SplitCatalogDir(newPaths)
	return cf, okOld || okNew
}

// diffCatalogDirs reads every node's catalogs on both sides and groups
// the nodes by their diff.
func diffCatalogDirs(c *cmdRun, f diffFlags, cf catalogFleet, strict plandiff.Strict) (*fleet.Diff, error) {
	if source.IsPuppetDBFleet(cf.oldDir) {
		return diffPuppetDBFleet(c, f, cf, strict)
	}
	if source.IsPuppetDBFleet(cf.newDir) {
		return nil, failf("%s is what the nodes run now: give it as the old side (catc diff %s NEW)", words.Escape(cf.newDir), words.Escape(cf.newDir))
	}
	for _, name := range []string{"nodes", "var", "var-file", "facts"} {
		if c.IsSet(name) {
			return nil, failf("--%s has no effect on directories of Puppet catalogs (each NODE.json is a node's compiled catalog): drop --%s", name, name)
		}
	}
	if err := applyDigestKey(c); err != nil {
		return nil, err
	}
	if cf.base != "" {
		return diffCatalogDirAtBase(c, f, cf, strict)
	}
	if cf.oldDir == "" || cf.newDir == "" {
		return nil, fail("a directory of per-node Puppet catalogs (NODE.json) is compared with another: give one on each side")
	}
	return diffCatalogFleet(c, f, cf, strict, nil)
}

// diffCatalogFleet reads every node's catalogs on both sides and groups
// the nodes by their diff; oldName, when given, names each old catalog
// file in the output (one read from a git revision).
func diffCatalogFleet(c *cmdRun, f diffFlags, cf catalogFleet, strict plandiff.Strict, oldName func(string) string) (*fleet.Diff, error) {
	var sides fleet.CatalogSides
	var err error
	if sides.Old, err = catalogTypes(c, cf.oldTypes); err != nil {
		return nil, err
	}
	sides.New = sides.Old // the same types: a node's identical catalogs are read once
	if !slices.Equal(cf.oldTypes, cf.newTypes) {
		if sides.New, err = catalogTypes(c, cf.newTypes); err != nil {
			return nil, err
		}
	}
	nodes, err := fleet.CatalogNodes(cf.oldDir, cf.newDir)
	if err != nil {
		if oldName != nil {
			return nil, fail(strings.ReplaceAll(err.Error(), cf.oldDir, oldName(cf.oldDir)))
		}
		return nil, fail(err.Error())
	}
	for i := range nodes {
		if oldName != nil && nodes[i].Old != "" {
			nodes[i].OldName = oldName(nodes[i].Old)
		}
	}
	nodes, shard, err := shardCatalogs(c, f, nodes)
	if err != nil {
		return nil, err
	}
	o, done := fleetOptions(c)
	d := fleet.DiffCatalogs(sides, nodes, plandiff.DiffOptions{Strict: strict}, o)
	d.Shard = shard
	d.Seal(o.DigestKey)
	done()
	c.sink.notes.Merge(&d.Notes)
	if err := printNewFailures(c, d, nil); err != nil {
		return nil, err
	}
	return d, nil
}

// catalogTypes loads one side's type files (none: the built-in types).
func catalogTypes(c *cmdRun, paths []string) (*catalog.Catalog, error) {
	defs, diags := source.Types(paths, runDigestKey(c))
	if err := printOrFail(c, diags, defs.Files()); err != nil {
		return nil, err
	}
	return defs, nil
}

// shardCatalogs is --shard I/N of a fleet of catalogs: the shard's nodes
// and its identity (all nodes and nil without --shard).
func shardCatalogs(c *cmdRun, f diffFlags, nodes []fleet.CatalogNode) ([]fleet.CatalogNode, *fleet.ShardOf, error) {
	s := c.common.shard
	if s == "" {
		return nodes, nil, nil
	}
	if err := shardNeedsJSON(c, f.format); err != nil {
		return nil, nil, err
	}
	i, n, err := shardOf(c)
	if err != nil {
		return nil, nil, err
	}
	nodes, shard := fleet.ShardCatalogs(nodes, i, n, runDigestKey(c))
	return nodes, shard, nil
}
