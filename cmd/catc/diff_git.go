package main

import (
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/gitrev"
	"github.com/catc-dev/catc/internal/plandiff"
)

// baseSides loads paths at git revision rev (the old side, extracted by
// atBase) and in the working tree (the new side). A path that does not
// exist at rev contributes nothing to the old side.
func baseSides(c *cli.Context, rev string, paths []string) (old, new *plandiff.Snapshot, err error) {
	old = &plandiff.Snapshot{}
	err = atBase(c, rev, paths, func(at *gitrev.Tree) error {
		if len(at.Paths) == 0 {
			return nil
		}
		var err error
		if old, err = loadSide(c, at.Paths); err != nil {
			return err
		}
		relocate(old, at)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	new, err = loadSide(c, paths)
	return old, new, err
}

// atBase extracts paths at git revision rev (gitrev) into a temporary
// directory and calls load with what it extracted (no path when none
// exists at rev); diagnostics printed meanwhile name "REV:PATH", not the
// temporary directory, which is removed when load returns.
func atBase(c *cli.Context, rev string, paths []string, load func(at *gitrev.Tree) error) error {
	return atBaseMatching(c, rev, paths, nil, load)
}

// atBaseMatching is atBase with the files of a directory chosen by keep
// (nil: its *.hcl files, as gitrev.ExtractMatching chooses).
func atBaseMatching(c *cli.Context, rev string, paths []string, keep func(name string) bool, load func(at *gitrev.Tree) error) error {
	repo, err := gitrev.Find(paths[0])
	if err != nil {
		return failf("--base needs %s to be in a git working tree: %v", paths[0], err)
	}
	if !repo.IsCommit(rev) {
		return failf("--base %q is not a commit of the repository at %s", rev, repo.Root)
	}
	tmp, err := tempFiles.MkdirTemp("catc-diff-base-")
	if err != nil {
		return fail(err.Error())
	}
	defer tempFiles.Remove(tmp)
	at, err := repo.ExtractMatching(rev, paths, tmp, keep)
	if err != nil {
		return fail(err.Error())
	}
	sink := sinkOf(c)
	sink.rename = at.Name
	defer func() { sink.rename = nil }()
	return load(at)
}

// relocate rewrites the files of the extracted side to the paths the user
// gave, prefixed with the revision ("HEAD~1:site/web.hcl").
func relocate(s *plandiff.Snapshot, at *gitrev.Tree) {
	for i := range s.Resources {
		r := &s.Resources[i]
		r.File = at.Name(r.File)
	}
}
