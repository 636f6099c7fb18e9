package source

import (
	"context"
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/secretdigest"
)

// Split takes the one Puppet catalog (a file, or puppetdb:…) off ins;
// the rest are HCL paths. catc's own JSON is refused (it holds a
// compiled catalog, not a source), and so are two catalogs.
func Split(ins []Input) (puppet *Input, hclPaths []string, err error) {
	var catalogs []Input
	for _, in := range ins {
		switch in.Kind {
		case KindPuppet, KindPuppetDBNode, KindPuppetDBFleet:
			catalogs = append(catalogs, in)
		case KindCatc:
			return nil, nil, fmt.Errorf("%s is catc's own catalog JSON (catc compile --format catc): give the HCL it was compiled from, or a Puppet catalog; catc diff compares two such files", in.Path)
		default:
			hclPaths = append(hclPaths, in.Path)
		}
	}
	switch len(catalogs) {
	case 0:
		return nil, hclPaths, nil
	case 1:
		return &catalogs[0], hclPaths, nil
	}
	return nil, nil, fmt.Errorf("%s and %s are both Puppet catalogs: give one catalog at a time, with HCL type files beside it if needed", catalogs[0].Path, catalogs[1].Path)
}

// Loaded is a catalog loaded from a command's paths, with the
// diagnostics to print.
type Loaded struct {
	// Catalog is nil when the types have errors or the Puppet catalog
	// could not be read.
	Catalog *catalog.Catalog
	Diags   hcl.Diagnostics
	// Files are the HCL files read, for the diagnostics' snippets; never
	// a Puppet catalog, which holds sensitive values in clear.
	Files map[string]*hcl.File
}

// FleetError is a fleet in PuppetDB (puppetdb:, puppetdb:PQL) given
// where one node's catalog is read.
type FleetError struct{ Path string }

func (e *FleetError) Error() string { return e.Path + " selects many nodes" }

// PuppetCatalog reads the Puppet catalog in (Puppet) and models it with
// the built-in types and those of the HCL typePaths (Types); the
// catalog is not read when the types have errors. The error is the
// reader's, or a *FleetError.
func PuppetCatalog(ctx context.Context, in Input, typePaths []string, key *secretdigest.Key, db func() (CatalogReader, error)) (Loaded, error) {
	defs, diags := Types(typePaths, key)
	l := Loaded{Diags: diags, Files: defs.Files()}
	if diags.HasErrors() {
		return l, nil
	}
	if in.Kind == KindPuppetDBFleet {
		return Loaded{}, &FleetError{Path: in.Path}
	}
	pc, readDiags, err := Puppet(ctx, in, db)
	if err != nil {
		return Loaded{}, err
	}
	l.Diags = append(l.Diags, readDiags...)
	if pc != nil {
		var modelDiags hcl.Diagnostics
		l.Catalog, modelDiags = pipeline.Puppet(pc, nil, defs)
		l.Diags = append(l.Diags, modelDiags...)
	}
	return l, nil
}
