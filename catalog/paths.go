package catalog

import "github.com/hashicorp/hcl/v2"

// ExpandPaths turns path arguments into the files Load would read, in the
// same order: a directory means every *.hcl file below it in bytewise path
// order, a file is taken whatever its name, and a file named twice is
// listed once, at its first place. A path that cannot be read is a
// diagnostic; the other paths are still expanded.
func ExpandPaths(paths []string) ([]string, hcl.Diagnostics) {
	return expandPaths(paths)
}
