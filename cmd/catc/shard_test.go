package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAutoShard: --shard auto takes the shard from GitLab's parallel
// jobs or a Kubernetes Indexed Job (its count from --shards), and
// refuses, saying what to do, when it finds none or cannot trust it.
func TestAutoShard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env    map[string]string
		shards int
		i, n   int
		err    string
	}{
		{map[string]string{"CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "5"}, 0, 2, 5, ""},
		{map[string]string{"CI_NODE_INDEX": "5", "CI_NODE_TOTAL": "5"}, 0, 5, 5, ""},
		{map[string]string{"JOB_COMPLETION_INDEX": "0"}, 8, 1, 8, ""},
		{map[string]string{"JOB_COMPLETION_INDEX": "7"}, 8, 8, 8, ""},
		{map[string]string{"JOB_COMPLETION_INDEX": "8"}, 8, 0, 0, "JOB_COMPLETION_INDEX is 8, but --shards 8 numbers the shards 0 to 7"},
		{map[string]string{"JOB_COMPLETION_INDEX": "3"}, 0, 0, 0, "add --shards N, the Job's completions"},
		{map[string]string{"CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "5"}, 0, 0, 0, `CI_NODE_INDEX is "0", not a whole number from 1`},
		{map[string]string{"CI_NODE_INDEX": "6", "CI_NODE_TOTAL": "5"}, 0, 0, 0, "beyond CI_NODE_TOTAL 5"},
		{map[string]string{"CI_NODE_INDEX": "1"}, 0, 0, 0, `CI_NODE_TOTAL is "", not a whole number from 1`},
		{map[string]string{"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"}, 4, 0, 0, "drop --shards"},
		{map[string]string{"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "JOB_COMPLETION_INDEX": "0"}, 2, 0, 0, "give --shard I/N"},
		{map[string]string{"GITHUB_ACTIONS": "true"}, 0, 0, 0, "--shard ${{ matrix.shard }}/N in a matrix"},
	}
	for _, tt := range tests {
		lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
		i, n, err := autoShard(lookup, tt.shards)
		switch {
		case tt.err == "" && (err != nil || i != tt.i || n != tt.n):
			t.Errorf("%v --shards %d: %d/%d, %v; want %d/%d", tt.env, tt.shards, i, n, err, tt.i, tt.n)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%v --shards %d: %d/%d, %v; want an error with %q", tt.env, tt.shards, i, n, err, tt.err)
		}
	}
}

// TestShardAutoRun: diff --nodes --shard auto in a GitLab parallel job
// writes that shard, the same as --shard I/N; with no engine it fails
// and says how to name the shard. (It sets the environment: not
// parallel.)
func TestShardAutoRun(t *testing.T) {
	dir := t.TempDir()
	explicit := filepath.Join(dir, "explicit.json")
	if code, _, errOut := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shard", "2/3", "--format", "json", "-o", explicit); code != 0 {
		t.Fatalf("--shard 2/3: exit %d: %s", code, errOut)
	}
	t.Setenv("CI_NODE_INDEX", "2")
	t.Setenv("CI_NODE_TOTAL", "3")
	code, out, errOut := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shard", "auto", "--format", "json")
	if want := readFile(t, explicit); code != 0 || out != want {
		t.Errorf("--shard auto with CI_NODE_INDEX=2 CI_NODE_TOTAL=3: exit %d (%s)\n%s\nwant --shard 2/3's\n%s", code, errOut, out, want)
	}
	t.Setenv("CI_NODE_INDEX", "")
	code, out, errOut = runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shard", "auto", "--format", "json")
	if code != 1 || out != "" || !strings.Contains(errOut, `CI_NODE_INDEX is "", not a whole number`) {
		t.Errorf("an empty CI_NODE_INDEX: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, _, errOut := runCatc(t, "diff", fleetOld, fleetNew, "--nodes", fleetFacts, "--shards", "3", "--format", "json"); code != 1 || !strings.Contains(errOut, "add --shard auto") {
		t.Errorf("--shards without --shard auto: exit %d, %s", code, errOut)
	}
}

// TestNodesStreamedErrors: a facts file that does not read, or a node
// read twice, found as the run reads the files, voids the run: exit 1,
// nothing on stdout and no output file, the facts' errors on stderr.
func TestNodesStreamedErrors(t *testing.T) {
	t.Parallel()
	facts := t.TempDir()
	copyTree(t, fleetFacts, facts)
	if err := os.WriteFile(filepath.Join(facts, "web-01.example.com.yaml"), []byte("os: {family: Debian}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(facts, "zz.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "diff.md")
	for _, args := range [][]string{
		{"diff", fleetOld, fleetNew, "--nodes", facts, "--format", "markdown", "-o", out},
		{"validate", fleetOld, "--nodes", facts},
	} {
		code, stdout, errOut := runCatc(t, args...)
		if code != 1 || stdout != "" || !strings.Contains(errOut, `The node "web-01.example.com" is read twice`) || !strings.Contains(errOut, "zz.json is not readable as facts") {
			t.Errorf("catc %s: exit %d\nstdout %q\nstderr %s", strings.Join(args, " "), code, stdout, errOut)
		}
		if strings.Contains(errOut, "nodes compile") {
			t.Errorf("catc %s printed the void run's outcomes:\n%s", strings.Join(args, " "), errOut)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the void diff was written")
	}
}
