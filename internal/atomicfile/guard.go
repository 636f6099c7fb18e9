package atomicfile

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/inputfile"
)

// Guard is what an output may not replace: a file the command reads
// (always), and a file catc did not write (unless overwrite).
type Guard struct {
	names     func() []string // the command's input files, asked for once
	once      sync.Once
	inputs    []string // their real paths
	overwrite bool
}

// NewGuard guards the files inputs names (those that exist; symbolic
// links are resolved) and, unless overwrite, every file catc did not
// write. inputs (nil: none) is called once, when an existing file or
// directory is first about to be replaced: a run that creates its output
// does not list and resolve its inputs.
func NewGuard(inputs func() []string, overwrite bool) *Guard {
	return &Guard{names: inputs, overwrite: overwrite}
}

// realInputs are the real paths of the inputs that exist.
func (g *Guard) realInputs() []string {
	g.once.Do(func() {
		if g.names == nil {
			return
		}
		for _, n := range g.names() {
			if real, err := realPath(n); err == nil {
				g.inputs = append(g.inputs, real)
			}
		}
	})
	return g.inputs
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
func (g *Guard) isInput(target string) bool {
	real, err := realPath(target)
	if err != nil {
		return false
	}
	for _, in := range g.realInputs() {
		if in == real {
			return true
		}
	}
	return false
}

// holdsInput reports whether an input lies below the directory dir.
func (g *Guard) holdsInput(dir string) bool {
	real, err := realPath(dir)
	if err != nil {
		return false
	}
	for _, in := range g.realInputs() {
		if strings.HasPrefix(in, real+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// checkReplace is nil when the existing regular file target may be
// replaced by the output path (as the user named it).
func (g *Guard) checkReplace(path, target string) error {
	if g.isInput(target) {
		return errors.New("it is one of this command's inputs; write the output to another file")
	}
	if !g.overwrite && !CatcWrote(target) {
		return errors.New("it exists and catc did not write it; choose another name, remove it, or pass --overwrite to replace it")
	}
	return nil
}

// catcSignatures recognise catc's own outputs by their first bytes: the
// JSON documents (their "format" is catc.…), the Puppet catalog (catc
// writes the all-zero catalog_uuid, Puppet never does), DOT and the SVG
// drawn from it (the graph is named catalog), doc pages (DocMarker),
// import's HCL, the plan and the diff texts and Markdown, and the lines
// of --nodes outcomes. README.md's notes on output files list them.
// They are compiled when first needed: most runs replace no file, and
// every run would pay for them at start-up.
var catcSignatures = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`\A\s*\{\s*"format"\s*:\s*"catc\.`),
		regexp.MustCompile(`\A\s*\{[\s\S]*"catalog_uuid"\s*:\s*"00000000-0000-0000-0000-000000000000"`),
		regexp.MustCompile(`\A// catc `),
		regexp.MustCompile(`\A<\?xml[\s\S]*<!-- Title: catalog `),
		regexp.MustCompile(`\A` + regexp.QuoteMeta(DocMarker)),
		regexp.MustCompile(`\A# Imported by catc import`),
		regexp.MustCompile(`\A(Apply order: |\*{0,2}Plan: |\*{0,2}This change affects |\d+ nodes? )`),
	}
})

// DocMarker opens every page doc -o writes, so that a later doc -o knows
// the file for its own (an HTML comment: Markdown viewers hide it).
const DocMarker = "<!-- Written by catc doc: the next catc doc -o replaces this file. -->\n"

// signatureBytes is how much of a file CatcWrote reads: every signature
// is within it.
const signatureBytes = 4096

// CatcWrote reports whether the regular file path is empty or starts as
// one of catc's outputs.
func CatcWrote(path string) bool {
	head, err := inputfile.Head(path, signatureBytes)
	if err != nil {
		return false
	}
	if len(head) == 0 {
		return true // nothing to lose
	}
	for _, re := range catcSignatures() {
		if re.Match(head) {
			return true
		}
	}
	return false
}

// guardError names path and why it is not replaced.
func guardError(path string, err error) error {
	return fmt.Errorf("will not replace %s: %w", path, err)
}
