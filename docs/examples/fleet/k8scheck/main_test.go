package main

import (
	"os"
	"strings"
	"testing"
)

// TestCheck: the example passes; a misspelt field, a --shards that is
// not the Job's completions, or a merge that waits for fewer shards
// fails, saying why.
func TestCheck(t *testing.T) {
	data, err := os.ReadFile("../kubernetes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := check(data); err != nil {
		t.Fatalf("the example: %v", err)
	}
	for _, tt := range []struct{ from, to, want string }{
		{"  completionMode: Indexed", "  completionMod: Indexed", `unknown field "completionMod"`},
		{"--shards 8", "--shards 4", "do not pass --shard auto --shards 8"},
		{"-ge 8", "-ge 7", "does not wait for the 8 shards' files"},
		{"claimName: catc-shards\n---", "claimName: other\n---", "does not mount the claim catc-shards"},
	} {
		bad := strings.Replace(string(data), tt.from, tt.to, 1)
		if bad == string(data) {
			t.Fatalf("%q is not in the example", tt.from)
		}
		if _, err := check([]byte(bad)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q → %q: %v, want an error with %q", tt.from, tt.to, err, tt.want)
		}
	}
}
