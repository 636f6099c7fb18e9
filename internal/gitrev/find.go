package gitrev

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Find is the working tree holding dir, the directory catc was started
// in (or the one --repo names), never an input path: the nearest of dir
// and its parents with a .git entry (a directory, or a file naming one),
// which git then reads as the git directory. A directory on the way that
// is shaped as a git directory (HEAD, objects/ and refs/, or HEAD and
// commondir: git would take it for a bare repository) is refused, as a
// checkout can commit those files.
func Find(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(abs); err != nil {
		return nil, err
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	for d := abs; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return &Repo{Root: d, GitDir: filepath.Join(d, ".git")}, nil
		}
		if looksLikeGitDir(d) {
			return nil, fmt.Errorf("%s is shaped as a git directory (HEAD, objects/, refs/): git would read it as a repository of its own, whose files a checkout can commit; catc will not run git there", d)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil, fmt.Errorf("%s is not in a git working tree (no .git in it or a parent directory)", dir)
		}
		d = parent
	}
}

// looksLikeGitDir reports whether dir holds what makes git take a
// directory for a git directory: HEAD with objects/ and refs/, or HEAD
// with a commondir file (a linked worktree's). It asks only whether the
// entries exist, whatever they are, so that no variant slips through.
func looksLikeGitDir(dir string) bool {
	has := func(name string) bool {
		_, err := os.Lstat(filepath.Join(dir, name))
		return err == nil
	}
	return has("HEAD") && (has("objects") && has("refs") || has("commondir"))
}

// maxNestedDirs bounds the directories checkNested looks into, as
// hclpaths bounds a load.
const maxNestedDirs = 100_000

// checkNested refuses a path of the working tree (rel, from its top) in
// which, or on whose way from the top, another repository sits: a .git
// entry or a directory shaped as a git directory. git reads r's git
// directory only (it is named explicitly), so such a repository would
// not be run; but it is never what a user means to compare, and a
// checkout that commits one is an attack on tools that run git in it.
func (r *Repo) checkNested(p, rel string) error {
	d := r.Root
	if rel != "." {
		for _, part := range strings.Split(rel, "/") {
			d = filepath.Join(d, part)
			if err := nestedAt(d, p); err != nil {
				return err
			}
		}
	}
	if st, err := os.Lstat(d); err != nil || !st.IsDir() {
		return nil
	}
	n := 0
	return filepath.WalkDir(d, func(q string, e fs.DirEntry, err error) error {
		if err != nil || !e.IsDir() {
			return nil // what cannot be listed is reported by the load
		}
		if q != d && strings.HasPrefix(e.Name(), ".") {
			return filepath.SkipDir // not loaded (.git, .terraform, …); its .git entry is seen from its parent
		}
		if n++; n > maxNestedDirs {
			return filepath.SkipAll
		}
		if q == r.Root {
			return nil // the working tree's own .git
		}
		return nestedAt(q, p)
	})
}

// nestedAt is the error for the path p the user gave when the directory
// d (p or a directory on its way) is or holds another repository.
func nestedAt(d, p string) error {
	what := ""
	if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
		what = "holds a .git entry"
	} else if looksLikeGitDir(d) {
		what = "is shaped as a git directory (HEAD, objects/, refs/)"
	}
	if what == "" {
		return nil
	}
	return &NestedError{Path: p, Dir: d, What: what}
}

// NestedError is a path given to --base that is or holds another git
// repository than the working tree's.
type NestedError struct {
	Path, Dir, What string
}

func (e *NestedError) Error() string {
	return fmt.Sprintf("%s: the directory %s %s, a git repository nested in the working tree; catc reads revisions only from the working tree's own repository and will not compare a path that holds another (a checkout can commit HEAD, config, objects/ and refs/ to make one). Remove it, or name paths outside it", e.Path, e.Dir, e.What)
}

// IsNested reports whether err is a NestedError.
func IsNested(err error) bool {
	var n *NestedError
	return errors.As(err, &n)
}
