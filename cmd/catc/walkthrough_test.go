package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// walkthroughDir holds the files of the README's walkthrough.
const walkthroughDir = "docs/walkthrough"

// fence matches a fenced block of the README: its language and text.
var fence = regexp.MustCompile("(?s)```(hcl|yaml|console)\n(.*?)```\n")

// TestREADMEWalkthrough keeps the README's two walkthroughs ("Your first
// site in ten minutes", then "A real site: …") true: each file they show
// is the file in docs/walkthrough (its first line names it), each HCL or
// YAML file there that they do not show is a copy they mention, and each
// command runs, in a copy of that directory and in the order shown,
// printing exactly what the README shows (standard error, then standard
// output). When this fails after a deliberate change, update the README.
func TestREADMEWalkthrough(t *testing.T) {
	walks := []struct {
		section, text string
		commands      int // at least
	}{
		{section: "Your first site in ten minutes", commands: 5},                           // validate, plan, graph, why and diff
		{section: "A real site: classes, a define, two nodes and their data", commands: 3}, // lookup, plan and diff
	}
	for i := range walks {
		walks[i].text = readmeSection(t, walks[i].section)
	}
	src := filepath.Join("..", "..", walkthroughDir)
	work := t.TempDir()
	copyTree(t, src, work)
	t.Chdir(work)

	shown := map[string]string{}
	for _, w := range walks {
		commands := 0
		for _, m := range fence.FindAllStringSubmatch(w.text, -1) {
			lang, text := m[1], m[2]
			if lang != "console" {
				name := shownFileName(t, text)
				shown[name] = text
				if got := readFile(t, name); got != text {
					t.Errorf("README's %s differs from %s/%s (-README +file):\n%s", name, walkthroughDir, name, cmp.Diff(text, got))
				}
				continue
			}
			commands += runConsole(t, text, walkthroughDir)
		}
		if commands < w.commands {
			t.Errorf("%q runs %d commands, want %d at least", w.section, commands, w.commands)
		}
	}
	checkCopies(t, shown)
}

// shownFileName is the path a walkthrough file block names in its first
// line, "# site/types.hcl: …".
func shownFileName(t *testing.T, text string) string {
	t.Helper()
	first, _, _ := strings.Cut(text, "\n")
	name, _, _ := strings.Cut(strings.TrimPrefix(first, "# "), ":")
	if !strings.HasPrefix(first, "# ") || !shownExt(name) {
		t.Fatalf("a file block must start with \"# PATH: …\", not %q", first)
	}
	return name
}

// runConsole runs the commands of a console block ("$ catc …" lines,
// each followed by its output) and returns how many ran. "cd dir" is
// where the test already is.
func runConsole(t *testing.T, text, dir string) int {
	t.Helper()
	n := 0
	lines := strings.SplitAfter(text, "\n")
	for i := 0; i < len(lines); {
		cmd := strings.TrimSuffix(lines[i], "\n")
		if !strings.HasPrefix(cmd, "$ ") {
			t.Fatalf("console block: %q is not a command", cmd)
		}
		i++
		var want strings.Builder
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "$ "); i++ {
			want.WriteString(lines[i])
		}
		args := shellWords(strings.TrimPrefix(cmd, "$ "))
		if strings.Join(args, " ") == "cd "+dir {
			continue
		}
		if len(args) == 0 || args[0] != "catc" {
			t.Fatalf("the walkthrough may only run catc: %q", cmd)
		}
		code, out, errOut := runCatc(t, args[1:]...)
		n++
		if code != 0 {
			t.Errorf("%s: exit %d\n%s", cmd, code, errOut)
		}
		if diff := cmp.Diff(want.String(), errOut+out); diff != "" {
			t.Errorf("%s (-README +catc):\n%s", cmd, diff)
		}
		for j, a := range args {
			if a == "-o" && j+1 < len(args) {
				if st, err := os.Stat(args[j+1]); err != nil || st.Size() == 0 {
					t.Errorf("%s: no output file (%v)", cmd, err)
				}
			}
		}
	}
	return n
}

// shownExt reports whether a walkthrough file is one the README shows
// (or copies): HCL and YAML.
func shownExt(name string) bool {
	return strings.HasSuffix(name, ".hcl") || strings.HasSuffix(name, ".yaml")
}

// shellWords splits a command line as a shell does for the walkthrough's
// commands: words separated by spaces, single quotes kept together.
func shellWords(s string) []string {
	var out []string
	var w strings.Builder
	quoted, inWord := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				out = append(out, w.String())
				w.Reset()
			}
			inWord = false
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, w.String())
	}
	return out
}

// checkCopies checks that each walkthrough file the README does not show
// is a copy of a shown file of the same name in another directory
// (site-v2/types.hcl of site/types.hcl), its first line naming it.
func checkCopies(t *testing.T, shown map[string]string) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !shownExt(path) {
			return err
		}
		path = filepath.ToSlash(path)
		if _, ok := shown[path]; ok {
			return nil
		}
		got := readFile(t, path)
		for name, text := range shown {
			if filepath.Base(name) == filepath.Base(path) && strings.Replace(text, name, path, 1) == got {
				return nil
			}
		}
		t.Errorf("%s/%s is neither shown in the README nor a copy of a file it shows", walkthroughDir, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyTree copies the files and directories under src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
