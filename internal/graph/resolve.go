package graph

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/words"
)

// Resolve finds the resource a command-line reference names: Puppet's
// form `Type[title]` (or `Type['title']`), or the HCL traversal form
// `type.title`. Like a reference in a declaration it matches by exact
// title, then alias or uniqueness key, with the type case-insensitive.
// The error suggests the nearest type or resource.
func Resolve(c *catalog.Catalog, text string) (*catalog.Resource, hcl.Diagnostics) {
	typ, title, ok := catalog.ParseRef(strings.TrimSpace(text))
	if !ok {
		typ, title, ok = strings.Cut(strings.TrimSpace(text), ".")
		ok = ok && typ != "" && title != ""
	}
	if !ok {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: summaryInvalidRef,
			Detail: fmt.Sprintf("%q is not a resource reference: write Type[title] (e.g. Software[php-yum]) or type.title.", text)}}
	}
	td := c.Type(typ)
	if td == nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: summaryUnknownRef,
			Detail: fmt.Sprintf("No type %q is defined in the catalog, so %s names nothing. Use one of its types (%s).%s", typ, text, nameList(typeNames(c), 10), words.DidYouMean(strings.ToLower(typ), typeNames(c)))}}
	}
	if r := c.Lookup(typ, title); r != nil {
		return r, nil
	}
	ref := td.RefType() + "[" + title + "]"
	if r := c.RenamedFrom(typ, title); r != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: summaryUnknownRef,
			Detail: fmt.Sprintf("Puppet applies the resource declared as %s under its name, as %s (%s). Use %s.", ref, r.Ref(), r.PlaceText(), r.Ref())}}
	}
	return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: summaryUnknownRef,
		Detail: fmt.Sprintf("The catalog has no resource %s (by title, alias or namevars). Name a declared %s resource by its title or an alias.%s", ref, td.Name, words.DidYouMean(ref, refsOfType(c, td)))}}
}

func typeNames(c *catalog.Catalog) []string {
	out := make([]string, len(c.Types))
	for i, t := range c.Types {
		out[i] = t.Name
	}
	return out
}

func refsOfType(c *catalog.Catalog, td *catalog.TypeDef) []string {
	var out []string
	for _, r := range c.Resources {
		if r.Type == td {
			out = append(out, r.Ref())
		}
	}
	return out
}

// refList is at most max refs joined by ", ", then "and N more".
func refList(rs []*catalog.Resource, max int) string {
	var parts []string
	for i, r := range rs {
		if i == max {
			parts = append(parts, fmt.Sprintf("and %d more", len(rs)-max))
			break
		}
		parts = append(parts, r.Ref())
	}
	return strings.Join(parts, ", ")
}

// nameList is at most max names joined by ", ", then "… (N more)".
func nameList(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, … (%d more)", strings.Join(names[:max], ", "), len(names)-max)
}
