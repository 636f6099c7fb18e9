package secretdigest

// go test ./... -update passes -update to every test binary: this one
// takes it too (it has no golden files).
import _ "github.com/catc-dev/catc/internal/testutil"
