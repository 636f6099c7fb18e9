package lsp

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/render"
)

// paramValue is the value r (a class or instance) has for p, as shown
// (a secret never), and where it came from as the compiler recorded it
// (catalog.ParamOrigin), in the words plan and why use.
func (s siteView) paramValue(p *compiler.SiteParam, r *catalog.Resource) (value, origin string) {
	v, _ := r.Attr(p.Name)
	value = "`" + shownParam(v) + "`"
	if o, ok := r.ParamOrigin(p.Name); ok {
		return value, render.OriginText(o)
	}
	return value, "nowhere (no declaration, data or default)"
}

// origins lists data files as file:line (level).
func origins(os []hiera.Origin) string {
	parts := make([]string, len(os))
	for i, o := range os {
		parts[i] = fmt.Sprintf("%s (level %q)", fileLine(o.File, o.Line), o.Level)
	}
	return strings.Join(parts, ", ")
}
