//go:build unix

package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/atomicfile"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/google/go-cmp/cmp"
)

// TestInputsMustBeRegularFiles: every input a command reads (HCL, facts,
// var file, digest key file, catalog JSON for diff, fleet JSON for
// --merge, fmt's files, import's sources) is refused when it is /dev/zero
// behind a link (catc follows no link into /dev), or a named pipe, with
// an error naming it and saying why, and at once (no hang, no memory
// exhausted).
func TestInputsMustBeRegularFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	zero := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink("/dev/zero", p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "x.hcl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	writeFile(t, filepath.Join(site, "types.hcl"), readFile(t, filepath.Join(seed, "types.hcl")))
	if err := os.Symlink("/dev/zero", filepath.Join(site, "evil.hcl")); err != nil {
		t.Fatal(err)
	}
	device := "catc never reads /dev"
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"HCL file", []string{"validate", zero("a.hcl")}, device},
		{"a link committed in a directory", []string{"validate", site}, filepath.Join(site, "evil.hcl") + ": it is /dev/zero: " + device},
		{"the link named", []string{"validate", filepath.Join(site, "evil.hcl")}, device},
		{"named pipe", []string{"validate", seed, fifo}, fifo + ": not a regular file but a named pipe"},
		{"facts", []string{"validate", seed, "--facts", zero("facts.json")}, device},
		{"var file", []string{"validate", seed, "--var-file", zero("vars.hcl")}, device},
		{"digest key file", []string{"compile", seed, "--digest-key-file", zero("key")}, device},
		{"diff input", []string{"diff", zero("old.json"), seed}, device},
		{"merge input", []string{"diff", "--merge", zero("shard.json")}, device},
		{"fmt", []string{"fmt", "--check", zero("f.hcl")}, device},
		{"import", []string{"import", zero("t.rb")}, device},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type result struct {
				code   int
				stderr string
			}
			done := make(chan result, 1)
			go func() {
				code, _, stderr := runCatc(t, tc.args...)
				done <- result{code, stderr}
			}()
			select {
			case r := <-done:
				if r.code != 1 || !strings.Contains(r.stderr, tc.want) {
					t.Errorf("exit %d, stderr:\n%s\nwant 1 and %q", r.code, r.stderr, tc.want)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("catc hung")
			}
		})
	}
}

// TestValidateSymlinkedTypesDir: `catc validate types m.hcl` with types a
// link to a directory reads it (it said "No input").
func TestValidateSymlinkedTypesDir(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "vendor", "seed", "types.hcl"), readFile(t, filepath.Join(seed, "types.hcl")))
	writeFile(t, filepath.Join(dir, "m.hcl"), readFile(t, filepath.Join(seed, "resources.hcl")))
	if err := os.Symlink(filepath.Join("vendor", "seed"), filepath.Join(dir, "types")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if code, _, stderr := runCatc(t, "validate", "types", "m.hcl"); code != 0 {
		t.Errorf("validate types m.hcl: exit %d:\n%s", code, stderr)
	}
	if code, stdout, stderr := runCatc(t, "plan", "types"); code != 0 || !strings.Contains(stdout, "Apply order: 0 resources") {
		t.Errorf("plan types: exit %d, stdout %q:\n%s", code, stdout, stderr)
	}
}

// snapshotDir maps each file name in dir to its content.
func snapshotDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		out[e.Name()] = readFile(t, filepath.Join(dir, e.Name()))
	}
	return out
}

// assertNoTemp fails when dir holds a temporary file or directory of
// catc's.
func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".catc-") {
			t.Errorf("left behind in %s: %s", dir, e.Name())
		}
	}
}

// dirOutputs are the commands that write a directory, each with a second
// form that writes different content (so a half-done swap would show).
var dirOutputs = []struct {
	name        string
	first, next []string // without -o DIR
}{
	{"compile --nodes", []string{"compile", fleetOld, "--nodes", fleetFacts}, []string{"compile", fleetOld, "--nodes", fleetFacts, "--format", "puppet"}},
	{"doc", []string{"doc", seed}, []string{"doc", testutil.Fixture("graph/web")}},
}

// signalChild runs catc's args in a child (mode: childEnv's value), waits
// for its first line on stdout, sends SIGTERM and waits for it to exit.
func signalChild(t *testing.T, mode string, args []string) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"="+mode, childArgs+"="+strings.Join(args, "\n"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(stdout).ReadString('\n'); err != nil {
		cmd.Process.Kill()
		t.Fatalf("child said nothing: %v", err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("child did not exit on the signal")
	}
}

// TestDirOutputAllOrNothingOnSignal: a signal while a directory output is
// written (after its first file) or put in place (after its first
// rename) leaves the directory as it was or wholly the new one, never a
// mix, and no temporary file or directory; both for a directory of
// catc's alone (swapped) and one that holds a file of the user's (the
// files renamed in place).
func TestDirOutputAllOrNothingOnSignal(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	for _, tc := range dirOutputs {
		for _, own := range []bool{true, false} {
			for _, mode := range []string{"1", "commit"} {
				name := tc.name + map[bool]string{true: ", catc's directory", false: ", with a user's file"}[own] +
					map[string]string{"1": ", mid-write", "commit": ", mid-commit"}[mode]
				t.Run(name, func(t *testing.T) {
					parent := t.TempDir()
					out := filepath.Join(parent, "out")
					if code, _, stderr := runCatc(t, append(tc.first, "-o", out)...); code != 0 {
						t.Fatalf("first run: exit %d:\n%s", code, stderr)
					}
					if !own {
						writeFile(t, filepath.Join(out, "notes.txt"), "mine\n")
					}
					before := snapshotDir(t, out)
					ref := filepath.Join(t.TempDir(), "ref")
					if code, _, stderr := runCatc(t, append(tc.next, "-o", ref)...); code != 0 {
						t.Fatalf("reference run: exit %d:\n%s", code, stderr)
					}
					after := snapshotDir(t, ref)
					if !own {
						after["notes.txt"] = "mine\n"
						for name, content := range before {
							if _, ok := after[name]; !ok {
								after[name] = content // in place, other files stay
							}
						}
					}
					signalChild(t, mode, append(tc.next, "-o", out))
					got := snapshotDir(t, out)
					if !cmp.Equal(got, before) && !cmp.Equal(got, after) {
						t.Errorf("the directory is neither the old set nor the new:\n%s", cmp.Diff(after, got))
					}
					if mode == "1" && !cmp.Equal(got, before) {
						t.Errorf("a signal before the commit changed the directory:\n%s", cmp.Diff(before, got))
					}
					assertNoTemp(t, parent)
					assertNoTemp(t, out)
				})
			}
		}
	}
}

// TestDirOutputFailureKeepsOld: a failure between two files (injected
// through the test hook) leaves the earlier directory as it was and no
// temporary directory.
func TestDirOutputFailureKeepsOld(t *testing.T) {
	for _, tc := range dirOutputs {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			out := filepath.Join(parent, "out")
			if code, _, stderr := runCatc(t, append(tc.first, "-o", out)...); code != 0 {
				t.Fatalf("first run: exit %d:\n%s", code, stderr)
			}
			before := snapshotDir(t, out)
			var n atomic.Int32 // compile --nodes writes from several goroutines
			tempFiles.Written = func(string) error {
				if n.Add(1) == 2 {
					return errors.New("injected failure")
				}
				return nil
			}
			defer func() { tempFiles.Written = nil }()
			code, _, stderr := runCatc(t, append(tc.next, "-o", out)...)
			if code != 1 || !strings.Contains(stderr, "injected failure") {
				t.Errorf("exit %d, stderr:\n%s\nwant 1 and the failure", code, stderr)
			}
			if diff := cmp.Diff(before, snapshotDir(t, out)); diff != "" {
				t.Errorf("the directory changed (-before +after):\n%s", diff)
			}
			assertNoTemp(t, parent)
		})
	}
}

// TestOutputRefusesInputsAndForeignFiles: an output that is one of the
// inputs is refused, --overwrite or not; a file catc did not write is
// replaced only with --overwrite; catc's own outputs are replaced.
func TestOutputRefusesInputsAndForeignFiles(t *testing.T) {
	t.Parallel()
	site := t.TempDir()
	for _, f := range []string{"types.hcl", "resources.hcl"} {
		writeFile(t, filepath.Join(site, f), readFile(t, filepath.Join(seed, f)))
	}
	input := filepath.Join(site, "resources.hcl")
	catalogJSON := filepath.Join(t.TempDir(), "c.json")
	if code, _, stderr := runCatc(t, "compile", site, "-o", catalogJSON); code != 0 {
		t.Fatalf("compile: %d\n%s", code, stderr)
	}
	mine := filepath.Join(t.TempDir(), "notes.txt")
	facts := filepath.Join(t.TempDir(), "facts.json")
	writeFile(t, facts, `{"os": {"family": "Debian"}}`)
	for _, tc := range []struct {
		name    string
		args    []string
		target  string // must keep its content when refused
		refused string // in stderr, or "" when written
	}{
		{"compile over its input", []string{"compile", site, "-o", input}, input, "it is one of this command's inputs"},
		{"even with --overwrite", []string{"compile", site, "-o", input, "--overwrite"}, input, "it is one of this command's inputs"},
		{"the facts file", []string{"plan", site, "--facts", facts, "-o", facts, "--overwrite"}, facts, "it is one of this command's inputs"},
		{"diff over its JSON input", []string{"diff", catalogJSON, site, "-o", catalogJSON}, catalogJSON, "it is one of this command's inputs"},
		{"diff --new over its input", []string{"diff", "--old", catalogJSON, "--new", site, "-o", input, "--overwrite"}, input, "it is one of this command's inputs"},
		{"a file catc did not write", []string{"plan", site, "-o", mine}, mine, "it exists and catc did not write it"},
		{"it, with --overwrite", []string{"plan", site, "-o", mine, "--overwrite"}, mine, ""},
		{"catc's own plan again", []string{"plan", site, "-o", mine}, mine, ""},
		{"catc's own JSON again", []string{"compile", site, "-o", catalogJSON}, catalogJSON, ""},
		{"graph over JSON", []string{"graph", site, "-o", catalogJSON}, catalogJSON, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.target == mine && tc.name == "a file catc did not write" {
				writeFile(t, mine, "my notes\n")
			}
			before := readFile(t, tc.target)
			code, _, stderr := runCatc(t, tc.args...)
			if tc.refused == "" {
				if code != 0 || !atomicfile.CatcWrote(tc.target) {
					t.Errorf("exit %d, written = %v:\n%s", code, atomicfile.CatcWrote(tc.target), stderr)
				}
				return
			}
			want := "catc: will not replace " + tc.target + ": " + tc.refused
			if code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, stderr:\n%s\nwant 1 and %q", code, stderr, want)
			}
			if readFile(t, tc.target) != before {
				t.Error("the file was replaced")
			}
			assertNoTemp(t, filepath.Dir(tc.target))
		})
	}
}

// TestDocOutputOverHandWrittenReadme: doc -o . in a directory with a
// hand-written README.md refuses, writes nothing and leaves README.md;
// --overwrite replaces it; a directory of catc's alone is replaced whole
// (pages of types that are gone go with it).
func TestDocOutputOverHandWrittenReadme(t *testing.T) {
	seedAbs, _ := filepath.Abs(seed)
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	writeFile(t, readme, "# My project\n")
	t.Chdir(dir)
	code, _, stderr := runCatc(t, "doc", seedAbs, "-o", ".")
	if code != 1 || !strings.Contains(stderr, "will not replace README.md: it exists and catc did not write it") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if diff := cmp.Diff(map[string]string{"README.md": "# My project\n"}, snapshotDir(t, dir)); diff != "" {
		t.Errorf("doc -o . wrote (-want +got):\n%s", diff)
	}
	if code, _, stderr := runCatc(t, "doc", seedAbs, "-o", ".", "--overwrite"); code != 0 {
		t.Fatalf("--overwrite: exit %d:\n%s", code, stderr)
	}
	if !strings.HasPrefix(readFile(t, readme), atomicfile.DocMarker) {
		t.Error("--overwrite did not write README.md")
	}

	out := filepath.Join(t.TempDir(), "types")
	if code, _, stderr := runCatc(t, "doc", seedAbs, "-o", out); code != 0 {
		t.Fatalf("doc: exit %d:\n%s", code, stderr)
	}
	writeFile(t, filepath.Join(out, "gone.md"), atomicfile.DocMarker+"# gone\n")
	if code, _, stderr := runCatc(t, "doc", seedAbs, "-o", out); code != 0 {
		t.Fatalf("doc again: exit %d:\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "gone.md")); err == nil {
		t.Error("a page of a type that is gone stayed in catc's own directory")
	}
}

// TestOutputUmask: new files and directories get 0666/0777 less the
// umask (a child process sets it: the umask is the process's); an
// existing file keeps its mode (TestOutputKeepsMode).
func TestOutputUmask(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		umask         string
		file, dirMode os.FileMode
	}{{"027", 0o640, 0o750}, {"0", 0o666, 0o777}, {"077", 0o600, 0o700}} {
		t.Run(tc.umask, func(t *testing.T) {
			t.Parallel() // each run is a child process with its own umask
			dir := t.TempDir()
			file := filepath.Join(dir, "c.json")
			docs := filepath.Join(dir, "docs")
			for _, args := range [][]string{{"compile", seed, "-o", file}, {"doc", seed, "-o", docs}} {
				cmd := exec.Command(os.Args[0])
				cmd.Env = append(os.Environ(), childEnv+"=plain", childUmask+"="+tc.umask, childArgs+"="+strings.Join(args, "\n"))
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%v: %v\n%s", args, err, out)
				}
			}
			for path, want := range map[string]os.FileMode{file: tc.file, docs: tc.dirMode, filepath.Join(docs, "README.md"): tc.file} {
				if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
					t.Errorf("%s: mode %v (%v), want %v", path, st.Mode().Perm(), err, want)
				}
			}
		})
	}
}

// TestOutputLongNames: output names of 245 to 255 bytes work (the
// temporary names are short), for a file and a directory.
func TestOutputLongNames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, n := range []int{245, 250, 254, 255} {
		file := filepath.Join(dir, strings.Repeat("c", n-len(".json"))+".json")
		if code, _, stderr := runCatc(t, "compile", seed, "-o", file); code != 0 {
			t.Errorf("compile -o <%d bytes>: exit %d:\n%s", n, code, stderr)
		}
		docs := filepath.Join(dir, strings.Repeat("d", n))
		if code, _, stderr := runCatc(t, "doc", seed, "-o", docs); code != 0 {
			t.Errorf("doc -o <%d bytes>: exit %d:\n%s", n, code, stderr)
		}
		// and again, replacing them
		if code, _, stderr := runCatc(t, "compile", seed, "-o", file); code != 0 {
			t.Errorf("compile -o <%d bytes> again: exit %d:\n%s", n, code, stderr)
		}
		if code, _, stderr := runCatc(t, "doc", seed, "-o", docs); code != 0 {
			t.Errorf("doc -o <%d bytes> again: exit %d:\n%s", n, code, stderr)
		}
	}
	assertNoTemp(t, dir)
}

// TestStdoutFull: a command whose standard output cannot be written
// (/dev/full) exits 1 and says so, also where the printing library
// ignores the error (help, version).
func TestStdoutFull(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	unformatted := filepath.Join(t.TempDir(), "u.hcl")
	writeFile(t, unformatted, "a   =   1\n")
	for _, args := range [][]string{
		{"version"}, {"--version"}, {"--help"}, {"help"}, {"plan", "--help"},
		{"match", "String[0]"}, {"match", "Enum[a]", `"b"`},
		{"fmt", "--diff", unformatted}, {"plan", seed}, {"completion", "bash"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"=plain", childArgs+"="+strings.Join(args, "\n"))
			cmd.Stdout = full
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Errorf("exit %v, want 1", err)
			}
			mismatch := args[0] == "match" && len(args) == 3 // fails anyway
			if !mismatch && !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("stderr does not say why:\n%s", stderr.String())
			}
		})
	}
}

// TestDirOutputKeepsModes: a directory of catc's replaced as a whole keeps
// its own mode and each file's that it held.
func TestDirOutputKeepsModes(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"compile", fleetOld, "--nodes", fleetFacts, "-o", out}
	if code, _, stderr := runCatc(t, args...); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	file := filepath.Join(out, "db-01.example.com.json")
	if err := os.Chmod(file, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(out, 0o710); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCatc(t, args...); code != 0 {
		t.Fatalf("again: exit %d:\n%s", code, stderr)
	}
	for path, want := range map[string]os.FileMode{file: 0o600, out: 0o710} {
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", path, st.Mode().Perm(), err, want)
		}
	}
}

// TestCatcWrote: every output catc writes to a file is known for its own
// the next time (so that rerunning a command needs no --overwrite), and
// a hand-written file is not.
func TestCatcWrote(t *testing.T) {
	testutil.LongOnly(t)
	dir := t.TempDir()
	for i, args := range [][]string{
		{"compile", seed}, {"compile", seed, "--format", "puppet"},
		{"plan", seed}, {"plan", seed, "--format", "json"},
		{"plan", fleetOld, "--nodes", fleetFacts},
		{"graph", seed}, {"graph", seed, "--format", "json"},
		{"diff", testutil.Fixture("diff/change/old"), testutil.Fixture("diff/change/new")},
		{"diff", testutil.Fixture("diff/change/old"), testutil.Fixture("diff/change/new"), "--format", "markdown"},
		{"diff", testutil.Fixture("diff/change/old"), testutil.Fixture("diff/change/new"), "--format", "json"},
		{"diff", fleetOld, testutil.Fixture("fleet/site-new"), "--nodes", fleetFacts},
		{"diff", fleetOld, testutil.Fixture("fleet/site-new"), "--nodes", fleetFacts, "--format", "markdown"},
		{"import", filepath.Join(testutil.Root(), "internal/importer/testdata/seed/lib/puppet/type/apt_key.rb")},
		{"graph", seed, "--format", "svg"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			if slices.Contains(args, "svg") {
				t.Setenv("CATC_SVG", buildSVGRenderer(t))
			}
			out := filepath.Join(dir, strconv.Itoa(i))
			runCatc(t, append(args, "-o", out)...)
			if args[0] == "import" {
				out = filepath.Join(out, "apt_key.hcl")
			}
			if _, err := os.Stat(out); err != nil {
				t.Fatalf("nothing written: %v", err)
			}
			if !atomicfile.CatcWrote(out) {
				t.Errorf("catc does not know its own output, which starts:\n%.200s", readFile(t, out))
			}
		})
	}
	for _, text := range []string{"# My project\n", "resource \"file\" \"x\" {}\n", `{"name": "x"}`, "Apply the plan\n"} {
		p := filepath.Join(dir, "hand")
		writeFile(t, p, text)
		if atomicfile.CatcWrote(p) {
			t.Errorf("%q is taken for catc's", text)
		}
	}
}

// setChildUmask sets the umask of a child process to childUmask's value
// (octal), when given.
func setChildUmask() {
	if m, err := strconv.ParseUint(os.Getenv(childUmask), 8, 32); err == nil {
		syscall.Umask(int(m))
	}
}
