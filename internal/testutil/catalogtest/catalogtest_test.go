package catalogtest

import "testing"

// TestOracle: the oracle types load with a declaration using them.
func TestOracle(t *testing.T) {
	t.Parallel()
	c := Oracle(t, `resource "node_res" "a" {}`)
	if c.Lookup("node_res", "a") == nil {
		t.Error("node_res[a] not loaded")
	}
}
