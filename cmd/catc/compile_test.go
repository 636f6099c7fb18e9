package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

func TestCompileFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, format string
		wantCode     int
		// wantKey is a top-level key of the output; wantErr a part of stderr.
		wantKey, wantErr string
	}{
		{"default is catc", "", 0, "format", ""},
		{"catc", "catc", 0, "format", ""},
		{"puppet", "puppet", 0, "catalog_format", ""},
		{"unknown", "yaml", 1, "", "use catc or puppet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"compile", seed}
			if tc.format != "" {
				args = append(args, "--format", tc.format)
			}
			code, out, errOut := runCatc(t, args...)
			if code != tc.wantCode || !strings.Contains(errOut, tc.wantErr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, tc.wantCode, tc.wantErr)
			}
			if tc.wantKey == "" {
				if out != "" {
					t.Errorf("output on error: %q", out)
				}
				return
			}
			var doc map[string]json.RawMessage
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("output is not JSON: %v", err)
			}
			if _, ok := doc[tc.wantKey]; !ok {
				t.Errorf("no %q key in the output", tc.wantKey)
			}
		})
	}
}

// TestCompilePuppetNodeName: compile --format puppet --facts F names the
// catalog after the node, and writes byte for byte what --nodes writes
// for it (the walkthrough's shop site and its two nodes); without a node
// the catalog is no particular node's, "catc".
func TestCompilePuppetNodeName(t *testing.T) {
	t.Parallel()
	walk := filepath.Join(testutil.Root(), walkthroughDir)
	shop, facts := filepath.Join(walk, "shop"), filepath.Join(walk, "facts")
	dir := t.TempDir()
	if code, _, errOut := runCatc(t, "compile", shop, "--nodes", facts, "--format", "puppet", "-o", dir); code != 0 {
		t.Fatalf("compile --nodes: exit %d: %s", code, errOut)
	}
	for _, node := range []string{"web-01.example.com", "web-02.example.com"} {
		code, out, errOut := runCatc(t, "compile", shop, "--facts", filepath.Join(facts, node+".json"), "--format", "puppet")
		if code != 0 {
			t.Fatalf("compile --facts %s: exit %d: %s", node, code, errOut)
		}
		var doc struct{ Name string }
		if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Name != node {
			t.Errorf("compile --facts %s: the catalog is named %q (%v)", node, doc.Name, err)
		}
		if fleet := readFile(t, filepath.Join(dir, node+".json")); out != fleet {
			t.Errorf("compile --facts %s differs from compile --nodes's %s.json", node, node)
		}
	}
	code, out, errOut := runCatc(t, "compile", seed, "--format", "puppet")
	var doc struct{ Name string }
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil || doc.Name != "catc" {
		t.Errorf("compile without a node: exit %d, name %q, stderr %s", code, doc.Name, errOut)
	}
}
