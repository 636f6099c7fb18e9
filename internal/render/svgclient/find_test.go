package svgclient

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestFindMissing: with no renderer anywhere, the message says how to
// build it from a checkout (no module path that `go install` cannot
// fetch) and how to do without.
func TestFindMissing(t *testing.T) {
	t.Setenv(rendererEnv, "")
	t.Setenv("PATH", t.TempDir())
	t.Chdir(t.TempDir())
	_, err := Find()
	if err == nil {
		t.Fatal("Find found a renderer, want an error")
	}
	for _, want := range []string{"`go build -o", "`go install ./cmd/...`", "--format dot | dot -Tsvg"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "@latest") || strings.Contains(err.Error(), "github.com/") {
		t.Errorf("error %q names a module path", err)
	}
}

// TestMissingHintBuilds runs each command the message gives, as written,
// in this repository's top directory, with a catc on PATH (in a scratch
// directory; $GOBIN there too): each builds a catc-svg, where the
// message says, that renders DOT. Slow (it builds Graphviz in
// WebAssembly): not with -short.
func TestMissingHintBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds catc-svg twice")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the commands are for a POSIX shell")
	}
	goExe, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(testutil.Root())
	if err != nil {
		t.Fatal(err)
	}
	commands := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(missingHint, -1)
	if len(commands) != 2 {
		t.Fatalf("%d commands in %q", len(commands), missingHint)
	}
	for _, c := range commands {
		dir := t.TempDir()
		bin, gobin := filepath.Join(dir, "bin"), filepath.Join(dir, "gobin")
		if err := os.MkdirAll(bin, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bin, "catc"), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("/bin/sh", "-c", c[1])
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+filepath.Dir(goExe)+string(os.PathListSeparator)+"/usr/bin:/bin", "GOBIN="+gobin)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", c[1], err, out)
		}
		built := filepath.Join(bin, rendererName)
		if strings.HasPrefix(c[1], "go install") {
			built = filepath.Join(gobin, rendererName)
		}
		var svg bytes.Buffer
		if err := Render(context.Background(), &svg, []byte(`digraph { a -> b }`), Options{Renderer: built}); err != nil || !strings.Contains(svg.String(), "<svg") {
			t.Errorf("%s: the renderer it built: %v\n%s", c[1], err, svg.String())
		}
	}
}
