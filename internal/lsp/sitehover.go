package lsp

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/types"
)

// secretText is what a hover or completion shows for a secret value: a
// sensitive attribute's, a parameter's fed to one, or eyaml's ENC[…];
// one word for all, as catc doc writes a secret parameter.
const secretText = "(sensitive)"

// siteView is a snapshot with its site index.
type siteView struct {
	*snapshot
	ix *siteIndex
}

// siteHover is the Markdown for a site target ("" when it has none).
func (s siteView) siteHover(t siteTarget) string {
	switch t.kind {
	case sDef, sDeclName, sRefType:
		return s.defHover(t.def)
	case sParam, sDeclArg:
		if t.param == nil {
			return ""
		}
		return s.paramHover(t.def, t.param, t.decl)
	case sLookup:
		return s.lookupHover(t.lookup)
	case sNode:
		return s.nodeHover(t.path, t.node)
	case sRefTitle:
		if r := s.instance(t); r != nil {
			return fmt.Sprintf("→ %s  \ndeclared at %s\n\n", r.Ref(), fileLine(r.DeclRange.Filename, r.DeclRange.Start.Line)) + s.resourceHover(r)
		}
	}
	return ""
}

// defHover: the class or define, where it is written, its doc, and its
// parameters with their types, defaults and docs; for a class compiled
// on this node, each parameter's value and where it came from.
func (s siteView) defHover(d *compiler.SiteDef) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s %s** (`%s`)  \ndeclared at %s\n\n", defKind(d), d.Name, defRef(d), fileLine(d.DeclRange.Filename, d.DeclRange.Start.Line))
	if d.Doc != "" {
		b.WriteString(d.Doc + "\n\n")
	}
	if len(d.Params) == 0 {
		b.WriteString("No parameters.\n")
	}
	for i := range d.Params {
		b.WriteString("- " + s.paramLine(&d.Params[i]) + "\n")
	}
	if r := s.classResource(d); r != nil {
		fmt.Fprintf(&b, "\n%s:\n", s.nodeLabel())
		for i := range d.Params {
			v, origin := s.paramValue(&d.Params[i], r)
			fmt.Fprintf(&b, "- `%s` = %s (%s)\n", d.Params[i].Name, v, origin)
		}
	}
	return b.String()
}

// paramLine is a parameter's name, type, default and doc on one line.
func (s siteView) paramLine(p *compiler.SiteParam) string {
	line := "`" + p.Name + "`"
	if p.Type != "" {
		line += " `" + p.Type + "`"
	}
	if p.HasDefault {
		line += " = " + s.defaultText(p)
	} else {
		line += " (required)"
	}
	if p.Doc != "" {
		line += ": " + p.Doc
	}
	return line
}

// defaultText is a default's source, unless it is a secret: the
// catalog masks those in its copy of the source.
func (s siteView) defaultText(p *compiler.SiteParam) string {
	if strings.Contains(p.Type, "Sensitive") {
		return secretText
	}
	r := p.DefaultRange
	if f := s.cat.Files()[r.Filename]; f != nil && r.End.Byte <= len(f.Bytes) {
		if masked := string(f.Bytes[r.Start.Byte:r.End.Byte]); masked != p.Default {
			return secretText
		}
	}
	return "`" + p.Default + "`"
}

// paramHover: a parameter's type, default and doc, and the value it gets
// on this node with where it came from.
func (s siteView) paramHover(d *compiler.SiteDef, p *compiler.SiteParam, decl *compiler.SiteDecl) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s::%s** (parameter of %s %s)  \n%s\n\n", d.Name, p.Name, defKind(d), d.Name, s.paramLine(p))
	var r *catalog.Resource
	if d.Define {
		if decl == nil || decl.Kind != "resource" {
			b.WriteString("A define's parameters are given per instance: hover an instance's argument to see its value.")
			return b.String()
		}
		r = s.instanceAt(d, decl)
		if r == nil {
			fmt.Fprintf(&b, "This instance is not declared %s.", s.nodeWhere())
			return b.String()
		}
	} else if r = s.classResource(d); r == nil {
		fmt.Fprintf(&b, "%s is not declared %s.", defRef(d), s.nodeWhere())
		return b.String()
	}
	v, origin := s.paramValue(p, r)
	fmt.Fprintf(&b, "%s: %s (%s)", s.nodeLabel(), v, origin)
	return b.String()
}

// classResource is the class's resource in this load's catalog (nil:
// not declared on this node), from its lookup table: completion asks it
// of every class.
func (s siteView) classResource(d *compiler.SiteDef) *catalog.Resource {
	if d.Define {
		return nil
	}
	return s.cat.Lookup("class", catalog.CapitalizeType(d.Name))
}

// instanceAt is the instance a resource block declared (the first, for
// a for_each).
func (s siteView) instanceAt(d *compiler.SiteDef, decl *compiler.SiteDecl) *catalog.Resource {
	for _, r := range s.cat.Resources {
		if r.Type != nil && r.Type.Name == d.Name && r.DeclRange.Filename == decl.DeclRange.Filename && r.DeclRange.Start.Byte == decl.DeclRange.Start.Byte {
			return r
		}
	}
	return nil
}

// shownParam formats a parameter's value; a secret never is.
func shownParam(v types.Value) string {
	if v == nil {
		return "undef"
	}
	if hasSecret(v) {
		return secretText
	}
	return types.FormatValue(v)
}

// hasSecret reports whether v is or holds a sensitive value, or an eyaml
// ciphertext however it came (a plain data file may hold one).
func hasSecret(v types.Value) bool {
	return catalog.ContainsSensitive(v) || strings.Contains(types.FormatValue(v), "ENC[")
}

// nodeLabel names the node the values are for.
func (s siteView) nodeLabel() string {
	if s.data.node == nil {
		return "Without facts (set `facts` in the settings for a node's values)"
	}
	return "On node " + s.data.node.Name
}

func (s siteView) nodeWhere() string {
	if s.data.node == nil {
		return "without facts (set `facts` in the settings to a node that declares it)"
	}
	return "on node " + s.data.node.Name
}

// lookupHover: the value lookup("key") gives on this node and the data
// files it came from, or Puppet's error (a missing key names the
// hierarchy searched).
func (s siteView) lookupHover(l *compiler.SiteLookup) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**lookup(%q)**  \n", l.Key)
	if s.data.hiera == nil {
		b.WriteString("The workspace has no hiera.yaml: lookup() finds nothing (Puppet's error, unless a default_value is given).")
		return b.String()
	}
	opts, ok := l.Options()
	if !ok {
		b.WriteString("Its options are computed: see `catc lookup` for its value.")
		return b.String()
	}
	res, diags := s.data.session().Lookup(l.Key, opts)
	if diags.HasErrors() {
		fmt.Fprintf(&b, "%s: %s\n\n%s", s.nodeLabel(), diags[0].Summary, diags[0].Detail)
		return b.String()
	}
	v := shownParam(res.Value)
	if !res.Found {
		fmt.Fprintf(&b, "%s: `%s`, its default_value (the data has no value)", s.nodeLabel(), v)
		return b.String()
	}
	if v != secretText {
		v = "`" + v + "`"
	}
	fmt.Fprintf(&b, "%s: %s, from %s", s.nodeLabel(), v, origins(res.Origins))
	return b.String()
}
