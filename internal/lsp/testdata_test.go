package lsp

import (
	"path/filepath"

	"github.com/catc-dev/catc/internal/testutil"
)

// typesHCL and siteHCL are the files of the test workspace,
// testdata/workspace.txtar.
var typesHCL, siteHCL = func() (string, string) {
	files := testutil.MustTxtar(filepath.Join("testdata", "workspace.txtar"))
	return files["types.hcl"], files["site.hcl"]
}()
