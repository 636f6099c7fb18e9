package classcorpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/catc-dev/catc/internal/testutil"
)

// Dir is the corpus's directory, relative to the test's package.
func Dir() string { return testutil.Fixture("oracle", "classes") }

// Case is one site of the corpus with Puppet's answer.
type Case struct {
	// Name is the case's directory below the corpus: "include_basic",
	// "gen/s01".
	Name string
	// Dir is its path.
	Dir string
	// Site is site.pp, HCL its twin main.hcl.
	Site, HCL []byte
	// Facts is facts.json, the node's name and facts as `puppet facts
	// find --render-as json` prints them (what catc's --facts reads);
	// Certname is its name.
	Facts    []byte
	Certname string
	// Catalog and Answer are Puppet's compiled catalog and what
	// `puppet apply --noop --catalog` did with it; both nil when Puppet
	// refused to compile (Refusal).
	Catalog *Catalog
	Answer  *Answer
	Refusal *Refusal
	// CatcErrors are catc.txt's `ERROR: text` lines: catc refuses this
	// site with a diagnostic containing each text, though Puppet compiles
	// it (exported resources, self outside a define).
	CatcErrors []string
	// CompileWarnings are Puppet's warnings while compiling
	// (compile-warnings.txt), "Warning: " included.
	CompileWarnings []string
	// Generated is the generator's arguments for a gen/ case (after
	// -classes), empty for a hand-written one.
	Generated string
}

// Refused reports whether Puppet refused to compile the site.
func (c *Case) Refused() bool { return c.Refusal != nil }

// Refusal is Puppet's refusal to compile a site (refusal.json).
type Refusal struct {
	Command  string `json:"command"`
	ExitCode int    `json:"exit_code"`
	// Message is the first error without Puppet's framing (evaluator
	// prefix, file, line, column, node): the words catc's diagnostic
	// should keep.
	Message string `json:"message"`
	// Line is the site.pp line Puppet names last, 0 when none.
	Line   int      `json:"line"`
	Error  string   `json:"error"`
	Errors []string `json:"errors"`
}

// Load reads the case in dir (below Dir(): name is its path there).
func Load(dir, name string) (*Case, error) {
	c := &Case{Name: name, Dir: dir}
	var err error
	read := func(f string) []byte {
		if err != nil {
			return nil
		}
		var b []byte
		b, err = os.ReadFile(filepath.Join(dir, f))
		return b
	}
	c.Site, c.HCL, c.Facts = read("site.pp"), read("main.hcl"), read("facts.json")
	if err != nil {
		return nil, err
	}
	var facts struct {
		Name   string         `json:"name"`
		Values map[string]any `json:"values"`
	}
	if err := strict(c.Facts, &facts); err != nil || facts.Name == "" || facts.Values == nil {
		return nil, fmt.Errorf("%s/facts.json: not a facts document with a name and values (%v)", name, err)
	}
	c.Certname = facts.Name
	if err := c.loadAnswer(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if c.CatcErrors, err = lines(filepath.Join(dir, "catc.txt"), "ERROR: "); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if c.CompileWarnings, err = lines(filepath.Join(dir, "compile-warnings.txt"), "Warning: "); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for i, w := range c.CompileWarnings {
		c.CompileWarnings[i] = "Warning: " + w
	}
	return c, nil
}

// loadAnswer reads catalog.json and puppet.json, or refusal.json.
func (c *Case) loadAnswer() error {
	refusal, rerr := os.ReadFile(filepath.Join(c.Dir, "refusal.json"))
	catalog, cerr := os.ReadFile(filepath.Join(c.Dir, "catalog.json"))
	answer, aerr := os.ReadFile(filepath.Join(c.Dir, "puppet.json"))
	switch {
	case rerr == nil && (cerr == nil || aerr == nil):
		return errors.New("both a refusal and a catalog or answer")
	case rerr == nil:
		c.Refusal = &Refusal{}
		if err := strict(refusal, c.Refusal); err != nil {
			return fmt.Errorf("refusal.json: %w", err)
		}
		if c.Refusal.Message == "" || c.Refusal.ExitCode == 0 {
			return errors.New("refusal.json: no message or a zero exit code")
		}
		return nil
	case cerr != nil || aerr != nil:
		return errors.New("neither refusal.json nor catalog.json and puppet.json")
	}
	var err error
	if c.Catalog, err = parseCatalog(catalog); err != nil {
		return fmt.Errorf("catalog.json: %w", err)
	}
	c.Answer = &Answer{}
	if err := strict(answer, c.Answer); err != nil {
		return fmt.Errorf("puppet.json: %w", err)
	}
	return nil
}

// lines are the lines of path that start with prefix, without it; a
// missing file has none; another non-empty line is an error.
func lines(path, prefix string) ([]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
		case strings.HasPrefix(line, prefix):
			out = append(out, strings.TrimPrefix(line, prefix))
		default:
			return nil, fmt.Errorf("%s: %q does not start with %q", filepath.Base(path), line, prefix)
		}
	}
	return out, sc.Err()
}

// strict decodes JSON refusing unknown fields (the corpus's files have
// exactly the documented keys) and keeping numbers as json.Number.
func strict(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	d.UseNumber()
	return d.Decode(v)
}

// All loads every case: the hand-written sites in name order, then the
// generated ones (gen/INDEX.tsv's order).
func All() ([]*Case, error) {
	root := Dir()
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	var out []*Case
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "gen" {
			continue
		}
		c, err := Load(filepath.Join(root, e.Name()), e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	gen, err := Generated()
	if err != nil {
		return nil, err
	}
	for _, g := range gen {
		c, err := Load(filepath.Join(root, "gen", g[0]), "gen/"+g[0])
		if err != nil {
			return nil, err
		}
		c.Generated = g[1]
		out = append(out, c)
	}
	return out, nil
}

// Generated are gen/INDEX.tsv's rows: a case's name and the generator's
// arguments after -classes.
func Generated() ([][2]string, error) {
	data, err := os.ReadFile(filepath.Join(Dir(), "gen", "INDEX.tsv"))
	if err != nil {
		return nil, err
	}
	var out [][2]string
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, args, ok := strings.Cut(line, "\t")
		if !ok || slices.ContainsFunc(out, func(r [2]string) bool { return r[0] == name }) {
			return nil, fmt.Errorf("gen/INDEX.tsv:%d: want NAME<TAB>ARGS, each name once", i+1)
		}
		out = append(out, [2]string{name, args})
	}
	return out, nil
}
