package source

import (
	"context"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/puppetcatalog"
)

// CatalogReader reads a node's current catalog: PuppetDB's client.
type CatalogReader interface {
	Catalog(ctx context.Context, certname string) (*puppetcatalog.Catalog, hcl.Diagnostics, error)
}

// Puppet reads the Puppet catalog in: a file (KindPuppet), or a node's
// current catalog from PuppetDB (KindPuppetDBNode) through db, which is
// asked for only then. The error is the reader's (PuppetDB unreachable,
// refused, …); what is wrong in a catalog is a diagnostic.
func Puppet(ctx context.Context, in Input, db func() (CatalogReader, error)) (*puppetcatalog.Catalog, hcl.Diagnostics, error) {
	if in.read {
		pc, diags := puppetcatalog.ParseText(in.Path, in.text())
		return pc, diags, nil
	}
	certname, ok := strings.CutPrefix(in.Path, PuppetDBPrefix)
	if !ok {
		pc, diags := puppetcatalog.Read(in.Path)
		return pc, diags, nil
	}
	r, err := db()
	if err != nil {
		return nil, nil, err
	}
	return r.Catalog(ctx, certname)
}
