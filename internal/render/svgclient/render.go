package svgclient

import (
	"bytes"
	"context"
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
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, opts.Renderer)
	cmd.Stdin = bytes.NewReader(dot)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	// A killed renderer's children could keep its pipes open; stop
	// waiting for them soon after.
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("the SVG render took longer than %s and was stopped: draw less with --focus, --type or --cycles, or allow more with --timeout", opts.Timeout)
	}
	if err != nil {
		msg := strings.TrimSpace(errOut.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("the SVG renderer %s failed: %s", opts.Renderer, msg)
	}
	if !looksLikeSVG(out.Bytes()) {
		return fmt.Errorf("the SVG renderer %s produced no SVG (%d bytes)", opts.Renderer, out.Len())
	}
	_, err = w.Write(out.Bytes())
	return err
}

// looksLikeSVG checks that b is a whole SVG document, not an empty or
// cut-off one.
func looksLikeSVG(b []byte) bool {
	return bytes.Contains(b, []byte("<svg")) && bytes.HasSuffix(bytes.TrimSpace(b), []byte("</svg>"))
}
