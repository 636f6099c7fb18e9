package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/plandiff"
)

// baseSides loads paths at git revision rev (the old side) and in the
// working tree (the new side). The old files are read with `git ls-tree`
// and `git cat-file --batch` into a temporary directory: neither the
// working tree nor the index is touched, and export-ignore attributes
// (which `git archive` would honour) do not hide files. A path that does
// not exist at rev contributes nothing to the old side.
func baseSides(c *cli.Context, rev string, paths []string) (old, new *plandiff.Snapshot, err error) {
	old = &plandiff.Snapshot{}
	err = atBase(c, rev, paths, func(oldPaths []string, rename map[string]string) error {
		if len(oldPaths) == 0 {
			return nil
		}
		var err error
		if old, err = loadSide(c, oldPaths); err != nil {
			return err
		}
		relocate(old, rev, rename)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	new, err = loadSide(c, paths)
	return old, new, err
}

// atBase extracts paths at git revision rev into a temporary directory
// and calls load with the extracted paths (none when no path exists at
// rev) and how to name their files as the user wrote them; diagnostics
// printed meanwhile name "REV:PATH", not the temporary directory, which
// is removed when load returns.
func atBase(c *cli.Context, rev string, paths []string, load func(oldPaths []string, rename map[string]string) error) error {
	repo, err := gitTopLevel(paths[0])
	if err != nil {
		return err
	}
	if _, err := git(repo, nil, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return usage(fmt.Sprintf("--base %q is not a commit of the repository at %s", rev, repo))
	}
	tmp, err := mkdirTemp("catc-diff-base-")
	if err != nil {
		return usage(err.Error())
	}
	defer tempFiles.remove(tmp)
	var oldPaths []string
	rename := map[string]string{} // extracted path → what the user wrote, at rev
	for _, p := range paths {
		rel, err := repoRelative(repo, p)
		if err != nil {
			return err
		}
		n, err := extractAt(repo, rev, rel, tmp)
		if err != nil {
			return err
		}
		if n > 0 {
			at := filepath.Join(tmp, rel)
			oldPaths = append(oldPaths, at)
			rename[at] = filepath.Clean(p)
		}
	}
	sink := sinkOf(c)
	sink.rename = func(file string) string { return relocated(rev, rename, file) }
	defer func() { sink.rename = nil }()
	return load(oldPaths, rename)
}

// relocate rewrites the files of the extracted side to the paths the user
// gave, prefixed with the revision ("HEAD~1:site/web.hcl").
func relocate(s *plandiff.Snapshot, rev string, rename map[string]string) {
	for i := range s.Resources {
		r := &s.Resources[i]
		r.File = relocated(rev, rename, r.File)
	}
}

// relocated is file, extracted under one of rename's paths, as the user
// would name it at rev; other files stay as they are.
func relocated(rev string, rename map[string]string, file string) string {
	for from, to := range rename {
		if file == from || strings.HasPrefix(file, from+string(filepath.Separator)) {
			return rev + ":" + filepath.ToSlash(filepath.Join(to, file[len(from):]))
		}
	}
	return file
}

// gitTopLevel is the root of the working tree that holds path (the first
// PATH), so that catc diff --base works from any directory. A path that
// no longer exists in the working tree is looked up from its nearest
// existing parent.
func gitTopLevel(path string) (string, error) {
	dir := existingDir(path)
	out, err := git(dir, nil, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", usage(fmt.Sprintf("--base needs %s to be in a git working tree: %v", path, err))
	}
	return strings.TrimSpace(string(out)), nil
}

// existingDir is path when it is a directory, else the nearest parent
// directory of it that exists.
func existingDir(path string) string {
	dir, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	for {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return dir
		}
		dir = parent
	}
}

// repoRelative is p relative to the repository root, with symbolic links
// resolved on both sides (a temporary directory is often behind one).
func repoRelative(repo, p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", usage(err.Error())
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
		return "", usage(fmt.Sprintf("%s is outside the git repository at %s", p, repo))
	}
	return filepath.ToSlash(rel), nil
}

// extractAt writes the files of rel at rev under dir (keeping their paths
// from the repository root): rel itself when it is a file, its *.hcl
// files when it is a directory. It returns how many it wrote.
func extractAt(repo, rev, rel, dir string) (int, error) {
	out, err := git(repo, nil, "ls-tree", "-r", "-z", "--full-tree", rev, "--", rel)
	if err != nil {
		return 0, usage(fmt.Sprintf("git ls-tree %s -- %s: %v", rev, rel, err))
	}
	var names, ids []string
	for _, entry := range strings.Split(string(out), "\x00") {
		meta, name, ok := strings.Cut(entry, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" || f[0] == "120000" {
			continue // trees, submodules, symbolic links
		}
		if name == rel || strings.HasSuffix(name, ".hcl") {
			names, ids = append(names, name), append(ids, f[2])
		}
	}
	if len(ids) == 0 {
		return 0, nil
	}
	return len(ids), catBlobs(repo, ids, names, dir)
}

// catBlobs reads the blobs with one `git cat-file --batch` and writes
// them to dir/name.
func catBlobs(repo string, ids, names []string, dir string) error {
	out, err := git(repo, strings.NewReader(strings.Join(ids, "\n")+"\n"), "cat-file", "--batch")
	if err != nil {
		return usage("git cat-file: " + err.Error())
	}
	br := bufio.NewReader(bytes.NewReader(out))
	for _, name := range names {
		header, err := br.ReadString('\n')
		f := strings.Fields(header)
		if err != nil || len(f) != 3 || f[1] != "blob" {
			return usage(fmt.Sprintf("git cat-file: unexpected answer %q for %s", header, name))
		}
		size, err := strconv.Atoi(f[2])
		if err != nil {
			return usage(fmt.Sprintf("git cat-file: bad size in %q", header))
		}
		if size > inputfile.MaxSize {
			return usage(fmt.Sprintf("cannot read %s: larger than %d MiB, the limit for an input file", name, inputfile.MaxSize>>20))
		}
		data := make([]byte, size+1) // the content and its trailing newline
		if _, err := io.ReadFull(br, data); err != nil {
			return usage("git cat-file: " + err.Error())
		}
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return usage(err.Error())
		}
		if err := os.WriteFile(path, data[:size], 0o644); err != nil {
			return usage(err.Error())
		}
	}
	return nil
}

// git runs git in dir (the current directory when empty) with literal
// pathspecs, and returns its standard output; an error carries stderr.
func git(dir string, stdin io.Reader, args ...string) ([]byte, error) {
	full := append([]string{"--literal-pathspecs"}, args...)
	if dir != "" {
		full = append([]string{"-C", dir}, full...)
	}
	cmd := exec.Command("git", full...)
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%s", msg)
		}
		return nil, err
	}
	return out, nil
}
