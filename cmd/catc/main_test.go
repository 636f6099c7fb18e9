package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCatc runs the command line in-process and returns exit code and output.
func runCatc(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"catc"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   string
		inStderr string
	}{
		{
			name:   "enum mismatch prints Puppet's message",
			args:   []string{"match", "Enum[present, absent]", `"installed"`},
			code:   1,
			stdout: "expects a match for Enum['absent', 'present'], got 'installed'\n",
		},
		{
			name: "variant of patterns matches",
			args: []string{"match", `Variant[Pattern[/\A(0x)?[0-9a-fA-F]{8}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{16}\Z/]]`, `"0xDEADBEEF"`},
			code: 0,
		},
		{
			name:   "subject prefixes the message",
			args:   []string{"match", "--subject", "software.ensure", "Enum[present, absent]", `"installed"`},
			code:   1,
			stdout: "software.ensure expects a match for Enum['absent', 'present'], got 'installed'\n",
		},
		{
			name:   "flags after positional arguments",
			args:   []string{"match", "Enum[present, absent]", `"installed"`, "--subject", "software.ensure"},
			code:   1,
			stdout: "software.ensure expects a match for Enum['absent', 'present'], got 'installed'\n",
		},
		{
			name: "negative number is a value, not a flag",
			args: []string{"match", "Integer[-5, 5]", "-1"},
			code: 0,
		},
		{
			name:   "integer is not a float",
			args:   []string{"match", "Float", "1"},
			code:   1,
			stdout: "expects a Float value, got Integer\n",
		},
		{
			name:   "canonical form",
			args:   []string{"match", "String[-1]"},
			code:   0,
			stdout: "String[0]\n",
		},
		{
			// Puppet's to_s keeps a newline of the source (Regexp#inspect).
			name:   "canonical form keeps a regexp's newline",
			args:   []string{"match", "Regexp[/a\nb/]"},
			code:   0,
			stdout: "Regexp[/a\nb/]\n",
		},
		{
			name:     "an unknown alias says how to give aliases",
			args:     []string{"match", "Stdlib::Port", "80"},
			code:     1,
			inStderr: "Stdlib::Port is not a type catc knows: catc has Puppet's built-in types, Data, RichData and the aliases it is given; check the spelling, or define the alias (give a module's aliases with --aliases PATH",
		},
		{
			name:     "syntax error points at the token",
			args:     []string{"match", "Enum[]"},
			code:     1,
			inStderr: "Syntax error at ']' (line: 1, column: 6)\n  Enum[]\n       ^",
		},
		{
			name:     "bad JSON value",
			args:     []string{"match", "String", "installed"},
			code:     1,
			inStderr: `VALUE is not valid JSON: invalid character 'i' looking for beginning of value; a string needs its quotes: '"installed"'`,
		},
		{
			name:     "unsatisfiable type is rejected with advice",
			args:     []string{"match", "Timestamp", `"2020-01-01"`},
			code:     1,
			inStderr: "Timestamp",
		},
		{
			name:     "missing type",
			args:     []string{"match"},
			code:     1,
			inStderr: "match takes TYPE",
		},
		{
			name:     "unknown flag",
			args:     []string{"match", "--bogus", "String"},
			code:     1,
			inStderr: "flag provided but not defined: -bogus",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCatc(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d (stdout %q, stderr %q)", code, tt.code, out, errOut)
			}
			if out != tt.stdout {
				t.Errorf("stdout = %q, want %q", out, tt.stdout)
			}
			if !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.inStderr)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runCatc(t, "version")
	if code != 0 || !strings.HasPrefix(out, "catc ") {
		t.Fatalf("catc version = %d %q", code, out)
	}
}

func TestUnknownCommandSuggests(t *testing.T) {
	t.Parallel()
	code, _, errOut := runCatc(t, "mach")
	if code == 0 {
		t.Fatalf("unknown command exited 0")
	}
	if !strings.Contains(errOut, `Did you mean "match"?`) {
		t.Errorf("stderr %q does not suggest match", errOut)
	}
}

// TestBatchCommand: every command but the language server is a batch
// command, whichever flags come first.
func TestBatchCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"catc", "compile", "site"}, true},
		{[]string{"catc", "--help"}, true},
		{[]string{"catc"}, true},
		{[]string{"catc", "lsp"}, false},
		{[]string{"catc", "--debug", "lsp"}, false},
		{[]string{"catc", "validate", "lsp"}, true},
	}
	for _, tt := range tests {
		if got := batchCommand(tt.args); got != tt.want {
			t.Errorf("batchCommand(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

// TestManyCatalogs: a fleet run (--nodes, in any spelling) and a diff
// get the collector of many catalogs; one catalog's run does not.
func TestManyCatalogs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"catc", "plan", "site"}, false},
		{[]string{"catc", "validate", "site", "--nodes", "facts"}, true},
		{[]string{"catc", "validate", "--nodes=facts", "site"}, true},
		{[]string{"catc", "plan", "-nodes", "facts", "site"}, true},
		{[]string{"catc", "diff", "old.json", "new.json"}, true},
		{[]string{"catc", "graph", "--", "--nodes"}, false},
		{[]string{"catc", "graph", "nodes"}, false},
	}
	for _, tt := range tests {
		if got := manyCatalogs(tt.args); got != tt.want {
			t.Errorf("manyCatalogs(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

// TestEvaluates: the memory guard watches every command that may
// evaluate an input, not version, help or completion.
func TestEvaluates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"catc", "compile", "site"}, true},
		{[]string{"catc", "--debug", "lsp"}, true},
		{[]string{"catc", "version"}, false},
		{[]string{"catc", "--version"}, false},
		{[]string{"catc", "help", "compile"}, false},
		{[]string{"catc", "completion", "bash"}, false},
		{[]string{"catc"}, false},
	}
	for _, tt := range tests {
		if got := evaluates(tt.args); got != tt.want {
			t.Errorf("evaluates(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
