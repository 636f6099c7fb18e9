package compiler

import (
	"path/filepath"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
)

// Where each parameter of a class or defined-type instance got its value
// (catalog.ParamOrigin): resolveParams records it as it resolves the
// value, and the container resource carries it into the model, for
// plan, why and diff to say.

// declOrigin is how a class or instance was declared: via (include,
// contain, require; resource for an instance) in the body of the item
// in, whose ref is made once, for the first parameter declared.
type declOrigin struct {
	via string
	in  int
	ref string
}

// declaredOrigin is the origin of a parameter given in the declaration
// (or, for an instance, by a defaults block of its scope).
func (k *compiler) declaredOrigin(name string, a declArg, d *declOrigin) catalog.ParamOrigin {
	if d.ref == "" {
		d.ref = k.itemRef(d.in)
	}
	o := catalog.ParamOrigin{Param: name, Kind: catalog.OriginDeclaration, Range: a.rng, Via: d.via, In: d.ref}
	if a.fromDefaults {
		o.Kind, o.Via = catalog.OriginResourceDefault, "defaults"
	}
	return o
}

// dataOrigin is the origin of a parameter found in the data under key.
func (k *compiler) dataOrigin(name, key string, found []hiera.Origin) catalog.ParamOrigin {
	o := catalog.ParamOrigin{Param: name, Kind: catalog.OriginData, Key: key, Data: make([]catalog.DataSource, len(found))}
	for i, f := range found {
		o.Data[i] = catalog.DataSource{File: f.File, Path: k.sitePath(f.File), Line: f.Line, Column: f.Column, Level: f.Level}
	}
	if len(found) > 0 {
		o.Range = found[0].Range()
	}
	return o
}

// defaultOrigin is the origin of a parameter that took its default.
func defaultOrigin(name string, rng hcl.Range) catalog.ParamOrigin {
	return catalog.ParamOrigin{Param: name, Kind: catalog.OriginDefault, Range: rng}
}

// sitePath is file relative to the site directory (the one holding
// hiera.yaml), in slashes: the same on two checkouts of one site.
func (k *compiler) sitePath(file string) string {
	if k.l.hiera == nil {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(k.l.hiera.Dir(), file)
	if err != nil {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

// itemRef is the reference of item i, as Puppet writes it:
// Class[Profile::Web], Node[web-01], Shop::Vhost[shop].
func (k *compiler) itemRef(i int) string {
	if i < 0 || i >= len(k.items) {
		return ""
	}
	e := &k.items[i].ext
	title := e.Title
	if e.Type == "Class" {
		title = catalog.CapitalizeType(title)
	}
	return e.Type + "[" + title + "]"
}
