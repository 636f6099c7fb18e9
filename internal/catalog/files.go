package catalog

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/inputfile"
)

// sourceFile is one input file, in command-line order.
type sourceFile struct {
	name string
	src  []byte
}

// readFiles reads every file; unreadable ones become diagnostics.
func readFiles(names []string) ([]*sourceFile, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	out := make([]*sourceFile, 0, len(names))
	for _, n := range names {
		src, err := inputfile.Read(n)
		if err != nil {
			diags = append(diags, inputfile.Diagnostic(n, err))
			continue
		}
		out = append(out, &sourceFile{name: n, src: src})
	}
	return out, diags
}
