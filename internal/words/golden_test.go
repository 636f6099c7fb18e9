package words

// This package has no golden files; importing testutil makes its tests
// accept -update, so that `go test ./... -update` runs across the module.
import _ "github.com/catc-dev/catc/internal/testutil"
