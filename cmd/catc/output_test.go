package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"github.com/catc-dev/catc/internal/puppetdb/pdbtest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv makes the test binary run catc itself (TestMain), with the
// arguments in childArgs separated by newlines.
const (
	childEnv   = "CATC_TEST_CHILD"
	childArgs  = "CATC_TEST_CHILD_ARGS"
	childUmask = "CATC_TEST_CHILD_UMASK"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "" {
		code := m.Run()
		if svgRenderer.dir != "" {
			os.RemoveAll(svgRenderer.dir)
		}
		pdbtest.Stop()
		os.Exit(code)
	}
	// The child announces each written temporary output file on stdout
	// and then blocks, for the parent to signal it mid-write; a "plain"
	// child runs as catc does, with the umask of childUmask if set.
	switch os.Getenv(childEnv) {
	case "plain":
	case "commit":
		// Announce the commit of a directory output and give the
		// parent time to signal it.
		tempFiles.Committing = func() {
			os.Stdout.WriteString("committing\n")
			time.Sleep(300 * time.Millisecond)
		}
	default:
		tempFiles.Written = func(tmp string) error {
			os.Stdout.WriteString("written " + tmp + "\n")
			select {}
		}
	}
	setChildUmask()
	if args := os.Getenv(childArgs); args != "" {
		os.Args = append([]string{"catc"}, strings.Split(args, "\n")...)
	} else {
		os.Args[0] = "catc" // run as catc itself, e.g. by a completion script
	}
	os.Exit(runMain())
}

func TestOutputRemovedOnSignal(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, 143}, {syscall.SIGINT, 130}} {
		t.Run(tt.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "c.json")
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"=1", childArgs+"=compile\n"+seed+"\n-o\n"+out)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, err := bufio.NewReader(stdout).ReadString('\n')
			if err != nil {
				cmd.Process.Kill()
				t.Fatalf("child said nothing: %v", err)
			}
			tmp := strings.TrimSpace(strings.TrimPrefix(line, "written "))
			if _, err := os.Stat(tmp); err != nil {
				t.Fatalf("temporary file %s is not there mid-write: %v", tmp, err)
			}
			if err := cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			waitErr := make(chan error, 1)
			go func() { waitErr <- cmd.Wait() }()
			select {
			case err = <-waitErr:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatal("child did not exit on the signal")
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != tt.code {
				t.Errorf("exit = %v, want status %d", err, tt.code)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				t.Errorf("left behind: %s", e.Name())
			}
		})
	}
}

func TestOutputKeepsMode(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "c.json")
	if err := os.WriteFile(out, []byte(oldCatalog), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCatc(t, "compile", seed, "-o", out); code != 0 {
		t.Fatalf("compile -o = %d: %s", code, errOut)
	}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v, want -rw-------", st.Mode())
	}
	assertJSON(t, out)
}

func TestOutputThroughSymlink(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		existing bool
	}{{"to a file", true}, {"dangling", false}} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "real", "c.json")
			if err := os.Mkdir(filepath.Dir(target), 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.existing {
				if err := os.WriteFile(target, []byte(oldCatalog), 0o640); err != nil {
					t.Fatal(err)
				}
			}
			link := filepath.Join(dir, "link.json")
			if err := os.Symlink(filepath.Join("real", "c.json"), link); err != nil {
				t.Fatal(err)
			}
			if code, _, errOut := runCatc(t, "compile", seed, "-o", link); code != 0 {
				t.Fatalf("compile -o link = %d: %s", code, errOut)
			}
			if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("the link was replaced: %v %v", st.Mode(), err)
			}
			assertJSON(t, target)
			if st, _ := os.Stat(target); tt.existing && st.Mode().Perm() != 0o640 {
				t.Errorf("target mode = %v, want -rw-r-----", st.Mode())
			}
		})
	}
}

func TestOutputErrorNamesUserPath(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "missing", "x.txt")
	code, stdout, errOut := runCatc(t, "plan", seed, "-o", out)
	want := "catc: cannot write " + out + ": no such file or directory\n"
	// The seed's warnings come first.
	if code != 1 || stdout != "" || !strings.HasSuffix(errOut, want) || strings.Contains(errOut, ".x.txt.") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and stderr %q", code, stdout, errOut, want)
	}
}

func TestDocDirAllOrNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// software.md cannot be written: a directory holds its place.
	if err := os.Mkdir(filepath.Join(dir, "software.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCatc(t, "doc", seed, "-o", dir)
	want := "catc: cannot write " + filepath.Join(dir, "software.md") + ": not a regular file\n"
	if code != 1 || !strings.HasSuffix(errOut, want) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, errOut, want)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "software.md" {
			t.Errorf("written although a page failed: %s", e.Name())
		}
	}
}

func TestDocDirKeepsModeAndLinks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	if err := os.WriteFile(readme, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("README.md", filepath.Join(dir, "software.md")); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCatc(t, "doc", seed, "-o", filepath.Join(dir, "sub")); code != 0 {
		t.Fatalf("doc -o = %d: %s", code, errOut)
	}
	// README.md is not catc's: doc -o replaces it only when asked.
	if code, _, errOut := runCatc(t, "doc", seed, "-o", dir, "--overwrite"); code != 0 {
		t.Fatalf("doc -o = %d: %s", code, errOut)
	}
	if st, err := os.Stat(readme); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("README.md mode %v (%v), want -rw-------", st.Mode(), err)
	}
	if st, err := os.Lstat(filepath.Join(dir, "software.md")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("software.md is no longer a link: %v", err)
	}
}

// oldCatalog stands for a catalog JSON an earlier catc compile wrote.
const oldCatalog = `{"format": "catc.catalog/1", "resources": []}`

// assertJSON fails unless path holds one JSON document.
func assertJSON(t *testing.T, path string) {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(readFile(t, path)), &v); err != nil {
		t.Errorf("%s is not JSON: %v", path, err)
	}
}
