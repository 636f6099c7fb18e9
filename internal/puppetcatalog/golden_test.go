package puppetcatalog

import (
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// update rewrites the golden catalogs under testdata/. Run
// `go test ./internal/puppetcatalog -update`, then review the diff.
var update = flag.Bool("update", false, "rewrite golden files")

// checkGolden compares got with the golden file at path, or rewrites it.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}
