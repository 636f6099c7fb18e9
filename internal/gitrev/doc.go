// Package gitrev reads paths of a git working tree as they were at a
// revision, for `catc diff --base REV`: it finds the working tree that
// holds the directory catc was started in (Find; never from an input
// path), checks that a revision is a commit, and writes the files of the
// paths at that revision into a directory the caller owns (with `git
// ls-tree` and one `git cat-file --batch`), then names those files as
// the user would at the revision ("HEAD~1:site/web.hcl").
//
// The checkout is not trusted: git is run on the working tree's git
// directory named explicitly, with no GIT_ variable of the environment,
// no system or global configuration, and command-line settings that
// leave no program for the repository's configuration to choose (no
// transport, hence no fetch; no hooks, file system monitor, credential
// helper or pager: see safeConfig). A path that is or holds another
// repository (a .git entry, or a directory shaped as a git directory,
// which a checkout can commit) is refused, and objects a partial clone
// lacks are an error (MissingError), never fetched.
//
// It never touches the working tree or the index, and export-ignore
// attributes (which `git archive` would honour) do not hide files. It
// does not load or compare anything, create or remove the directory, nor
// phrase command-line errors: its errors say what failed in git's or the
// file system's terms.
package gitrev
