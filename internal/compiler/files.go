package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/hclpaths"
	"github.com/catc-dev/catc/internal/inputfile"
)

// sourceFile is one input file, in command-line order.
type sourceFile struct {
	name string
	src  []byte
}

// readFiles reads every file as its links allow (hclpaths.File.Read);
// unreadable ones become diagnostics.
func readFiles(files []hclpaths.File) ([]*sourceFile, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	out := make([]*sourceFile, 0, len(files))
	for _, f := range files {
		src, err := f.Read()
		if err != nil {
			diags = append(diags, inputfile.Diagnostic(f.Path, err))
			continue
		}
		out = append(out, &sourceFile{name: f.Path, src: src})
	}
	return out, diags
}
