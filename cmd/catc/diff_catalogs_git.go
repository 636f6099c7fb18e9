package main

import (
	"path/filepath"
	"strings"

	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/plandiff"
)

// diffCatalogDirAtBase is `catc diff --base REV DIR [TYPES...]` with a
// directory of per-node Puppet catalogs: the old side is the directory
// (and the type files) at REV, read with git (ls-tree, cat-file: no
// checkout, nothing run), the new side the working tree's.
func diffCatalogDirAtBase(c *cmdRun, f diffFlags, cf catalogFleet, strict plandiff.Strict) (*fleet.Diff, error) {
	var d *fleet.Diff
	paths := append([]string{cf.newDir}, cf.newTypes...)
	err := atBaseMatching(c, cf.base, paths, catalogOrTypeFile, func(at *baseTree) error {
		old := cf
		old.oldDir, old.oldTypes = "", nil
		dirAtBase := cf.base + ":" + filepath.ToSlash(filepath.Clean(cf.newDir))
		for _, p := range at.Paths {
			if at.Name(p) == dirAtBase {
				old.oldDir = p
			} else {
				old.oldTypes = append(old.oldTypes, p)
			}
		}
		if old.oldDir == "" {
			return failf("%s holds no catalog at %s: nothing to compare with (give two directories instead: catc diff OLD_DIR NEW_DIR)", cf.newDir, cf.base)
		}
		var err error
		d, err = diffCatalogFleet(c, f, old, strict, at.Name)
		return err
	})
	return d, err
}

// catalogOrTypeFile chooses the files of a directory read at a revision
// for a fleet of Puppet catalogs: the catalogs (NODE.json, in any case)
// and the HCL type files.
func catalogOrTypeFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".json" || strings.HasSuffix(name, ".hcl")
}
