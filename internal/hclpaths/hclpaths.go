package hclpaths

import (
	"errors"
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

// File is an input file Expand lists, and the directories its symbolic
// links may lead into.
type File struct {
	Path string
	// Roots are the directories named on the command line it was found
	// below (absolute, links resolved); nil for a file named directly,
	// whose links may lead only below the directory holding it.
	Roots []string
	// resolved is the path of a file found below a root that is no
	// link: its directory's path as the walk resolved and checked it
	// (inputfile.ResolveIn), no link left on it; "" for other files.
	resolved string
}

// Read reads the file as its roots allow (inputfile.Read, ReadIn; a file
// the walk resolved needs no resolving again: a site of thousands of
// files would pay a stat per path component of each. It is opened at
// the path the walk checked, following no link: inputfile.ReadResolved).
func (f File) Read() ([]byte, error) {
	switch {
	case f.resolved != "":
		return inputfile.ReadResolved(f.resolved)
	case f.Roots == nil:
		return inputfile.Read(f.Path)
	}
	return inputfile.ReadIn(f.Path, f.Roots)
}

// Expand turns path arguments into the files compiler.Load reads, in the
// same order: a directory means every *.hcl file below it in bytewise path
// order, hidden directories (.git, .terraform, …) left out; a file is
// taken whatever its name. A checkout's symbolic links are not trusted
// (inputfile): a path named whose links in the working directory's tree
// lead out of it is refused; inside a directory named, a link (to a file
// or a directory: vendored modules often are links) is followed only
// below one of the directories named, never into a hidden directory
// below it nor into /proc, /sys or /dev, and is an error otherwise (name
// its target on the command line to load it); a file named directly may
// be a link below the directory holding it. A link to a directory it is
// inside, or a second way to a directory already listed, is skipped with
// a warning. A file named twice is listed once, at its first place. A
// path that cannot be read is a diagnostic; the other paths are still
// expanded. The files in skip (cleaned paths) that a directory would
// bring in are left out: a var file kept beside the declarations holds
// `name = value`, not declarations (nil: none).
func Expand(paths []string, skip []string) ([]string, hcl.Diagnostics) {
	files, diags := ExpandFiles(paths, skip)
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out, diags
}

// ExpandFiles is Expand with each file's roots, for reading it (File.Read).
func ExpandFiles(paths []string, skip []string) ([]File, hcl.Diagnostics) {
	var out []File
	var diags hcl.Diagnostics
	seen := map[string]bool{}
	add := func(f File) {
		key := filepath.Clean(f.Path)
		if !seen[key] {
			seen[key] = true
			out = append(out, f)
		}
	}
	w := &dirWalk{roots: walkRoots(paths)}
	for _, p := range paths {
		if err := inputfile.CheckNamed(p); err != nil {
			diags = append(diags, inputfile.Diagnostic(p, err))
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			diags = append(diags, inputfile.Diagnostic(p, err))
			continue
		}
		if !st.IsDir() {
			add(File{Path: p})
			continue
		}
		files, moreDiags := w.hclFiles(p)
		diags = append(diags, moreDiags...)
		for _, f := range files {
			if !slices.Contains(skip, filepath.Clean(f)) {
				add(File{Path: f, Roots: w.roots, resolved: w.resolved[f]})
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
	listed   map[string]string // real path → the path it was first listed by
	roots    []string          // real paths a link may lead into
	resolved map[string]string // the files listed that are no links → their resolved paths
}

// walkRoots are the real paths of the directories among paths.
func walkRoots(paths []string) []string {
	var roots []string
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			if real := inputfile.RealDir(p); real != "" && !slices.Contains(roots, real) {
				roots = append(roots, real)
			}
		}
	}
	return roots
}

// The warnings' summaries.
const (
	summaryDirLoop     = "Symbolic link loop"
	summaryDirTwice    = "Directory loaded twice"
	summaryLinkOutside = "Symbolic link out of the tree"
)

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
// ancestors are the real paths of the directories dir is inside. A
// directory below a root is resolved as a link to it would be, below the
// roots (inputfile.ResolveIn): it may have become a link since its parent
// was listed.
func (w *dirWalk) walk(dir string, ancestors []string, files *[]string, diags *hcl.Diagnostics) {
	resolve := filepath.EvalSymlinks // a directory named
	if ancestors != nil {
		resolve = func(dir string) (string, error) { return inputfile.ResolveIn(dir, w.roots) }
	}
	resolved, err := resolve(dir)
	if inputfile.IsLinkRefusal(err) {
		*diags = append(*diags, linkOutside(dir, err))
		return
	}
	real := resolved
	if err == nil {
		real, err = filepath.Abs(resolved)
	}
	if err != nil {
		*diags = append(*diags, inputfile.Diagnostic(dir, err))
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
		*diags = append(*diags, inputfile.Diagnostic(dir, fmt.Errorf("more than %d directories below the paths given (a symbolic link to a large tree?); it and the rest were skipped", maxDirs)))
	}
	if len(w.listed) >= maxDirs {
		return
	}
	w.listed[real] = dir
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		*diags = append(*diags, inputfile.Diagnostic(dir, err))
	}
	ancestors = append(ancestors, real)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		link := e.Type()&fs.ModeSymlink != 0
		if link {
			// Follow the link to see whether it names a directory; a
			// dangling link named *.hcl is reported when it is read.
			if info, err := os.Stat(p); err == nil {
				isDir = info.IsDir()
			}
		}
		isHCL := !isDir && strings.HasSuffix(e.Name(), ".hcl")
		if isDir && strings.HasPrefix(e.Name(), ".") || !isDir && !isHCL {
			continue // .git, .terraform and the like; other files
		}
		if link && !isDir {
			// A checkout's link may lead only below a directory named
			// (inputfile.Within); the file's content is never read. A
			// link to a directory is checked as walk resolves it
			// (inputfile.ResolveIn), in the same words.
			if err := inputfile.Within(p, w.roots); err != nil {
				*diags = append(*diags, linkOutside(p, err))
				continue
			}
		}
		if isDir {
			w.walk(p, ancestors, files, diags)
			continue
		}
		if !link {
			if w.resolved == nil {
				w.resolved = map[string]string{}
			}
			w.resolved[p] = filepath.Join(resolved, e.Name())
		}
		*files = append(*files, p)
	}
}

// linkOutside is the error of a link found in a directory that leads
// out of the directories given (err: inputfile.Within's).
func linkOutside(p string, err error) *hcl.Diagnostic {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summaryLinkOutside, Detail: fmt.Sprintf(
		"%s: %v. It was not read.", p, err)}
}

func dirWarning(summary, dir, what string) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary, Detail: fmt.Sprintf("The directory %s %s.", dir, what)}
}
