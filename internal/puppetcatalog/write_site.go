package puppetcatalog

import (
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/jsonw"
)

// A catalog that holds its own containers (compiled from a site's
// classes, or read from Puppet's catalog JSON) is written as Puppet's
// compiler wrote it: its Stage[main], Class[Settings] and Class[main],
// classes, nodes and defined-type instances with their parameters, each
// resource's tags as the compiler gave them, containment edges from the
// containers the catalog records, and the classes list.

// ownContainers reports whether c holds its own Stage[main]: then no
// prelude is added.
func ownContainers(c *catalog.Catalog) bool {
	if c.Source == nil {
		return false
	}
	for _, r := range c.Resources {
		if isStageMain(r) {
			return true
		}
	}
	return false
}

func isStageMain(r *catalog.Resource) bool {
	return r.External != nil && r.External.Container && strings.EqualFold(r.Type.Name, "stage") && r.Title == "main"
}

// puppetTitle is the title as Puppet's compiler writes it: a class's
// capitalised as catc keeps it, except main (Class[main]).
func puppetTitle(r *catalog.Resource) string {
	if isClass(r) && strings.EqualFold(r.Title, "main") {
		return "main"
	}
	return r.Title
}

func isClass(r *catalog.Resource) bool { return strings.EqualFold(r.Type.Name, "class") }

// siteRef is the reference Puppet's compiler writes for r.
func siteRef(r *catalog.Resource) string {
	if r.External != nil && r.External.Container {
		return r.Type.RefType() + "[" + puppetTitle(r) + "]"
	}
	return r.DeclaredRef()
}

// writeSiteResource writes one resource of a catalog with its own
// containers, in the key order of Puppet's Resource#to_data_hash.
func writeSiteResource(jw *jsonw.Writer, c *catalog.Catalog, r *catalog.Resource, secrets Secrets) {
	ext := r.External
	jw.BeginObject()
	jw.Key("type")
	jw.String(r.Type.RefType())
	jw.Key("title")
	jw.String(puppetTitle(r))
	jw.Key("tags")
	if ext != nil && ext.Tags != nil {
		jw.Strings(ext.Tags)
	} else {
		jw.Strings(puppetTags(r))
	}
	if file, line := siteFileLine(r); file != "" {
		jw.Key("file")
		jw.String(file)
		jw.Key("line")
		jw.Int(int64(line))
	}
	jw.Key("exported")
	jw.Bool(false)
	jw.Key("kind")
	jw.String(siteKind(r))
	params := puppetParams(r)
	if isStageMain(r) && (len(params) == 0 || params[0].name != "name") {
		// the compiler's own stage names itself, as Class[main] does
		params = append([]puppetParam{{"name", "main"}}, params...)
	}
	if sensitive := writeParams(jw, c, r, params, secrets); len(sensitive) > 0 {
		jw.Key("sensitive_parameters")
		jw.Strings(sensitive)
	}
	jw.EndObject()
}

// siteKind is the resource's "kind": the catalog's, else compilable_type
// for a core resource and unknown for a container.
func siteKind(r *catalog.Resource) string {
	if ext := r.External; ext != nil {
		if ext.Kind != "" {
			return ext.Kind
		}
		if ext.Container {
			return "unknown"
		}
	}
	return "compilable_type"
}

// siteFileLine is where Puppet's compiler says the resource was declared:
// the catalog's file and line, else the declaration's for what Puppet
// gives one (a resource, a defined-type instance, a stage block, a class
// declared resource-like); none for an included class, a node and the
// compiler's own containers.
func siteFileLine(r *catalog.Resource) (string, int) {
	ext := r.External
	if ext != nil && ext.File != "" {
		return ext.File, ext.Line
	}
	if r.DeclRange.Filename == "" || r.Type.Name == "node" || isClass(r) && siteKind(r) != "class" {
		return "", 0
	}
	return r.DeclRange.Filename, r.DeclRange.Start.Line
}

// writeSiteEdges writes the containment edges: each resource's
// containers (the one that declared it, then a class that contain()
// was called on), in the catalog's order of the resources contained.
func writeSiteEdges(jw *jsonw.Writer, rs []*catalog.Resource) {
	jw.BeginArray()
	for _, r := range rs {
		if r.External == nil {
			continue
		}
		for _, p := range r.External.Containers {
			writePuppetEdge(jw, siteRef(p), siteRef(r))
		}
	}
	jw.EndArray()
}

// siteClasses are the "classes" of a catalog whose source wrote none
// (catc's compiler of classes): settings, then each class and node
// evaluated, in lower case, in catalog order (Class[main] is none), the
// order in which Puppet's compiler evaluates them for such a site.
func siteClasses(rs []*catalog.Resource) []string {
	out := []string{"settings"}
	for _, r := range rs {
		if r.External == nil || !r.External.Container {
			continue
		}
		if evaluated(r) {
			out = append(out, strings.ToLower(r.Title))
		}
	}
	return out
}

// evaluated reports whether r is a class or node Puppet's compiler
// evaluates for the catalog's classes and tags: a node, or a class but
// Class[main] and Class[Settings].
func evaluated(r *catalog.Resource) bool {
	title := strings.ToLower(r.Title)
	return isClass(r) && title != "main" && title != "settings" || r.Type.Name == "node"
}

// siteTags are the catalog's "tags": the classes' names with their
// `::` segments, then the tags of each class and node, as Puppet's
// compiler merges them into the catalog, except those a class declared
// in a defined-type instance inherits from it (merged before they are).
func siteTags(rs []*catalog.Resource, classes []string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, k := range classes {
		add(k)
		if strings.Contains(k, "::") {
			for _, seg := range strings.Split(k, "::") {
				add(seg)
			}
		}
	}
	instance := map[string]bool{}
	for _, r := range rs {
		if siteKind(r) == "defined_type" {
			for _, t := range catalog.AppendTitleTag(catalog.TagsOf(r.Type.Name), r.Title) {
				instance[strings.ToLower(t)] = true
			}
		}
	}
	for _, r := range rs {
		if r.External == nil || !evaluated(r) {
			continue
		}
		for _, t := range r.External.Tags {
			if !instance[t] || seen[t] {
				add(t)
			}
		}
	}
	return out
}
