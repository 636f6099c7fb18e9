package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{name: "renders", stdin: `digraph { "Software[php]" -> "Apt_key[1]" }`, inStdout: "<title>Software[php]</title>"},
		{name: "syntax error", stdin: `digraph { -> }`, code: 1, inStderr: "catc-svg: reading DOT: syntax error"},
		{name: "layout", stdin: `digraph { "Software[php]" -> "Apt_key[1]" }`, args: []string{"-layout"}, inStdout: `"name": "Software[php]"`},
		{name: "no file argument", args: []string{"graph.dot"}, code: 1, inStderr: "usage: catc-svg [-layout] < graph.dot > graph.svg"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(strings.NewReader(tc.stdin), &out, &errOut, tc.args)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d; stderr %q", code, tc.code, errOut.String())
			}
			if !strings.Contains(out.String(), tc.inStdout) || !strings.Contains(errOut.String(), tc.inStderr) {
				t.Errorf("stdout %q, stderr %q; want %q and %q", out.String(), errOut.String(), tc.inStdout, tc.inStderr)
			}
			if tc.code != 0 && out.Len() > 0 {
				t.Errorf("wrote %d bytes to stdout despite failing", out.Len())
			}
		})
	}
}
