package main

import (
	"errors"
	"path"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/gitrev"
	"github.com/catc-dev/catc/internal/plandiff"
)

// baseSides loads paths at git revision rev (the old side, extracted by
// atBase) and in the working tree (the new side). A path that does not
// exist at rev contributes nothing to the old side.
func baseSides(c *cmdRun, rev string, paths []string) (old, new *plandiff.Snapshot, err error) {
	old = &plandiff.Snapshot{}
	err = atBase(c, rev, paths, func(at *baseTree) error {
		if len(at.Paths) == 0 {
			return nil
		}
		var err error
		if old, err = loadSide(c, at.Paths); err != nil {
			return err
		}
		at.snapshot(old)
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
// temporary directory, which is removed when load returns. Of a
// directory, it extracts the site's files (siteFile).
func atBase(c *cmdRun, rev string, paths []string, load func(at *baseTree) error) error {
	return atBaseMatching(c, rev, paths, siteFile, load)
}

// siteFile chooses the files of a site directory --base extracts: its
// HCL files, and its Hiera configuration and data files (YAML, JSON,
// eyaml), so that a change of the data alone is compared with the data
// at the revision.
func siteFile(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".hcl", ".yaml", ".yml", ".json", ".eyaml":
		return true
	}
	return false
}

// atBaseMatching is atBase with the files of a directory chosen by keep
// (nil: its *.hcl files, as gitrev.ExtractMatching chooses).
func atBaseMatching(c *cmdRun, rev string, paths []string, keep func(name string) bool, load func(at *baseTree) error) error {
	repo, err := baseRepo(c)
	if err != nil {
		return err
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
	var outside *gitrev.OutsideError
	if errors.As(err, &outside) {
		return failf("%v, whose revision --base reads: run catc in the working tree that holds %s, or name that working tree with --repo DIR", err, outside.Path)
	}
	if err != nil {
		return fail(err.Error())
	}
	bt := &baseTree{Tree: at, dir: tmp}
	sink := c.sink
	sink.rename = bt
	defer func() { sink.rename = nil }()
	return load(bt)
}

// baseRepo is the git working tree --base reads: the one holding the
// current directory, or --repo DIR; never found from a path to compare,
// which a checkout can make a repository of its own (gitrev.Find).
func baseRepo(c *cmdRun) (*gitrev.Repo, error) {
	start, from := ".", "the current directory"
	if dir := c.diffFlags.repo; dir != "" {
		start, from = dir, "--repo "+dir
	}
	repo, err := gitrev.Find(start)
	if err != nil {
		return nil, failf("--base reads the git working tree holding %s: %v. Run catc in your working tree, or name it with --repo DIR", from, err)
	}
	return repo, nil
}

// baseTree is a side extracted at a revision into dir, whose files are
// named as the user knows them (Tree.Name, "HEAD~1:site/web.hcl") in
// what catc prints: in a diagnostic's ranges and in its words, which may
// cite a file ("the value of KEY in FILE, line 2"), and in the snapshot
// compared. The temporary directory is gone when catc exits, and the
// user never saw it.
type baseTree struct {
	*gitrev.Tree
	dir string
}

// snapshot names the files of the side's snapshot: the declarations,
// the data files and declarations its parameters came from, and the
// places its errors cite.
func (n *baseTree) snapshot(s *plandiff.Snapshot) {
	s.RenameFiles(n.Name)
	if len(s.Fails) > 0 {
		fails := make([]string, len(s.Fails))
		for i, f := range s.Fails {
			fails[i] = n.text(f)
		}
		s.Fails = fails
	}
}

// diags is ds with their files named: copies, the originals are left as
// they are.
func (n *baseTree) diags(ds hcl.Diagnostics) hcl.Diagnostics {
	out := make(hcl.Diagnostics, len(ds))
	for i, d := range ds {
		cp := *d
		cp.Subject = renameRange(d.Subject, n.Name)
		cp.Context = renameRange(d.Context, n.Name)
		cp.Summary, cp.Detail = n.text(d.Summary), n.text(d.Detail)
		out[i] = &cp
	}
	return out
}

// text is s with each path under the directory named; a path ends at a
// space, a quote or a punctuation that follows a file:line.
func (n *baseTree) text(s string) string {
	if !strings.Contains(s, n.dir) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, n.dir)
		if i < 0 {
			break
		}
		end := i + strings.IndexFunc(s[i:]+" ", func(r rune) bool { return strings.ContainsRune(" \t\n\"'`,;()[]{}", r) })
		b.WriteString(s[:i])
		b.WriteString(n.Name(s[i:end]))
		s = s[end:]
	}
	b.WriteString(s)
	return b.String()
}
