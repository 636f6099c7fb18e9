package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/plandiff"
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
func catalogFleetOf(c *cli.Context, f diffFlags) (catalogFleet, bool) {
	if f.merge {
		return catalogFleet{}, false
	}
	args := commonOf(c).args
	if f.baseSet {
		var cf catalogFleet
		var ok bool
		cf.newDir, cf.newTypes, ok = splitCatalogDir(args)
		cf.base = f.base
		return cf, ok
	}
	oldPaths, newPaths := commonOf(c).old, commonOf(c).new
	if len(oldPaths)+len(newPaths) == 0 && len(args) == 2 {
		oldPaths, newPaths = args[:1], args[1:]
	}
	var cf catalogFleet
	var okOld, okNew bool
	cf.oldDir, cf.oldTypes, okOld = splitCatalogDir(oldPaths)
	cf.newDir, cf.newTypes, okNew = splitCatalogDir(newPaths)
	return cf, okOld || okNew
}

// splitCatalogDir takes the one directory of Puppet catalogs off paths;
// the rest are HCL type files.
func splitCatalogDir(paths []string) (dir string, rest []string, ok bool) {
	for _, p := range paths {
		if !ok && (isCatalogDir(p) || isPuppetDBFleet(p)) {
			dir, ok = p, true
		} else {
			rest = append(rest, p)
		}
	}
	return dir, rest, ok
}

// isCatalogDir reports whether path is a directory of per-node Puppet
// catalogs: no HCL file, and a *.json file that is a Puppet catalog by
// content (not necessarily the first: a node that failed to compile may
// have left an empty one).
func isCatalogDir(path string) bool {
	entries, err := os.ReadDir(path)
	if err != nil {
		return false
	}
	var jsons []string
	for _, e := range entries {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".hcl":
			return false
		case ".json":
			if !e.IsDir() {
				jsons = append(jsons, filepath.Join(path, e.Name()))
			}
		}
	}
	return slices.ContainsFunc(jsons, isPuppetCatalog)
}

// diffCatalogDirs reads every node's catalogs on both sides and groups
// the nodes by their diff.
func diffCatalogDirs(c *cli.Context, f diffFlags, cf catalogFleet, strict plandiff.Strict) (*fleet.Diff, error) {
	if isPuppetDBFleet(cf.oldDir) {
		return diffPuppetDBFleet(c, f, cf, strict)
	}
	if isPuppetDBFleet(cf.newDir) {
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
func diffCatalogFleet(c *cli.Context, f diffFlags, cf catalogFleet, strict plandiff.Strict, oldName func(string) string) (*fleet.Diff, error) {
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
	sinkOf(c).notes.Merge(&d.Notes)
	if err := printNewFailures(c, d, nil); err != nil {
		return nil, err
	}
	return d, nil
}

// catalogTypes loads one side's type files (none: the built-in types).
func catalogTypes(c *cli.Context, paths []string) (*catalog.Catalog, error) {
	defs, diags := loadTypeDefs(c, paths)
	if err := printDiagnostics(c, diags, defs.Files()); err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, failed()
	}
	return defs, nil
}

// shardCatalogs is --shard I/N of a fleet of catalogs: the shard's nodes
// and its identity (all nodes and nil without --shard).
func shardCatalogs(c *cli.Context, f diffFlags, nodes []fleet.CatalogNode) ([]fleet.CatalogNode, *fleet.ShardOf, error) {
	s := commonOf(c).shard
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
