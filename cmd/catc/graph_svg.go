package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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

// findSVGRenderer locates catc-svg: $CATC_SVG, next to the running catc
// (its symbolic links resolved), or on PATH. It never builds one: catc
// runs on checkouts nobody has read, and a go.mod or a cmd/catc-svg found
// in the working directory, an input or a git revision is theirs, not
// catc's. The error says how to install it.
func findSVGRenderer() (string, error) {
	if p := os.Getenv(rendererEnv); p != "" {
		if isExecutable(p) {
			return p, nil
		}
		return "", fmt.Errorf("$%s is %q, which is not an executable file", rendererEnv, p)
	}
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		if p := filepath.Join(filepath.Dir(exe), rendererName+exeSuffix()); isExecutable(p) {
			return p, nil
		}
	}
	if p, err := exec.LookPath(rendererName); err == nil {
		return p, nil
	}
	return "", errors.New("--format svg needs the renderer " + rendererName + " (Graphviz in WebAssembly), " +
		"which is not next to catc, on PATH or in $" + rendererEnv + ". Install it with " +
		"`go install " + modulePath + "/cmd/" + rendererName + "@latest` " +
		"(or the version of your catc), or from a catc checkout you trust: " +
		"`go build -o \"$(dirname \"$(readlink -f \"$(command -v catc)\")\")/" + rendererName + "\" ./cmd/" + rendererName + "`; " +
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
