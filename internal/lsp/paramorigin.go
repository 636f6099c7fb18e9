package lsp

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/hiera"
)

// Where a class's or instance's parameter got its value, for hovers:
// worked out from the site index and the data, in Puppet's order (the
// declaration, the data, the default). Kept apart so that it can read the
// compiler's own record instead once the model carries one.

// paramValue is the value r (a class or instance) has for p, as shown,
// and where it came from: the declaration (the block that declared r,
// when it writes the argument), the data (CLASS::PARAM, for a class),
// else the default. (Puppet's order; the compiler resolved the value,
// this says where it was written.)
func (s siteView) paramValue(d *compiler.SiteDef, p *compiler.SiteParam, r *catalog.Resource, decl *compiler.SiteDecl) (value, origin string) {
	v, _ := r.Attr(p.Name)
	value = "`" + shownParam(v) + "`"
	if !d.Define || decl == nil {
		decl = s.declAt(r.DeclRange) // a class's value is its first declaration's, wherever the hover is
	}
	if decl != nil {
		for _, a := range decl.Args {
			if a.Name == p.Name {
				return value, "the declaration at " + fileLine(a.NameRange.Filename, a.NameRange.Start.Line)
			}
		}
	}
	if !d.Define && s.data.hiera != nil {
		key := hiera.ParameterKey(d.Name, p.Name)
		if res, found, _ := s.data.session().Find(key); found {
			if hasSecret(res.Value) {
				value = secretText
			}
			return value, fmt.Sprintf("the data (%s): %s", key, origins(res.Origins))
		}
	}
	if !p.HasDefault {
		return value, "nowhere (no declaration, data or default)"
	}
	if d.Define {
		return value, "its default, or a defaults block of its scope"
	}
	return value, "its default"
}

// declAt is the declaration whose header starts where rng does.
func (s siteView) declAt(rng hcl.Range) *compiler.SiteDecl {
	f := s.ix.files[rng.Filename]
	if f == nil {
		return nil
	}
	for i := range f.Decls {
		if f.Decls[i].DeclRange.Start.Byte == rng.Start.Byte {
			return &f.Decls[i]
		}
	}
	return nil
}

// origins lists data files as file:line (level).
func origins(os []hiera.Origin) string {
	parts := make([]string, len(os))
	for i, o := range os {
		parts[i] = fmt.Sprintf("%s (level %q)", fileLine(o.File, o.Line), o.Level)
	}
	return strings.Join(parts, ", ")
}
