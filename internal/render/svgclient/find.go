package svgclient

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

const (
	rendererName = "catc-svg"
	// rendererEnv names an explicit renderer path.
	rendererEnv = "CATC_SVG"
)

// Find locates catc-svg: $CATC_SVG, next to the running catc
// (its symbolic links resolved), or on PATH. It never builds one: catc
// runs on checkouts nobody has read, and a go.mod or a cmd/catc-svg found
// in the working directory, an input or a git revision is theirs, not
// catc's. The error says how to install it.
func Find() (string, error) {
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
	return "", errors.New(missingHint)
}

// missingHint says how to get the renderer: catc's module is built from
// a checkout (it is published under no module path `go install` can
// fetch), so from that checkout, a trusted one, next to the catc on PATH,
// or with `go install ./cmd/...`, which installs both. Each command in
// backquotes works as written from the checkout's top directory
// (TestMissingHintBuilds runs them).
const missingHint = "--format svg needs the renderer " + rendererName + " (Graphviz in WebAssembly), " +
	"which is not next to catc, on PATH or in $" + rendererEnv + ". Build it from the catc checkout you built catc from " +
	"(one you trust), in its top directory, next to catc: " +
	"`go build -o \"$(dirname \"$(readlink -f \"$(command -v catc)\")\")/" + rendererName + "\" ./cmd/" + rendererName + "`; " +
	"or install both there with `go install ./cmd/...` (into $(go env GOPATH)/bin, or $GOBIN); " +
	"or pipe DOT to Graphviz: catc graph … --format dot | dot -Tsvg -o graph.svg"

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
