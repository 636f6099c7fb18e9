package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputLinksStayInCheckout: a pull request commits graph.dot (and
// the like) as a symbolic link to a file that does not exist yet
// elsewhere, or to one that does, or links a parent directory or the -o
// DIR away: every writer (graph, plan, doc, compile, diff -o FILE; doc,
// compile --nodes and import -o DIR) refuses to write through it, names
// the link, and creates or changes nothing outside the working
// directory.
func TestOutputLinksStayInCheckout(t *testing.T) {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	site, old, facts := abs(seed), abs(fleetOld), abs(fleetFacts)
	work, elsewhere := t.TempDir(), t.TempDir()
	ruby := filepath.Join(t.TempDir(), "lib", "puppet", "type", "note.rb")
	writeFile(t, ruby, "Puppet::ResourceApi.register_type(\n  name: 'note',\n  desc: 'A note.',\n  attributes: {\n    name: { type: 'String', desc: 'The name.', behaviour: :namevar },\n  },\n)\n")
	theirs := filepath.Join(elsewhere, "bashrc")
	writeFile(t, theirs, "theirs\n")
	for name, target := range map[string]string{
		"graph.dot": filepath.Join(elsewhere, "graph.dot"), // does not exist yet
		"plan.txt":  theirs,
		"doc.md":    filepath.Join(elsewhere, "doc.md"),
		"cat.json":  theirs,
		"diff.md":   theirs,
		"out":       elsewhere,
		"docs":      elsewhere,
		"nodes":     elsewhere,
		"types":     elsewhere,
	} {
		if err := os.Symlink(target, filepath.Join(work, name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(work)
	for _, tc := range []struct {
		name string
		args []string
		link string // as named in the error
	}{
		{"graph -o, a link to a file that does not exist", []string{"graph", site, "-o", "graph.dot"}, "graph.dot: it is a symbolic link to " + filepath.Join(elsewhere, "graph.dot") + ", which does not exist"},
		{"plan -o, a link to an existing file", []string{"plan", site, "-o", "plan.txt"}, "plan.txt: it is a symbolic link to " + theirs + ", outside"},
		{"doc -o FILE", []string{"doc", site, "-o", "doc.md"}, "doc.md: it is a symbolic link to " + filepath.Join(elsewhere, "doc.md")},
		{"compile -o", []string{"compile", site, "-o", "cat.json"}, "cat.json: it is a symbolic link to " + theirs},
		{"diff -o", []string{"diff", site, site, "--format", "markdown", "-o", "diff.md"}, "diff.md: it is a symbolic link to " + theirs},
		{"a linked parent directory", []string{"graph", site, "-o", filepath.Join("out", "graph.dot")}, "its directory " + filepath.Join(work, "out") + " is a symbolic link to " + elsewhere},
		{"doc -o DIR a link", []string{"doc", site, "-o", "docs"}, "docs: it is a symbolic link to " + elsewhere},
		{"compile --nodes -o DIR a link", []string{"compile", old, "--nodes", facts, "-o", "nodes"}, "nodes: it is a symbolic link to " + elsewhere},
		{"import -o DIR a link", []string{"import", ruby, "-o", "types"}, "types: it is a symbolic link to " + elsewhere},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCatc(t, tc.args...)
			if code != 1 || !strings.Contains(errOut, tc.link) || !strings.Contains(errOut, "catc writes through a link only inside it") && !strings.Contains(errOut, "catc does not create a link's target") {
				t.Errorf("exit %d, stderr:\n%s\nwant 1 and %q", code, errOut, tc.link)
			}
			entries, _ := os.ReadDir(elsewhere)
			if len(entries) != 1 || readFile(t, theirs) != "theirs\n" {
				t.Errorf("written outside the working directory: %d entries, bashrc %q", len(entries), readFile(t, theirs))
			}
		})
	}
}
