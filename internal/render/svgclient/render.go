package svgclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// Options say how to run the SVG renderer.
type Options struct {
	// Renderer is the path of the catc-svg companion (DOT on standard
	// input, SVG on standard output; see cmd/catc-svg), as Find gives it.
	Renderer string
	// Timeout stops a render that takes longer (0: no limit). Graphviz
	// cannot be interrupted in-process, so the renderer is a process,
	// killed on timeout.
	Timeout time.Duration
}

// Render lays out the DOT graph dot and writes it to w as SVG, by running
// the renderer once. Errors name the renderer's own message; an empty
// or non-SVG result is an error too, never a silent empty file.
func Render(ctx context.Context, w io.Writer, dot []byte, opts Options) error {
	out, err := run(ctx, dot, opts, nil, "SVG")
	if err != nil {
		return err
	}
	if !looksLikeSVG(out) {
		return fmt.Errorf("the SVG renderer %s produced no SVG (%d bytes)", opts.Renderer, len(out))
	}
	_, err = w.Write(out)
	return err
}

// Layout lays out the DOT graph dot as Render does, but returns the
// layout as data (`catc-svg -layout`: Graphviz's JSON, each node's and
// edge's place and the operations that draw it), for the HTML page,
// which draws the picture itself. It fails as Render does, and on a
// result that is not one JSON object.
//
// A renderer built before -layout refuses the argument with its usage
// line ("it takes no arguments"); the error then says to install both
// programs again.
func Layout(ctx context.Context, dot []byte, opts Options) ([]byte, error) {
	out, err := run(ctx, dot, opts, []string{"-layout"}, "layout")
	if err != nil && strings.Contains(err.Error(), "(it takes no arguments)") {
		return nil, fmt.Errorf("the SVG renderer %s is older than catc and cannot give the page its layout (catc-svg -layout): install both again, e.g. with `go install ./cmd/...` in catc's checkout", opts.Renderer)
	}
	if err != nil {
		return nil, err
	}
	if t := bytes.TrimSpace(out); len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		return nil, fmt.Errorf("the SVG renderer %s produced no layout (%d bytes)", opts.Renderer, len(out))
	}
	return out, nil
}

// run runs the renderer once with args, dot on its standard input, and
// returns what it printed.
func run(ctx context.Context, dot []byte, opts Options, args []string, what string) ([]byte, error) {
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, opts.Renderer, args...)
	cmd.Stdin = bytes.NewReader(dot)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	// A killed renderer's children could keep its pipes open; stop
	// waiting for them soon after.
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, fmt.Errorf("the %s render took longer than %s and was stopped: draw less with --focus, --type or --cycles, or allow more with --timeout", what, opts.Timeout)
	}
	if err != nil {
		msg := strings.TrimSpace(errOut.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("the SVG renderer %s failed: %s", opts.Renderer, msg)
	}
	return out.Bytes(), nil
}

// looksLikeSVG checks that b is a whole SVG document, not an empty or
// cut-off one.
func looksLikeSVG(b []byte) bool {
	return bytes.Contains(b, []byte("<svg")) && bytes.HasSuffix(bytes.TrimSpace(b), []byte("</svg>"))
}
