package inputfile

import (
	"fmt"
	"io/fs"

	"github.com/hashicorp/hcl/v2"
)

// UnreadableSummary is the summary of Diagnostic.
const UnreadableSummary = "Cannot read input"

// Diagnostic is the error of an input that cannot be read: the catalog's
// files and directories, var files, facts. catalog and internal/nodefacts
// share it so that both say it the same way.
func Diagnostic(path string, err error) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  UnreadableSummary,
		Detail:   fmt.Sprintf("Cannot read %s: %v.", path, unwrapPathError(err)),
	}
}

// unwrapPathError drops the path from an *fs.PathError, which the detail
// already names.
func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
