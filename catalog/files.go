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
)

// sourceFile is one input file, in command-line order.
type sourceFile struct {
	name string
	src  []byte
}

// ExpandPaths turns path arguments into the files Load reads, in the same
// order: a directory means every *.hcl file below it in bytewise path
// order, hidden directories (.git, .terraform, …) left out; a file is
// taken whatever its name. A file named twice is listed once, at its
// first place. A path that cannot be read is a diagnostic; the other
// paths are still expanded. (catc fmt uses it too.)
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
		files, err := hclFilesBelow(p)
		if err != nil {
			diags = append(diags, ioDiag(p, err))
		}
		for _, f := range files {
			if !slices.Contains(skip, filepath.Clean(f)) {
				add(f)
			}
		}
	}
	return out, diags
}

// hclFilesBelow lists the *.hcl files below dir, sorted bytewise.
func hclFilesBelow(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".hcl") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// readFiles reads every file; unreadable ones become diagnostics.
func readFiles(names []string) ([]*sourceFile, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	out := make([]*sourceFile, 0, len(names))
	for _, n := range names {
		src, err := os.ReadFile(n)
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
