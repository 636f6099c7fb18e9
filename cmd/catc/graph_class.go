package main

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/dot"
)

// classOptions sets the class clustering of a graph picture: by class
// when the catalog was read from Puppet and --cluster is not given, and
// the containers --collapse names (a diagnostic for one cat lacks, an
// error for one that is no container).
func classOptions(f graphFlags, cat *catalog.Catalog, opts *dot.Options) (hcl.Diagnostics, error) {
	if f.cluster == "" && f.format != "html" && cat.Source != nil {
		opts.Cluster = dot.ClusterClass
	}
	if len(f.collapse) == 0 {
		return nil, nil
	}
	if opts.Cluster != dot.ClusterClass {
		return nil, failf("--collapse draws a class as one node of the class boxes: use it with --cluster class (or without --cluster on a Puppet catalog)")
	}
	var diags hcl.Diagnostics
	for _, ref := range f.collapse {
		if strings.EqualFold(ref, "all") {
			opts.CollapseAll = true
			continue
		}
		rs, more := resolveRefs(cat, []string{ref})
		diags = append(diags, more...)
		if more.HasErrors() {
			continue
		}
		if !graph.IsContainer(rs[0]) {
			return diags, failf("--collapse %s: %s is no class, define, node or stage; name one of those (e.g. Class[apache]) or all", ref, rs[0].Ref())
		}
		opts.Collapse = append(opts.Collapse, rs[0])
	}
	return diags, nil
}

// collapseCaption says which classes are drawn as one node.
func collapseCaption(opts dot.Options) string {
	if opts.CollapseAll {
		return "classes collapsed"
	}
	refs := make([]string, len(opts.Collapse))
	for i, r := range opts.Collapse {
		refs[i] = r.Ref()
	}
	if len(refs) == 0 {
		return ""
	}
	return "collapsed " + strings.Join(refs, ", ")
}
