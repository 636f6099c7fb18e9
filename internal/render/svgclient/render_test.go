package svgclient

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// fakeRenderer writes a shell script standing in for catc-svg.
func fakeRenderer(t *testing.T, script string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake renderers are shell scripts")
	}
	p := filepath.Join(t.TempDir(), "catc-svg")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSVGRenderer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		script  string
		timeout time.Duration
		want    string
		inError string
	}{
		{name: "passes the SVG through", script: `cat >/dev/null; echo '<svg><g class="node"/></svg>'`, want: "<svg><g class=\"node\"/></svg>\n"},
		{name: "renderer's message", script: `echo 'catc-svg: reading DOT: syntax error in line 1' >&2; exit 1`, inError: "failed: catc-svg: reading DOT: syntax error in line 1"},
		{name: "empty output is an error", script: `cat >/dev/null; exit 0`, inError: "produced no SVG (0 bytes)"},
		{name: "cut-off output is an error", script: `cat >/dev/null; printf '<svg><g>'`, inError: "produced no SVG (8 bytes)"},
		{name: "timeout stops it", script: `exec sleep 10`, timeout: 200 * time.Millisecond, inError: "took longer than 200ms and was stopped"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			start := time.Now()
			err := Render(context.Background(), &out, []byte("digraph {}"), Options{Renderer: fakeRenderer(t, tc.script), Timeout: tc.timeout})
			if tc.inError != "" {
				if err == nil || !strings.Contains(err.Error(), tc.inError) {
					t.Fatalf("SVG error = %v, want one containing %q", err, tc.inError)
				}
				if out.Len() != 0 {
					t.Errorf("SVG wrote %q despite the error", out.String())
				}
				if tc.timeout > 0 && time.Since(start) > 5*time.Second {
					t.Errorf("the timeout did not stop the renderer (%s)", time.Since(start))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want {
				t.Errorf("SVG wrote %q, want %q", out.String(), tc.want)
			}
		})
	}
}

func TestLayout(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script, want, inError string
	}{
		{name: "asks for the layout", script: `cat >/dev/null; [ "$1" = -layout ] && echo '{"bb": "0,0,1,1"}'`, want: "{\"bb\": \"0,0,1,1\"}\n"},
		{name: "an older renderer's usage", script: `echo 'usage: catc-svg < graph.dot > graph.svg (it takes no arguments)' >&2; exit 1`, inError: "is older than catc and cannot give the page its layout (catc-svg -layout): install both again"},
		{name: "SVG is no layout", script: `cat >/dev/null; echo '<svg></svg>'`, inError: "produced no layout (12 bytes)"},
		{name: "cut-off JSON is no layout", script: `cat >/dev/null; printf '{"bb": '`, inError: "produced no layout (7 bytes)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Layout(context.Background(), []byte("digraph {}"), Options{Renderer: fakeRenderer(t, tc.script)})
			if tc.inError != "" {
				if err == nil || !strings.Contains(err.Error(), tc.inError) || out != nil {
					t.Fatalf("Layout = %q, %v; want an error containing %q", out, err, tc.inError)
				}
				return
			}
			if err != nil || string(out) != tc.want {
				t.Errorf("Layout = %q, %v; want %q", out, err, tc.want)
			}
		})
	}
}
