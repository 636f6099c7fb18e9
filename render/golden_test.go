package render

import "flag"

// update rewrites every golden file of this package: the plan, why, DOT and
// graph JSON goldens under testdata/ and the expected outputs of
// fixtures/diff/*. Run `go test ./... -update`, then review the diff.
var update = flag.Bool("update", false, "rewrite golden files")
