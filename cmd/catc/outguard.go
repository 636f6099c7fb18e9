package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/internal/inputfile"
)

// overwriteFlag is --overwrite, beside every -o.
func overwriteFlag() cli.Flag {
	return &cli.BoolFlag{Name: "overwrite", Usage: "let -o replace a file catc did not write (never one of the inputs)"}
}

// outputGuard is what an output may not replace: a file the command
// reads (always), and a file catc did not write (unless --overwrite).
type outputGuard struct {
	inputs    []string // real paths of the command's input files
	overwrite bool
}

// guardOf collects the command's inputs from its arguments and the flags
// that name files: the same expansion Load makes of PATH arguments (and
// diff's --old and --new), the var files, facts, the digest key file and
// the --nodes facts.
func guardOf(c *cli.Context) *outputGuard {
	g := &outputGuard{overwrite: c.Bool("overwrite")}
	paths := append(c.Args().Slice(), c.StringSlice("old")...)
	names, _ := catalog.ExpandPaths(append(paths, c.StringSlice("new")...))
	names = append(names, c.StringSlice("var-file")...)
	for _, flag := range []string{"facts", "digest-key-file", "nodes"} {
		p := c.String(flag)
		if p == "" {
			continue
		}
		names = append(names, p)
		if entries, err := os.ReadDir(p); err == nil { // --nodes DIR
			for _, e := range entries {
				names = append(names, filepath.Join(p, e.Name()))
			}
		}
	}
	for _, n := range names {
		if real, err := realPath(n); err == nil {
			g.inputs = append(g.inputs, real)
		}
	}
	return g
}

// realPath is p absolute with every symbolic link resolved.
func realPath(p string) (string, error) {
	p, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}

// isInput reports whether target (an existing file) is one of the inputs.
func (g *outputGuard) isInput(target string) bool {
	real, err := realPath(target)
	if err != nil {
		return false
	}
	for _, in := range g.inputs {
		if in == real {
			return true
		}
	}
	return false
}

// holdsInput reports whether an input lies below the directory dir.
func (g *outputGuard) holdsInput(dir string) bool {
	real, err := realPath(dir)
	if err != nil {
		return false
	}
	for _, in := range g.inputs {
		if strings.HasPrefix(in, real+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// checkReplace is nil when the existing regular file target may be
// replaced by the output path (as the user named it).
func (g *outputGuard) checkReplace(path, target string) error {
	if g.isInput(target) {
		return errors.New("it is one of this command's inputs; write the output to another file")
	}
	if !g.overwrite && !catcWrote(target) {
		return errors.New("it exists and catc did not write it; choose another name, remove it, or pass --overwrite to replace it")
	}
	return nil
}

// catcSignatures recognise catc's own outputs by their first bytes: the
// JSON documents (their "format" is catc.…), the Puppet catalog (catc
// writes the all-zero catalog_uuid, Puppet never does), DOT and the SVG
// drawn from it (the graph is named catalog), doc pages (a marker line),
// import's HCL, the plan and the diff texts and Markdown, and the lines
// of --nodes outcomes. README.md's notes on output files list them.
var catcSignatures = []*regexp.Regexp{
	regexp.MustCompile(`\A\s*\{\s*"format"\s*:\s*"catc\.`),
	regexp.MustCompile(`\A\s*\{[\s\S]*"catalog_uuid"\s*:\s*"00000000-0000-0000-0000-000000000000"`),
	regexp.MustCompile(`\A// catc `),
	regexp.MustCompile(`\A<\?xml[\s\S]*<!-- Title: catalog `),
	regexp.MustCompile(`\A` + regexp.QuoteMeta(docMarker)),
	regexp.MustCompile(`\A# Imported by catc import`),
	regexp.MustCompile(`\A(Apply order: |\*{0,2}Plan: |\*{0,2}This change affects |\d+ nodes? )`),
}

// docMarker opens every page doc -o writes, so that a later doc -o knows
// the file for its own (an HTML comment: Markdown viewers hide it).
const docMarker = "<!-- Written by catc doc: the next catc doc -o replaces this file. -->\n"

// signatureBytes is how much of a file catcWrote reads: every signature
// is within it.
const signatureBytes = 4096

// catcWrote reports whether the regular file path is empty or starts as
// one of catc's outputs.
func catcWrote(path string) bool {
	head, err := inputfile.Head(path, signatureBytes)
	if err != nil {
		return false
	}
	if len(head) == 0 {
		return true // nothing to lose
	}
	for _, re := range catcSignatures {
		if re.Match(head) {
			return true
		}
	}
	return false
}

// guardError names path and why it is not replaced.
func guardError(path string, err error) error {
	return &exitError{code: exitErrors, msg: fmt.Sprintf("will not replace %s: %v", path, err)}
}
