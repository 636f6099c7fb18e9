package source

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/inputfile"
)

// NodeFile is a node's catalog in a directory of per-node catalogs: the
// node's name and the catalog's path.
type NodeFile struct{ Node, Path string }

// CatalogDirFiles is the catalogs of dir, NODE.json each, sorted by
// file name; a directory without one is an error.
func CatalogDirFiles(dir string) ([]NodeFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []NodeFile
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && strings.EqualFold(filepath.Ext(name), ".json") {
			out = append(out, NodeFile{Node: strings.TrimSuffix(name, filepath.Ext(name)), Path: filepath.Join(dir, name)})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no NODE.json catalog", dir)
	}
	return out, nil
}

// ReadCatalogFile reads a node's catalog file whole (a regular file
// only); nil for no path, and nil with the error, naming the file name,
// as a diagnostic when unreadable.
func ReadCatalogFile(path, name string) ([]byte, hcl.Diagnostics) {
	if path == "" {
		return nil, nil
	}
	data, err := inputfile.Read(path)
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read the catalog",
			Detail: fmt.Sprintf("%s: %v. Each NODE.json of the directory must be a readable file.", name, inputfile.Cause(err))}}
	}
	return data, nil
}
