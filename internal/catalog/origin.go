package catalog

import "github.com/hashicorp/hcl/v2"

// ParamOrigin says where the value of one parameter of a class or
// defined-type instance came from, as the compiler of classes resolved
// it (Puppet's order: the declaration, else the data, for a class, else
// the default). It holds places only, never the value: a secret's origin
// may be shown.
type ParamOrigin struct {
	// Param is the parameter's name.
	Param string
	// Kind is OriginDeclaration, OriginResourceDefault (an instance's
	// parameter given by a defaults block), OriginData or OriginDefault.
	Kind string
	// Range is where the value is written: the declaration's argument,
	// the default's expression, or (data) the key in the first data file
	// of Data.
	Range hcl.Range
	// Via is how the class or instance was declared (OriginDeclaration):
	// "include", "contain" or "require" for a class (with arguments, a
	// resource-like declaration), "resource" for a defined-type instance;
	// "defaults" for OriginResourceDefault.
	Via string
	// In is the reference of the class, node or instance whose body holds
	// the declaration ("Class[Main]" for the top level).
	In string
	// Key is the data key looked up (OriginData): CLASS::PARAM.
	Key string
	// Data are the data files that gave the value (OriginData), highest
	// priority first: one, or every contributor of a merge.
	Data []DataSource
}

// DataSource is one data file that gave a value.
type DataSource struct {
	// File is the data file as the site's path names it (what a
	// diagnostic names); Path is the same file relative to the site
	// directory, equal on two checkouts of the site.
	File, Path string
	// Line and Column are where the key starts.
	Line, Column int
	// Level is the name of the hierarchy level that holds the file.
	Level string
}

// The kinds of ParamOrigin.
const (
	OriginDeclaration     = "declaration"
	OriginResourceDefault = "resource default"
	OriginData            = "data"
	OriginDefault         = "default"
)

// ParamOrigins are the origins of r's parameters, in the order of the
// class's or define's variable blocks: nil for a resource that is no
// class or instance compiled by catc (a Puppet catalog's do not say).
func (r *Resource) ParamOrigins() []ParamOrigin {
	if r.External == nil {
		return nil
	}
	return r.External.Origins
}

// ParamOrigin is the origin of r's parameter name, if known.
func (r *Resource) ParamOrigin(name string) (ParamOrigin, bool) {
	for _, o := range r.ParamOrigins() {
		if o.Param == name {
			return o, true
		}
	}
	return ParamOrigin{}, false
}
