package main

import (
	"strings"
	"testing"
)

// TestLspArgs: `catc lsp` takes no paths (the editor gives the
// workspace); an argument is a usage error. The server itself is tested
// in package lsp, the binary with Neovim (lsp/editors_test.go).
func TestLspArgs(t *testing.T) {
	code, out, errOut := runCatc(t, "lsp", "site/")
	if code != 1 || out != "" || !strings.Contains(errOut, "lsp takes no arguments (got site/)") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
