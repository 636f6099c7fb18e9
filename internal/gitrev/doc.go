// Package gitrev reads paths of a git working tree as they were at a
// revision, for `catc diff --base REV`: it finds the repository holding a
// path, checks that a revision is a commit, and writes the files of the
// paths at that revision into a directory the caller owns (with `git
// ls-tree` and one `git cat-file --batch`), then names those files as
// the user would at the revision ("HEAD~1:site/web.hcl").
//
// It never touches the working tree or the index, and export-ignore
// attributes (which `git archive` would honour) do not hide files. It
// does not load or compare anything, create or remove the directory, nor
// phrase command-line errors: its errors say what failed in git's or the
// file system's terms.
package gitrev
