package inputfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

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
		Detail:   fmt.Sprintf("Cannot read %s: %v.", path, Cause(err)),
	}
}

// Cause drops the operation and path from an *fs.PathError or
// *os.LinkError: the message that shows it names the user's path
// itself (the one in the error may be a link's target or a temporary
// file). Readers and writers of files (package atomicfile) phrase their
// errors with it.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
