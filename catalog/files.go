package catalog

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/inputfile"
)

// sourceFile is one input file, in command-line order.
type sourceFile struct {
	name string
	src  []byte
}

// ExpandPaths turns path arguments into the files Load reads, in the same
// order: a directory means every *.hcl file below it in bytewise path
// order, hidden directories (.git, .terraform, …) left out; a file is
// taken whatever its name. Symbolic links to directories are followed
// (vendored modules often are links), also as an argument; a link back
// to a directory it is inside, or a second way to a directory already
// listed, is skipped with a warning. A file named twice is listed once,
// at its first place. A path that cannot be read is a diagnostic; the
// other paths are still expanded. (catc fmt uses it too.)
func ExpandPaths(paths []string) ([]string, hcl.Diagnostics) { return expandPaths(paths, nil) }

// expandPaths is ExpandPaths leaving out the files in skip (cleaned
// paths) that a directory would bring in: a var file kept beside the
// declarations holds `name = value`, not declarations.
func expandPaths(paths []string, skip []string) ([]string, hcl.Diagnostics) {
	var out []string
	var diags hcl.Diagnostics
	seen := map[string]bool{}
	add := func(p string) {
		key := filepath.Clean(p)
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	w := &dirWalk{}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			diags = append(diags, ioDiag(p, err))
			continue
		}
		if !st.IsDir() {
			add(p)
			continue
		}
		files, moreDiags := w.hclFiles(p)
		diags = append(diags, moreDiags...)
		for _, f := range files {
			if !slices.Contains(skip, filepath.Clean(f)) {
				add(f)
			}
		}
	}
	return out, diags
}

// dirWalk lists *.hcl files below directories, following symbolic links
// to directories. It remembers every directory it listed by its real
// path (links resolved) so that no directory is listed twice in one
// load, and no link loop is followed.
type dirWalk struct {
	listed map[string]string // real path → the path it was first listed by
}

// maxDirs bounds the directories one load lists: a symbolic link in a
// checkout may point at / and would otherwise have catc walk the whole
// file system. A large site has a few thousand.
const maxDirs = 100_000

// hclFiles lists the *.hcl files below dir, sorted bytewise.
func (w *dirWalk) hclFiles(dir string) ([]string, hcl.Diagnostics) {
	var files []string
	var diags hcl.Diagnostics
	if w.listed == nil {
		w.listed = map[string]string{}
	}
	w.walk(dir, nil, &files, &diags)
	sort.Strings(files)
	return files, diags
}

// walk adds the *.hcl files of dir and recurses into its directories;
// ancestors are the real paths of the directories dir is inside.
func (w *dirWalk) walk(dir string, ancestors []string, files *[]string, diags *hcl.Diagnostics) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		*diags = append(*diags, ioDiag(dir, err))
		return
	}
	if slices.Contains(ancestors, real) {
		*diags = append(*diags, dirWarning(summaryDirLoop, dir, "is a symbolic link to a directory it is inside (a loop); it was skipped, as its files are loaded through that directory. Remove the link, or name the directory you mean"))
		return
	}
	if first, ok := w.listed[real]; ok {
		if filepath.Clean(first) != filepath.Clean(dir) {
			*diags = append(*diags, dirWarning(summaryDirTwice, dir, fmt.Sprintf("is the directory %s again (through a symbolic link); its files were loaded once, from there", first)))
		}
		return // else named again (site and site/modules): its files are listed
	}
	if len(w.listed) == maxDirs {
		*diags = append(*diags, ioDiag(dir, fmt.Errorf("more than %d directories below the paths given (a symbolic link to a large tree?); it and the rest were skipped", maxDirs)))
	}
	if len(w.listed) >= maxDirs {
		return
	}
	w.listed[real] = dir
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		*diags = append(*diags, ioDiag(dir, err))
	}
	ancestors = append(ancestors, real)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			// Follow the link to see whether it names a directory; a
			// dangling link named *.hcl is reported when it is read.
			if info, err := os.Stat(p); err == nil {
				isDir = info.IsDir()
			}
		}
		switch {
		case isDir && strings.HasPrefix(e.Name(), "."):
			// .git, .terraform and the like
		case isDir:
			w.walk(p, ancestors, files, diags)
		case strings.HasSuffix(e.Name(), ".hcl"):
			*files = append(*files, p)
		}
	}
}

func dirWarning(summary, dir, what string) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary, Detail: fmt.Sprintf("The directory %s %s.", dir, what)}
}

// readFiles reads every file; unreadable ones become diagnostics.
func readFiles(names []string) ([]*sourceFile, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	out := make([]*sourceFile, 0, len(names))
	for _, n := range names {
		src, err := inputfile.Read(n)
		if err != nil {
			diags = append(diags, ioDiag(n, err))
			continue
		}
		out = append(out, &sourceFile{name: n, src: src})
	}
	return out, diags
}

func ioDiag(path string, err error) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summaryUnreadable,
		Detail:   fmt.Sprintf("Cannot read %s: %v.", path, unwrapPathError(err)),
	}
}

// unwrapPathError drops the path from an *fs.PathError, which the detail
// already names.
func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
