package compiler

import (
	"strings"
	"testing"
)

// TestExecCommandsQualified: the built-in exec is refused as Puppet's
// agent refuses it when a command's program is not an absolute path and
// `path` is not set (fixtures/oracle/core/values.jsonl), with Puppet's
// message on the attribute; path, the shell provider, a quoted absolute
// program or an absolute array command are accepted.
func TestExecCommandsQualified(t *testing.T) {
	cases := []struct {
		name, body, want string
		line             int
	}{
		{"title", `resource "exec" "relative_cmd" {}`, "Validation of Exec[relative_cmd] failed: 'relative_cmd' is not qualified and no path was specified. Please qualify the command or specify a path.", 1},
		{"command", "resource \"exec\" \"x\" {\n  command = \"ls -l\"\n}", "Validation of Exec[x] failed: 'ls' is not qualified", 2},
		{"array", "resource \"exec\" \"x\" {\n  command = [\"echo\", \"a\"]\n}", "'echo' is not qualified", 2},
		{"onlyif", "resource \"exec\" \"/bin/true\" {\n  onlyif = [\"/bin/true\", \"test -f /x\"]\n}", "Parameter onlyif failed on Exec[/bin/true]: 'test' is not qualified", 2},
		{"unless", "resource \"exec\" \"/bin/true\" {\n  unless = \"grep -q x /y\"\n}", "Parameter unless failed on Exec[/bin/true]: 'grep' is not qualified", 2},
		{"refresh", "resource \"exec\" \"/bin/true\" {\n  refresh = \"'run me' now\"\n}", "Parameter refresh failed on Exec[/bin/true]: 'run me' is not qualified", 2},
		{"path", "resource \"exec\" \"ls -l\" {\n  path   = \"/bin:/usr/bin\"\n  onlyif = \"test -d /x\"\n}", "", 0},
		{"empty path", "resource \"exec\" \"ls -l\" {\n  path = []\n}", "", 0},
		{"shell", "resource \"exec\" \"ls -l | wc\" {\n  provider = \"shell\"\n}", "", 0},
		{"quoted", "resource \"exec\" \"x\" {\n  command = \"\\\"/opt/my app/run\\\" --now\"\n  onlyif  = [[\"/usr/bin/test\", \"-f\", \"/x\"]]\n}", "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(tc.body)}, LoadOptions{})
			if tc.want == "" {
				if diags.HasErrors() {
					t.Fatalf("refused: %v", diags)
				}
				return
			}
			if len(diags) != 1 || !strings.Contains(diags[0].Detail, tc.want) || diags[0].Subject.Start.Line != tc.line {
				t.Fatalf("diagnostics %v; want one on line %d with %q", diags, tc.line, tc.want)
			}
		})
	}
}
