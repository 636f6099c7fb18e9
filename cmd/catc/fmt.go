package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pmezard/go-difflib/difflib"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/hclpaths"
	"github.com/catc-dev/catc/internal/inputfile"
)

func fmtCommand() *cli.Command {
	return &cli.Command{
		Name:      "fmt",
		Usage:     "rewrite HCL files in the canonical layout (hclwrite)",
		ArgsUsage: "PATH...",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "check", Usage: "write nothing; list the files that are not formatted and exit 1 if there are any"},
			&cli.BoolFlag{Name: "diff", Usage: "write nothing; print a unified diff of the changes"},
			&cli.StringFlag{Name: "diagnostics", Value: "text", Usage: "print diagnostics as `FORMAT`: text, json or github"},
			maxDiagnosticsFlag(),
		},
		Action: withRun(runFmt),
	}
}

// fmtRun is what one `catc fmt` has seen: the problems (with the sources
// they point into, for snippets) and the files that are not formatted.
type fmtRun struct {
	flags   fmtFlags
	diags   hcl.Diagnostics
	sources map[string]*hcl.File
	changed []string
	// names and srcs are every file read, to find the secrets the
	// snippets must mask.
	names []string
	srcs  [][]byte
	// diffs are the changes --diff prints once every file is read: a
	// secret is found across files (a sensitive variable in one, fed to
	// an attribute in another), and no line of a diff may show one.
	diffs []fmtDiff
}

// fmtDiff is one file's change: the file's index in names and srcs, and
// its formatted text.
type fmtDiff struct {
	at  int
	new []byte
}

// runFmt formats every file on its own: a file that does not parse is
// reported and left as it is, and the others are still processed.
func runFmt(c *cmdRun) error {
	f := c.fmtFlags
	paths := c.common.args
	if err := checkPathArgs(c, paths); err != nil {
		return err
	}
	files, diags := hclpaths.ExpandFiles(paths, nil)
	run := &fmtRun{flags: f, diags: diags, sources: map[string]*hcl.File{}}
	for _, file := range files {
		if err := run.file(c, file); err != nil {
			return err
		}
	}
	if err := run.printDiffs(c); err != nil {
		return err
	}
	sources := run.sources
	if len(run.diags) > 0 {
		sources = compiler.MaskSources(run.names, run.srcs)
	}
	if err := printDiagnostics(c, run.diags, sources); err != nil {
		return err
	}
	if run.diags.HasErrors() || f.check && len(run.changed) > 0 {
		return failed()
	}
	return nil
}

// file formats one file and, as the flags say, lists it, prints its diff
// or rewrites it. Only a failure to write stdout is returned; problems
// with the file itself are collected as diagnostics.
func (r *fmtRun) file(c *cmdRun, file hclpaths.File) error {
	name := file.Path
	src, err := file.Read()
	if err != nil {
		r.diags = append(r.diags, fileDiag("Cannot read input", name, err))
		return nil
	}
	r.names, r.srcs = append(r.names, name), append(r.srcs, src)
	out, diags := compiler.FormatHCL(src, name)
	if diags.HasErrors() {
		r.diags = append(r.diags, diags...)
		r.sources[name] = &hcl.File{Bytes: src}
		return nil
	}
	if bytes.Equal(out, src) {
		return nil
	}
	r.changed = append(r.changed, name)
	check, diff := r.flags.check, r.flags.diff
	if !diff {
		// Like terraform fmt: the files that are (or would be) rewritten.
		if _, err := fmt.Fprintln(c.stdout, name); err != nil {
			return err
		}
	}
	if diff {
		r.diffs = append(r.diffs, fmtDiff{at: len(r.srcs) - 1, new: out})
		return nil
	}
	if check {
		return nil
	}
	if err := rewriteFile(name, out); err != nil {
		r.diags = append(r.diags, fileDiag("Cannot write file", name, err))
	}
	return nil
}

// printDiffs prints the diffs of the changed files with every secret's
// text masked on both sides: the site's secrets are found once in the
// files as they are and once as they would be formatted.
func (r *fmtRun) printDiffs(c *cmdRun) error {
	if len(r.diffs) == 0 {
		return nil
	}
	formatted := slices.Clone(r.srcs)
	for _, d := range r.diffs {
		formatted[d.at] = d.new
	}
	before := compiler.MaskSources(r.names, r.srcs)
	after := compiler.MaskSources(r.names, formatted)
	for _, d := range r.diffs {
		name := r.names[d.at]
		if r.flags.check {
			// --check lists the file before its diff.
			if _, err := fmt.Fprintln(c.stdout, name); err != nil {
				return err
			}
		}
		if err := writeUnifiedDiff(c.stdout, name, maskedBytes(before, name, r.srcs[d.at]), maskedBytes(after, name, d.new)); err != nil {
			return err
		}
	}
	return nil
}

// maskedBytes is the masked text of name, or src if the masking left
// the file out.
func maskedBytes(files map[string]*hcl.File, name string, src []byte) []byte {
	if f := files[name]; f != nil && len(f.Bytes) == len(src) {
		return f.Bytes
	}
	return src
}

// writeUnifiedDiff prints the change as `diff -u` would, with git's a/ and
// b/ prefixes so that `git apply` and `patch -p1` take it.
func writeUnifiedDiff(w io.Writer, name string, old, formatted []byte) error {
	slash := filepath.ToSlash(name)
	return difflib.WriteUnifiedDiff(w, difflib.UnifiedDiff{
		A:        splitLines(old),
		B:        splitLines(formatted),
		FromFile: "a/" + slash,
		ToFile:   "b/" + slash,
		Context:  3,
	})
}

// splitLines cuts src into lines that keep their "\n". difflib.SplitLines
// would add an empty last line to every file that ends with a newline;
// here only a last line without one gets it, so that the diff stays one
// line per line.
func splitLines(src []byte) []string {
	lines := strings.SplitAfter(string(src), "\n")
	if lines[len(lines)-1] == "" {
		return lines[:len(lines)-1]
	}
	lines[len(lines)-1] += "\n"
	return lines
}

// rewriteFile writes data over the file at name, keeping its permissions.
// A symbolic link is followed, so that the file it points to is rewritten
// and the link stays a link.
func rewriteFile(name string, data []byte) error {
	path, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	return tempFiles.ReplaceFile(path, st.Mode().Perm(), bytesWriter(data))
}

// fileDiag is an I/O problem with one file, as a diagnostic so that it is
// printed (and counted) with the syntax errors of the other files.
func fileDiag(summary, name string, err error) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf("%s: %v.", name, inputfile.Cause(err)),
	}
}
