package main

import (
	"fmt"
	"strconv"
)

// autoShard is --shard auto: the shard index (1-based) and count from the
// engine running catc, read with lookup (os.LookupEnv): GitLab CI's
// parallel jobs (CI_NODE_INDEX, 1-based, and CI_NODE_TOTAL), or a
// Kubernetes Indexed Job (JOB_COMPLETION_INDEX, 0-based), whose count
// the pod does not see: shards gives it (--shards N, the Job's
// completions). GitHub Actions says neither: its matrix names the shard
// on the command line (--shard ${{ matrix.shard }}/N).
func autoShard(lookup func(string) (string, bool), shards int) (i, n int, err error) {
	gitlab, onGitLab := lookup("CI_NODE_INDEX")
	job, inJob := lookup("JOB_COMPLETION_INDEX")
	switch {
	case onGitLab && inJob:
		return 0, 0, fail("--shard auto: both GitLab's CI_NODE_INDEX and a Kubernetes Job's JOB_COMPLETION_INDEX are set, so the shard is not clear: give --shard I/N")
	case onGitLab:
		if shards != 0 {
			return 0, 0, fail("--shard auto on GitLab CI takes the count from CI_NODE_TOTAL: drop --shards")
		}
		total, _ := lookup("CI_NODE_TOTAL")
		n, err := envNumber("CI_NODE_TOTAL", total, 1)
		if err != nil {
			return 0, 0, err
		}
		i, err := envNumber("CI_NODE_INDEX", gitlab, 1)
		if err != nil {
			return 0, 0, err
		}
		if i > n {
			return 0, 0, failf("--shard auto: CI_NODE_INDEX is %d, beyond CI_NODE_TOTAL %d", i, n)
		}
		return i, n, nil
	case inJob:
		if shards < 1 {
			return 0, 0, fail("--shard auto in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX is set) needs the shard count, which the pod cannot see: add --shards N, the Job's completions")
		}
		i, err := envNumber("JOB_COMPLETION_INDEX", job, 0)
		if err != nil {
			return 0, 0, err
		}
		if i >= shards {
			return 0, 0, failf("--shard auto: JOB_COMPLETION_INDEX is %d, but --shards %d numbers the shards 0 to %d: give --shards the Job's completions", i, shards, shards-1)
		}
		return i + 1, shards, nil
	}
	return 0, 0, fail("--shard auto found no shard of a CI engine: GitLab CI's parallel jobs set CI_NODE_INDEX and CI_NODE_TOTAL, a Kubernetes Indexed Job sets JOB_COMPLETION_INDEX (add --shards N, its completions); on GitHub Actions, or anywhere else, name the shard: --shard I/N (--shard ${{ matrix.shard }}/N in a matrix)")
}

// envNumber reads a whole number at least min from the variable name.
func envNumber(name, value string, min int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < min || fmt.Sprint(n) != value {
		return 0, failf("--shard auto: %s is %q, not a whole number from %d", name, value, min)
	}
	return n, nil
}
