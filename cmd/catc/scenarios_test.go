package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestScenarios runs each testdata/scenarios/*.txtar: a site, its facts
// and the commands a user runs on them, with what catc prints. The
// archive's comment says what the scenario shows and lists the commands,
// one a line: "$ catc ARGS" must exit 0, "$ catc ARGS (exit N)" with N.
// Command N's standard output is the file "N.stdout", its standard error
// "N.stderr" (absent: empty). The other files are written to a temporary
// directory, and an argument naming one of them (or a directory of
// them) is given as that path. In the output the temporary directory is
// left out, so that it shows what a user running catc beside the files
// would read. -update rewrites the outputs.
func TestScenarios(t *testing.T) {
	t.Parallel()
	archives, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, path := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runScenario(t, path)
		})
	}
}

// scenarioCommand is one command line of a scenario.
type scenarioCommand struct {
	args []string
	code int
}

func runScenario(t *testing.T, path string) {
	a, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := scenarioCommands(a.Comment)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	inputs, outputs := map[string]string{}, map[string]string{}
	for _, f := range a.Files {
		if isScenarioOutput(f.Name) {
			outputs[f.Name] = string(f.Data)
		} else {
			inputs[f.Name] = string(f.Data)
		}
	}
	dir := testutil.TempFiles(t, inputs)
	got := map[string]string{}
	for i, c := range cmds {
		args := make([]string, len(c.args))
		for j, arg := range c.args {
			args[j] = scenarioArg(arg, dir, inputs)
		}
		code, stdout, stderr := runCatc(t, args...)
		if code != c.code {
			t.Errorf("catc %s: exit %d, want %d; stderr:\n%s", strings.Join(c.args, " "), code, c.code, stderr)
		}
		for name, out := range map[string]string{"stdout": stdout, "stderr": stderr} {
			if out = scenarioOutput(out, dir); out != "" {
				got[fmt.Sprintf("%d.%s", i+1, name)] = out
			}
		}
	}
	if *testutil.Update {
		writeScenario(t, path, a, len(cmds), got)
		return
	}
	if diff := cmp.Diff(outputs, got); diff != "" {
		t.Errorf("%s: outputs differ (-want +got; go test -run TestScenarios -update rewrites them):\n%s", path, diff)
	}
}

// scenarioCommands are the command lines of the archive's comment:
// "$ catc ARGS", exit status 0, or "$ catc ARGS (exit N)".
func scenarioCommands(comment []byte) ([]scenarioCommand, error) {
	var cmds []scenarioCommand
	for _, line := range strings.Split(string(comment), "\n") {
		rest, ok := strings.CutPrefix(line, "$ catc ")
		if !ok {
			continue
		}
		c := scenarioCommand{}
		if i := strings.LastIndex(rest, " (exit "); i >= 0 && strings.HasSuffix(rest, ")") {
			code, err := strconv.Atoi(rest[i+len(" (exit ") : len(rest)-1])
			if err != nil {
				return nil, fmt.Errorf("%q: the exit status is a number", line)
			}
			rest, c.code = rest[:i], code
		}
		c.args = strings.Fields(rest)
		cmds = append(cmds, c)
	}
	if len(cmds) == 0 {
		return nil, fmt.Errorf(`no command: the comment lists "$ catc ARGS" lines`)
	}
	return cmds, nil
}

// isScenarioOutput tells a command's output ("1.stdout") from an input.
func isScenarioOutput(name string) bool {
	n, kind, ok := strings.Cut(name, ".")
	return ok && (kind == "stdout" || kind == "stderr") && strings.Trim(n, "0123456789") == "" && n != ""
}

// scenarioArg is arg as the command is given it: an input's path (or a
// directory holding inputs) in the temporary directory.
func scenarioArg(arg, dir string, inputs map[string]string) string {
	for name := range inputs {
		if name == arg || strings.HasPrefix(name, strings.TrimSuffix(arg, "/")+"/") {
			return filepath.Join(dir, arg)
		}
	}
	return arg
}

// scenarioOutput is out as the archive keeps it: paths relative to the
// scenario's files.
func scenarioOutput(out, dir string) string {
	return strings.ReplaceAll(out, dir+string(filepath.Separator), "")
}

// writeScenario rewrites the archive at path with the outputs got of
// its n commands, its comment and inputs as they were.
func writeScenario(t *testing.T, path string, a *txtar.Archive, n int, got map[string]string) {
	t.Helper()
	out := &txtar.Archive{Comment: a.Comment}
	for _, f := range a.Files {
		if !isScenarioOutput(f.Name) {
			out.Files = append(out.Files, f)
		}
	}
	for i := 1; i <= n; i++ {
		for _, kind := range []string{"stdout", "stderr"} {
			name := fmt.Sprintf("%d.%s", i, kind)
			if data, ok := got[name]; ok {
				out.Files = append(out.Files, txtar.File{Name: name, Data: []byte(data)})
			}
		}
	}
	if err := os.WriteFile(path, txtar.Format(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestScenarioCommands(t *testing.T) {
	t.Parallel()
	got, err := scenarioCommands([]byte("What it shows.\n\n$ catc plan site\n$ catc diff --detailed-exitcode old new (exit 2)\n  $ catc indented\n"))
	want := []scenarioCommand{{args: []string{"plan", "site"}}, {args: []string{"diff", "--detailed-exitcode", "old", "new"}, code: 2}}
	if err != nil || !cmp.Equal(got, want, cmp.AllowUnexported(scenarioCommand{})) {
		t.Errorf("scenarioCommands = %+v, %v; want %+v", got, err, want)
	}
	for _, comment := range []string{"no command\n", "$ catc plan site (exit two)\n"} {
		if _, err := scenarioCommands([]byte(comment)); err == nil {
			t.Errorf("%q: no error", comment)
		}
	}
}
