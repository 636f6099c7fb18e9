package classcorpus

import (
	"fmt"
	"slices"
	"strings"
)

// Catalog is the part of Puppet's compiled catalog (catalog.json, format
// 2) the judge compares: resources in Puppet's order, containment edges,
// classes and tags.
type Catalog struct {
	Tags          []string   `json:"tags"`
	Name          string     `json:"name"`
	Version       any        `json:"version"`
	CodeID        *string    `json:"code_id"`
	CatalogUUID   string     `json:"catalog_uuid"`
	CatalogFormat int        `json:"catalog_format"`
	Environment   string     `json:"environment"`
	Resources     []Resource `json:"resources"`
	// Edges are containment only, in Puppet's order.
	Edges []Edge `json:"edges"`
	// Classes are the evaluated classes' names in lower case, in the
	// order Puppet evaluated them, `settings` first.
	Classes []string `json:"classes"`

	index map[string]int
}

// Resource is one resource of the catalog: a core resource, or a
// container (stage, class, node, define instance).
type Resource struct {
	Type  string   `json:"type"`
	Title string   `json:"title"`
	Tags  []string `json:"tags"`
	// File and Line are where the site declares it (a core resource or a
	// define instance); classes and stages have none.
	File     string `json:"file"`
	Line     int    `json:"line"`
	Exported bool   `json:"exported"`
	// Kind is Puppet's: compilable_type (core types and stages),
	// defined_type, class (a class declared resource-like) or unknown
	// (other classes, nodes).
	Kind string `json:"kind"`
	// Parameters are as Puppet wrote them: strings, json.Number, bools,
	// []any, map[string]any; relationship metaparameters are reference
	// strings or lists of them.
	Parameters          map[string]any `json:"parameters"`
	SensitiveParameters []string       `json:"sensitive_parameters"`
}

// Edge is a containment edge: Source contains Target.
type Edge struct {
	Source string `json:"source"`
	Target string `json:"target"`
}

// Ref is Puppet's reference to the resource: Type[Title].
func (r *Resource) Ref() string { return r.Type + "[" + r.Title + "]" }

// IsContainer reports whether the resource is a stage, class, node or
// define instance (the agent turns it into whits).
func (r *Resource) IsContainer() bool {
	switch r.Type {
	case "Stage", "Class", "Node":
		return true
	}
	return r.Kind == "defined_type"
}

func parseCatalog(data []byte) (*Catalog, error) {
	c := &Catalog{}
	if err := strict(data, c); err != nil {
		return nil, err
	}
	c.index = make(map[string]int, len(c.Resources))
	for i := range c.Resources {
		ref := c.Resources[i].Ref()
		if _, dup := c.index[ref]; dup {
			return nil, fmt.Errorf("%s twice", ref)
		}
		c.index[ref] = i
	}
	for _, e := range c.Edges {
		if c.Lookup(e.Source) == nil || c.Lookup(e.Target) == nil {
			return nil, fmt.Errorf("edge %s -> %s names a resource not in the catalog", e.Source, e.Target)
		}
	}
	return c, nil
}

// Lookup is the resource with that reference, or nil.
func (c *Catalog) Lookup(ref string) *Resource {
	i, ok := c.index[ref]
	if !ok {
		return nil
	}
	return &c.Resources[i]
}

// Core are the resources that are not containers, in catalog order.
func (c *Catalog) Core() []Resource {
	var out []Resource
	for _, r := range c.Resources {
		if !r.IsContainer() {
			out = append(out, r)
		}
	}
	return out
}

// Containers are the references of what contains ref, in edge order: a
// resource's class, define instance or node; a class's stage, and the
// class that contains it, if any.
func (c *Catalog) Containers(ref string) []string {
	var out []string
	for _, e := range c.Edges {
		if e.Target == ref {
			out = append(out, e.Source)
		}
	}
	return out
}

// Holder is the class, define instance or node a resource was declared in
// (its container that is not a stage), "" when none.
func (c *Catalog) Holder(ref string) string {
	for _, p := range c.Containers(ref) {
		if !strings.HasPrefix(p, "Stage[") {
			return p
		}
	}
	return ""
}

// ClassRefs are the classes as references, Class[Name] with each segment
// capitalised, in catalog order (Class[main] and Class[Settings]
// included).
func (c *Catalog) ClassRefs() []string {
	var out []string
	for _, r := range c.Resources {
		if r.Type == "Class" {
			out = append(out, r.Ref())
		}
	}
	return out
}

// HasTag reports whether the resource carries tag.
func (r *Resource) HasTag(tag string) bool { return slices.Contains(r.Tags, tag) }
