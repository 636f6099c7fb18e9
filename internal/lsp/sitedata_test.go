package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// withFiles is hieraFiles with some files replaced.
func withFiles(repl map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range hieraFiles {
		out[k] = v
	}
	for k, v := range repl {
		out[k] = v
	}
	return out
}

// TestDataFileDiagnostics: a malformed data file, a value of the wrong
// type for a class parameter and a bad hiera.yaml are published on those
// files (none of them open in the editor), at their line and column; a
// fix on disk, reported by the watcher, clears them.
func TestDataFileDiagnostics(t *testing.T) {
	t.Parallel()
	files := withFiles(map[string]string{
		"data/common.yaml": "---\nprofile::web::docroot: /srv/common\nntp_servers: a: b\n",
	})
	c := startClient(t, files, nil)
	common := c.waitDiags("data/common.yaml", 1)
	if len(common) != 1 || !strings.Contains(common[0].Message, "Unable to parse") || common[0].Range.Start != (protocol.Position{Line: 2, Character: 0}) {
		t.Errorf("data/common.yaml: %+v, want one parse error on line 3", common)
	}
	c2 := startClient(t, withFiles(map[string]string{"data/nodes/web01.example.com.yaml": "---\nprofile::web::workers: eight\n"}), nil)
	node := c2.waitDiags("data/nodes/web01.example.com.yaml", 1)
	if len(node) != 1 || !strings.Contains(node[0].Message, "Class[Profile::Web]: parameter 'workers' expects an Integer value, got String") ||
		node[0].Range.Start != (protocol.Position{Line: 1, Character: 0}) {
		t.Errorf("the node's data file: %+v, want the wrong type at 2:1", node)
	}

	// fixed on disk
	if err := os.WriteFile(filepath.Join(c.root, "data/common.yaml"), []byte(hieraFiles["data/common.yaml"]), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify(protocol.MethodWorkspaceDidChangeWatchedFiles, protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{
		{URI: c.uri("data/common.yaml"), Type: protocol.FileChangeTypeChanged}}})
	if d := c.waitDiags("data/common.yaml", 2); len(d) != 0 {
		t.Errorf("data/common.yaml after the fix: %+v", d)
	}
}

// TestHieraConfigDiagnostics: a hiera.yaml of version 3 is refused on
// its line, with Puppet's words.
func TestHieraConfigDiagnostics(t *testing.T) {
	t.Parallel()
	c := startClient(t, withFiles(map[string]string{"hiera.yaml": "---\n:backends:\n  - yaml\n:hierarchy:\n  - common\n"}), nil)
	d := c.waitDiags("hiera.yaml", 1)
	if len(d) != 1 || !strings.Contains(d[0].Message, "version") {
		t.Fatalf("hiera.yaml: %+v, want its version refused", d)
	}
	if !strings.Contains(d[0].Message, "hiera.yaml version 3 cannot be used") || d[0].Range.Start != (protocol.Position{Line: 1, Character: 0}) {
		t.Errorf("hiera.yaml: %q at %+v, want version 3 refused at 2:1", d[0].Message, d[0].Range.Start)
	}
}
