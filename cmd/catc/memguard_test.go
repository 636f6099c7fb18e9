package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestMemoryCap: input that builds more than the cap, each value within
// its bound and the whole within the evaluation budget (a few large
// values, a template repeating a large local, a --var-file repeating a
// long literal), stops with exit 1 and an error that says what and what
// to do under a 100 MiB CATC_MAX_MEMORY; a normal input under the same
// cap is unaffected, and a bad cap is refused. Each runs catc as a child
// process: the guard exits the process.
func TestMemoryCap(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	dir := t.TempDir()
	thousand := "[" + strings.Repeat("0,", 999) + "0]"
	files := map[string]string{
		"for.hcl":  largeValues,
		"tmpl.hcl": "locals {\n  s = format(\"%50000s\", \"x\")\n  n = length([for a in range(1000) : [for b in range(4) : \"${local.s}${b}\"]])\n}\n",
		"var.hcl":  "variable \"x\" {\n}\n",
		"vars.hcl": "x = [for a in " + thousand + " : [for b in [0, 0, 0, 0] : \"" + strings.Repeat("x", 50000) + "\"]]\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, tt := range []struct {
		name  string
		limit string
		args  []string
		code  int
		want  string
	}{
		{"large values", "100MiB", []string{"validate", at("for.hcl")}, 1, "an expression builds a value too large"},
		{"template", "100MiB", []string{"validate", at("tmpl.hcl")}, 1, "an expression builds a value too large"},
		{"var file", "100MiB", []string{"plan", "--var-file", at("vars.hcl"), at("var.hcl")}, 1, "an expression builds a value too large"},
		{"normal input", "100MiB", []string{"validate", seed}, 0, ""},
		{"bad cap", "4 gigs", []string{"validate", seed}, 1, `CATC_MAX_MEMORY="4 gigs": want a size such as 4GiB`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), capDeadline)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"=plain", childArgs+"="+strings.Join(tt.args, "\n"), "CATC_MAX_MEMORY="+tt.limit)
			start := time.Now()
			out, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("still running after %v (no memory cap)", time.Since(start).Round(time.Second))
			}
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			}
			if code != tt.code || !strings.Contains(string(out), tt.want) {
				t.Errorf("exit %d, want %d with %q:\n%s", code, tt.code, tt.want, out)
			}
			if tt.code == 1 && strings.Contains(tt.want, "too large") && !strings.Contains(string(out), "raise CATC_MAX_MEMORY (for example CATC_MAX_MEMORY=200MiB)") {
				t.Errorf("the error does not say what to do:\n%s", out)
			}
			t.Logf("%s: %v", tt.name, time.Since(start).Round(100*time.Millisecond))
		})
	}
}

// capDeadline is how long a capped run may take before the test calls
// it a freeze: alone, one takes a few seconds (10 s with -race), but CI
// runs every package's tests at once with the race detector on two
// cores, which made one take more than 90 s.
const capDeadline = 5 * time.Minute

// largeValues are five locals of 50 MB each: 240 MiB, within the
// evaluation budget's text (256 MiB), and each value within its bound.
var largeValues = "locals {\n" +
	"  a = [for i in range(1000) : format(\"%50000s\", i)]\n  b = [for i in range(1000) : format(\"%50000s\", i)]\n" +
	"  c = [for i in range(1000) : format(\"%50000s\", i)]\n  d = [for i in range(1000) : format(\"%50000s\", i)]\n" +
	"  e = [for i in range(1000) : format(\"%50000s\", i)]\n}\n"

// TestMemoryCapLsp: the language server, given such a file by the editor,
// exits 1 with the error on stderr (the editor restarts it) instead of
// freezing the machine; its input stays open, as an editor's does.
func TestMemoryCapLsp(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	framed := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	src, _ := json.Marshal(largeValues)
	in := framed(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`) +
		framed(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) +
		framed(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nowhere/x.hcl","languageId":"hcl","version":1,"text":`+string(src)+`}}}`)
	ctx, cancel := context.WithTimeout(context.Background(), capDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"=plain", childArgs+"=lsp", "CATC_MAX_MEMORY=100MiB")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(stdin, in); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("the language server still runs after %v (no memory cap)", capDeadline)
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "an expression builds a value too large") {
		t.Errorf("exit %v, want 1 with the error; stderr:\n%s", err, stderr.String())
	}
}
