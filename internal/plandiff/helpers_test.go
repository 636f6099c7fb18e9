package plandiff

import (
	"os"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// oracleDir holds Puppet's answers (fixtures/oracle/README.md).
var oracleDir = testutil.Fixture("oracle")

// typesSnapshot loads the type files, then src as main.hcl.
func typesSnapshot(t *testing.T, src string, typeFiles ...string) *Snapshot {
	t.Helper()
	var srcs [][]byte
	for _, f := range typeFiles {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, b)
	}
	c, diags := compiler.LoadFiles(append(typeFiles, "main.hcl"), append(srcs, []byte(src)), compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	return snapshotOf(c)
}
