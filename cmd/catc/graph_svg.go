package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"
)

// The SVG renderer is a companion binary, catc-svg, because linking
// go-graphviz makes every process compile Graphviz's WebAssembly at
// start-up (~0.1 s warm, ~1.5 s cold, +20 MB): catc would pay that on
// `catc version` and `catc validate`. As a process it also gives real
// timeouts and crash isolation, which go-graphviz lacks in-process.

const (
	rendererName = "catc-svg"
	modulePath   = "github.com/catc-dev/catc"
	// rendererEnv names an explicit renderer path.
	rendererEnv = "CATC_SVG"
)

// findSVGRenderer locates catc-svg: $CATC_SVG, next to the running catc,
// on PATH, or (from a source checkout, e.g. `go run ./cmd/catc`) built
// once into the user cache. The error says how to install it.
func findSVGRenderer(stderr io.Writer) (string, error) {
	if p := os.Getenv(rendererEnv); p != "" {
		if isExecutable(p) {
			return p, nil
		}
		return "", fmt.Errorf("$%s is %q, which is not an executable file", rendererEnv, p)
	}
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), rendererName+exeSuffix()); isExecutable(p) {
			return p, nil
		}
	}
	if p, err := exec.LookPath(rendererName); err == nil {
		return p, nil
	}
	if root := moduleRoot(); root != "" {
		return buildRenderer(root, stderr)
	}
	return "", errors.New("--format svg needs the renderer " + rendererName + " (Graphviz in WebAssembly), " +
		"which is not next to catc, on PATH or in $" + rendererEnv + ". Install it with " +
		"`go install " + modulePath + "/cmd/" + rendererName + "@latest`, " +
		"or pipe DOT to Graphviz: catc graph … --format dot | dot -Tsvg -o graph.svg")
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && (runtime.GOOS == "windows" || st.Mode()&0o111 != 0)
}

// moduleRoot is the catc source checkout the working directory is in
// (the nearest go.mod declaring catc's module), or "".
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if declaresModule(filepath.Join(dir, "go.mod")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func declaresModule(goMod string) bool {
	f, err := os.Open(goMod)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" {
			return strings.Trim(fields[1], `"`) == modulePath
		}
	}
	return false
}

// rendererSources are the files a built renderer depends on, relative to
// the module root: its key changes whenever one does.
var rendererSources = []string{"go.mod", "go.sum", "cmd/catc-svg/*.go", "render/svg/*.go"}

// buildRenderer builds catc-svg from the checkout at root into
// <user cache>/catc/catc-svg-<key>/, unless that build already exists.
// The key hashes the renderer's sources, so an edit rebuilds it.
func buildRenderer(root string, stderr io.Writer) (string, error) {
	key, err := sourceKey(root)
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory to build %s into: %w", rendererName, err)
	}
	dir := filepath.Join(cache, "catc", rendererName+"-"+key)
	bin := filepath.Join(dir, rendererName+exeSuffix())
	if isExecutable(bin) {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("building %s: %w", rendererName, err)
	}
	fmt.Fprintf(stderr, "catc: building the SVG renderer %s once, into %s (go build; a minute the first time)\n", rendererName, dir)
	tmp := filepath.Join(dir, fmt.Sprintf(".%s.%d", rendererName, os.Getpid()))
	cmd := exec.Command("go", "build", "-o", tmp, "./cmd/"+rendererName)
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("building %s with go build failed: %v\n%s", rendererName, err, strings.TrimSpace(out.String()))
	}
	// Rename is atomic: a concurrent catc sees no build or a whole one.
	if err := os.Rename(tmp, bin); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("building %s: %w", rendererName, err)
	}
	return bin, nil
}

// sourceKey hashes the renderer's source files (names and contents) and
// the platform.
func sourceKey(root string) (string, error) {
	var files []string
	for _, pat := range rendererSources {
		m, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pat)))
		if err != nil {
			return "", err
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	h := sha256.New()
	fmt.Fprintf(h, "%s/%s\n", runtime.GOOS, runtime.GOARCH)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("building %s: %w", rendererName, err)
		}
		rel, _ := filepath.Rel(root, f)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// showProgress tells a terminal user that a long render is running: after
// a second, a line on stderr that counts the seconds, erased when the
// returned stop is called. Off a terminal it does nothing.
func showProgress(stderr io.Writer, what string) (stop func()) {
	if !isTerminal(stderr) {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		start := time.Now()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		line := ""
		for {
			select {
			case <-done:
				if line != "" {
					eraseLine(stderr, line)
				}
				return
			case <-tick.C:
				line = fmt.Sprintf("catc: %s… %ds", what, int(time.Since(start).Seconds()))
				fmt.Fprint(stderr, "\r"+line)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
