package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestLspArgs: `catc lsp` takes no paths (the editor gives the
// workspace); an argument is a usage error. The server itself is tested
// in package lsp, the binary with Neovim (lsp/editors_test.go).
func TestLspArgs(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "lsp", "site/")
	if code != 1 || out != "" || !strings.Contains(errOut, "lsp takes no arguments (got site/)") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestLspExitStatus runs `catc lsp` as a process: a session that ends
// with shutdown and exit exits 0; exit without shutdown exits 1 (the
// protocol says so); a body that is not JSON is answered with a parse
// error and the session goes on; a message that cannot be delimited is
// answered with a parse error and exits 1 with the reason on stderr.
func TestLspExitStatus(t *testing.T) {
	t.Parallel()
	framed := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	init := framed(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`)
	shutdown := framed(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	exit := framed(`{"jsonrpc":"2.0","method":"exit"}`)
	tests := []struct {
		name, in   string
		code       int
		stdout     []string
		stderrPart string
	}{
		{"shutdown then exit", init + shutdown + exit, 0, []string{`"id":2,"result":null`}, ""},
		{"exit without shutdown", init + exit, 1, []string{`"id":1,"result"`}, "exit without shutdown"},
		{"body not JSON, then a session", framed("{oops") + init + shutdown + exit, 0, []string{`"code":-32700`, `"id":2,"result":null`}, ""},
		{"bad Content-Length", "Content-Length: ten\r\n\r\n" + init, 1, []string{`"code":-32700`}, "Content-Length"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"=1", childArgs+"=lsp")
			cmd.Stdin = strings.NewReader(tt.in)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr %q", code, tt.code, errOut.String())
			}
			for _, w := range tt.stdout {
				if !strings.Contains(out.String(), w) {
					t.Errorf("stdout lacks %s:\n%s", w, out.String())
				}
			}
			if !strings.Contains(errOut.String(), tt.stderrPart) {
				t.Errorf("stderr %q lacks %q", errOut.String(), tt.stderrPart)
			}
		})
	}
}
