package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// TestEditAnswersBeforeTheGraph: an edit's diagnostics go out once the
// catalog is loaded, before the graph is built, when they are the whole
// answer (the load has errors) or no cycle is shown; a cycle the edit
// makes follows with the graph, and a cycle already shown stays shown (it
// is published once, with the graph, never taken away in between).
func TestEditAnswersBeforeTheGraph(t *testing.T) {
	t.Parallel()
	cycle := `resource "package" "nginx" {
  require = file["/etc/motd"]
}

resource "vhost" "www.example.com" {
  package = "nginx"
}

resource "file" "/etc/motd" {
  require = vhost["www.example.com"]
}
`
	noCycle := strings.Replace(cycle, `require = vhost["www.example.com"]`, `mode = "0644"`, 1)
	broken := cycle + "resource \"nothing\" \"x\" {}\n"
	isCycle := func(n int, got []string) {
		t.Helper()
		if len(got) != 1 || !strings.HasPrefix(got[0], "Dependency cycle:") {
			t.Fatalf("publication %d: want the cycle, got %q", n, got)
		}
	}
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": cycle}, nil)
	isCycle(1, messagesOf(c.nthDiags("site.hcl", 1))) // the first load's
	c.open("site.hcl", cycle)
	isCycle(2, messagesOf(c.nthDiags("site.hcl", 2))) // opened as on disk
	steps := []struct {
		text string
		want func(n int, got []string)
	}{
		{cycle + "# still a cycle\n", isCycle}, // once, with the graph
		{broken, func(n int, got []string) { // the load's errors, no cycle
			if len(got) != 1 || !strings.Contains(got[0], "nothing") {
				t.Fatalf("publication %d: want the unknown type, got %q", n, got)
			}
		}},
		{noCycle, func(n int, got []string) { // cleared before the graph
			if len(got) != 0 {
				t.Fatalf("publication %d: want none, got %q", n, got)
			}
		}},
		{cycle, func(n int, got []string) { // the load's answer first: none
			if len(got) != 0 {
				t.Fatalf("publication %d: want none before the graph, got %q", n, got)
			}
		}},
	}
	n := 2
	for i, s := range steps {
		c.change("site.hcl", i+2, s.text)
		n++
		s.want(n, messagesOf(c.nthDiags("site.hcl", n)))
	}
	n++
	isCycle(n, messagesOf(c.nthDiags("site.hcl", n))) // then the graph's
}

func messagesOf(ds []protocol.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Message)
	}
	return out
}
