package main

import (
	"strings"
	"testing"
)

// TestHelpNamesEveryInput: the help and the error of a command run
// without a path name the catalog JSON Puppet compiles beside HCL (and
// the directory of per-node catalogs where one is read), and each help
// names every format the command takes: graph's HTML page, import's
// Puppet::Type.newtype files.
func TestHelpNamesEveryInput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args   []string
		stdout bool
		want   []string
	}{
		{[]string{"--help"}, true, []string{"catalog JSON Puppet compiles", "puppet catalog find NODE --terminus compiler", "directory of per-node catalogs"}},
		{[]string{"plan"}, false, []string{"plan needs at least one PATH: HCL (a .hcl file or a directory of them) or the JSON of a catalog Puppet compiled (puppet catalog find NODE --terminus compiler --render-as json), or a directory of such catalogs"}},
		{[]string{"why"}, false, []string{"FROM [TO]"}},
		{[]string{"compile"}, false, []string{"or the JSON of a catalog Puppet compiled"}},
		{[]string{"fmt"}, false, []string{"fmt needs at least one PATH: a .hcl file or a directory of them\n"}},
		{[]string{"help", "plan"}, true, []string{"a catalog Puppet compiled", "directory of per-node\n   Puppet catalogs (NODE.json), a fleet", "each distinct plan once"}},
		{[]string{"help", "validate"}, true, []string{"a catalog Puppet compiled", "which nodes are valid and which fail"}},
		{[]string{"help", "graph"}, true, []string{"DOT, SVG, JSON or an HTML page", "one picture per node, into -o DIR", "dot, svg, json or html"}},
		{[]string{"help", "import"}, true, []string{"register_type or Puppet::Type.newtype"}},
	} {
		code, out, stderr := runCatc(t, tt.args...)
		text := stderr
		if tt.stdout {
			text = out
		}
		for _, want := range tt.want {
			if !strings.Contains(text, want) {
				t.Errorf("%q (exit %d) does not say %q:\n%s", tt.args, code, want, text)
			}
		}
	}
}
