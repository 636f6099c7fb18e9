package gitrev

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/inputfile"
)

// Repo is a git working tree and its git directory.
type Repo struct {
	// Root is the top directory of the working tree.
	Root string
	// GitDir is its .git (a directory, or a file naming one).
	GitDir string
}

// IsCommit reports whether rev names a commit of the repository.
func (r *Repo) IsCommit(rev string) bool {
	_, err := r.git(nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	return err == nil
}

// Tree is the files of some paths at a revision, extracted into a
// directory (Extract).
type Tree struct {
	// Rev is the revision, as the user wrote it.
	Rev string
	// Paths are the extracted paths, one for each path that exists at
	// Rev, in the order given.
	Paths []string
	// rename maps an extracted path to the path the user gave.
	rename map[string]string
}

// Extract writes the files of paths at revision rev into dir (keeping
// their paths from the repository root): a path that is a file at rev
// itself, a directory its *.hcl files. A path that does not exist at rev
// contributes nothing.
func (r *Repo) Extract(rev string, paths []string, dir string) (*Tree, error) {
	return r.ExtractMatching(rev, paths, dir, nil)
}

// ExtractMatching is Extract with the files of a directory chosen by
// keep, given each file's name (a directory of per-node Puppet catalogs
// holds NODE.json files); a nil keep chooses the *.hcl files, as Extract.
func (r *Repo) ExtractMatching(rev string, paths []string, dir string, keep func(name string) bool) (*Tree, error) {
	if keep == nil {
		keep = func(name string) bool { return strings.HasSuffix(name, ".hcl") }
	}
	t := &Tree{Rev: rev, rename: map[string]string{}}
	rels := make([]string, len(paths))
	for i, p := range paths {
		rel, err := repoRelative(r.Root, p)
		if err != nil {
			return nil, err
		}
		if err := r.checkNested(p, rel); err != nil {
			return nil, err
		}
		rels[i] = rel
	}
	if err := r.checkPresent(rev, rels); err != nil {
		return nil, err
	}
	for i, p := range paths {
		rel := rels[i]
		n, err := r.extractAt(rev, rel, dir, keep)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			at := filepath.Join(dir, rel)
			t.Paths = append(t.Paths, at)
			t.rename[at] = filepath.Clean(p)
		}
	}
	return t, nil
}

// Name is file, extracted under one of t's paths, as the user would name
// it at the revision ("HEAD~1:site/web.hcl"); other files stay as they
// are. Under paths that nest, the innermost names it (the same on every
// run, whatever the order of the map).
func (t *Tree) Name(file string) string {
	best := ""
	for from := range t.rename {
		if (file == from || strings.HasPrefix(file, from+string(filepath.Separator))) && len(from) > len(best) {
			best = from
		}
	}
	if best == "" {
		return file
	}
	return t.Rev + ":" + filepath.ToSlash(filepath.Join(t.rename[best], file[len(best):]))
}

// repoRelative is p relative to the repository root, with symbolic links
// resolved on both sides (a temporary directory is often behind one).
func repoRelative(repo, p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	root := repo
	if r, err := filepath.EvalSymlinks(repo); err == nil {
		root = r
	}
	if a, err := filepath.EvalSymlinks(abs); err == nil {
		abs = a
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", &OutsideError{Path: p, Root: repo}
	}
	return filepath.ToSlash(rel), nil
}

// OutsideError is a path outside the working tree whose revision is read.
type OutsideError struct{ Path, Root string }

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s is outside the git working tree at %s", e.Path, e.Root)
}

// extractAt writes the files of rel at rev under dir (keeping their paths
// from the repository root): rel itself when it is a file, the files keep
// chooses when it is a directory. It returns how many it wrote.
func (r *Repo) extractAt(rev, rel, dir string, keep func(name string) bool) (int, error) {
	out, err := r.git(nil, "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", rev, "--", rel)
	if err != nil {
		return 0, fmt.Errorf("git ls-tree %s -- %s: %w", rev, rel, err)
	}
	var names, ids []string
	for _, entry := range strings.Split(string(out), "\x00") {
		meta, name, ok := strings.Cut(entry, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" || f[0] == "120000" {
			continue // trees, submodules, symbolic links
		}
		if name != rel && !keep(path.Base(name)) {
			continue
		}
		// A tree made by hand may name "..": git never checks such a
		// path out, and writing it would put a file outside dir.
		if name != path.Clean(name) || !filepath.IsLocal(filepath.FromSlash(name)) {
			return 0, fmt.Errorf("git ls-tree %s -- %s: the entry %q is not a path git would check out; catc will not write it", rev, rel, name)
		}
		names, ids = append(names, name), append(ids, f[2])
	}
	if len(ids) == 0 {
		return 0, nil
	}
	return len(ids), r.catBlobs(rev, ids, names, dir)
}

// catBlobs reads the blobs with one `git cat-file --batch` and writes
// them to dir/name as they come: a directory of a fleet's catalogs is
// hundreds of megabytes, never held whole.
func (r *Repo) catBlobs(rev string, ids, names []string, dir string) error {
	cmd := r.command("cat-file", "--batch")
	cmd.Stdin = strings.NewReader(strings.Join(ids, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		return errors.New("git cat-file: " + err.Error())
	}
	werr := writeBlobs(bufio.NewReader(pipe), rev, names, dir)
	if werr != nil {
		// git may be blocked writing what is no longer read (the rest
		// of a blob over the size limit, perhaps gigabytes): stopped,
		// not drained, before Wait.
		cmd.Process.Kill()
	}
	if err := cmd.Wait(); err != nil && werr == nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return errors.New("git cat-file: " + msg)
		}
		return errors.New("git cat-file: " + err.Error())
	}
	return werr
}

// writeBlobs writes the blobs of `git cat-file --batch`'s answer br to
// dir/name, one for each name in order.
func writeBlobs(br *bufio.Reader, rev string, names []string, dir string) error {
	for _, name := range names {
		header, err := br.ReadString('\n')
		f := strings.Fields(header)
		if err == nil && len(f) == 2 && f[1] == "missing" {
			return &MissingError{Rev: rev, Paths: []string{name}, Count: 1, First: f[0]}
		}
		if err != nil || len(f) != 3 || f[1] != "blob" {
			return fmt.Errorf("git cat-file: unexpected answer %q for %s", header, name)
		}
		size, err := strconv.Atoi(f[2])
		if err != nil {
			return fmt.Errorf("git cat-file: bad size in %q", header)
		}
		if size > inputfile.MaxSize {
			return fmt.Errorf("cannot read %s: larger than %d MiB, the limit for an input file", name, inputfile.MaxSize>>20)
		}
		data := make([]byte, size+1) // the content and its trailing newline
		if _, err := io.ReadFull(br, data); err != nil {
			return errors.New("git cat-file: " + err.Error())
		}
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data[:size], 0o644); err != nil {
			return err
		}
	}
	return nil
}
