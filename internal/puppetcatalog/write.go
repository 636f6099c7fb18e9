package puppetcatalog

import (
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/types"
)

// nodeName is the node name ("name") of a Puppet-format catalog compiled
// for no particular node (Options.Node unset).
const nodeName = "catc"

// puppetPrelude are the bookkeeping resources a Puppet compiler puts
// before the manifest's: Stage[main], and the Settings and main classes
// it contains. With them (and the containment edges) `puppet apply
// --catalog` gives resources the paths and whits of a manifest run.
var puppetPrelude = []struct{ typ, title, kind string }{
	{"Stage", "main", "compilable_type"},
	{"Class", "Settings", "unknown"},
	{"Class", "main", "unknown"},
}

// Write writes the catalog of g in Puppet's catalog format 2,
// the JSON `puppet apply --catalog` applies and octocatalog-diff reads
// (puppet-graph.md §6). The keys are Puppet's, in Puppet's order:
//
//   - "tags" (["settings"], as for a manifest with no class),
//     "name" (Options.Node, else catc), "version" (1: catc has no clock),
//     "code_id" (null), "catalog_uuid" (all zeros: the bytes depend
//     only on the input), "catalog_format" (2), "environment"
//     ("production");
//   - "resources": Stage[main], Class[Settings], Class[main], then the
//     resources in declaration order, which is Puppet's apply priority;
//   - "edges": containment only (Stage[main] contains the classes,
//     Class[main] every resource). Dependencies live in the resources'
//     relationship parameters: an edge here would read as containment;
//   - "classes": ["settings"].
//
// Every resource carries "kind": "compilable_type" (with catalog format
// 2 Puppet silently turns a resource without it into a container). Its
// "parameters" are its attributes after title parsing and defaults,
// except a namevar equal to the title, then require, before, notify,
// subscribe (each target's canonical ref; one as a string, more as an
// array), alias, tag, noop, schedule, loglevel and audit. Relations from
// auto rules are not written: Puppet derives them from the type.
//
// A catalog that holds its own containers (compiled from a site with
// classes, or read from Puppet's catalog JSON) is written as Puppet's
// compiler wrote it instead (write_site.go): its own Stage[main],
// classes, nodes and defined-type instances, each resource's tags as
// compiled, its containment edges and its classes list.
//
// Sensitive values follow opts.Secrets (see Secrets): by default a
// catalog holding one is refused with a *SecretsError, before anything
// is written.
func Write(w io.Writer, g *graph.Graph, opts Options) error {
	if opts.Secrets == RefuseSecrets {
		if found := SecretParams(g); len(found) > 0 {
			return &SecretsError{Params: found}
		}
	}
	own := ownContainers(g.Catalog)
	classes := []string{"settings"}
	tags := classes
	if own {
		classes = g.Catalog.Source.Classes
		if classes == nil {
			classes = siteClasses(g.Catalog.Resources)
		}
		tags = siteTags(g.Catalog.Resources, classes)
	}
	jw := jsonw.New(w)
	jw.BeginObject()
	jw.Key("tags")
	jw.Strings(tags)
	jw.Key("name")
	if opts.Node != "" {
		jw.String(opts.Node)
	} else {
		jw.String(nodeName)
	}
	jw.Key("version")
	jw.Int(1)
	jw.Key("code_id")
	jw.Null()
	jw.Key("catalog_uuid")
	jw.String("00000000-0000-0000-0000-000000000000")
	jw.Key("catalog_format")
	jw.Int(2)
	jw.Key("environment")
	jw.String("production")
	jw.Key("resources")
	jw.BeginArray()
	if !own {
		writePuppetPrelude(jw)
	}
	for _, r := range g.Catalog.Resources {
		if own {
			writeSiteResource(jw, g.Catalog, r, opts.Secrets)
		} else {
			writePuppetResource(jw, g.Catalog, r, opts.Secrets)
		}
	}
	jw.EndArray()
	jw.Key("edges")
	if own {
		writeSiteEdges(jw, g.Catalog.Resources)
	} else {
		writePuppetEdges(jw, g.Catalog.Resources)
	}
	jw.Key("classes")
	jw.Strings(classes)
	jw.EndObject()
	return jw.Finish()
}

// writePuppetPrelude writes Stage[main] and the two classes as the
// compiler does: the stage and main carry their name, classes are of
// kind "unknown" (kind "compilable_type" on a Class fails to apply).
func writePuppetPrelude(jw *jsonw.Writer) {
	for _, p := range puppetPrelude {
		jw.BeginObject()
		jw.Key("type")
		jw.String(p.typ)
		jw.Key("title")
		jw.String(p.title)
		jw.Key("tags")
		tags := []string{strings.ToLower(p.typ)}
		if p.typ == "Class" && p.title != "main" {
			tags = append(tags, strings.ToLower(p.title))
		}
		jw.Strings(tags)
		jw.Key("exported")
		jw.Bool(false)
		jw.Key("kind")
		jw.String(p.kind)
		if p.title == "main" {
			jw.Key("parameters")
			jw.BeginObject()
			jw.Key("name")
			jw.String("main")
			jw.EndObject()
		}
		jw.EndObject()
	}
}

// writePuppetEdges writes the containment edges: the stage contains
// the two classes, Class[main] every resource, in declaration order.
func writePuppetEdges(jw *jsonw.Writer, rs []*catalog.Resource) {
	jw.BeginArray()
	writePuppetEdge(jw, "Stage[main]", "Class[Settings]")
	writePuppetEdge(jw, "Stage[main]", "Class[main]")
	for _, r := range rs {
		writePuppetEdge(jw, "Class[main]", r.DeclaredRef()) // the compiled catalog's title
	}
	jw.EndArray()
}

func writePuppetEdge(jw *jsonw.Writer, source, target string) {
	jw.BeginObject()
	jw.Key("source")
	jw.String(source)
	jw.Key("target")
	jw.String(target)
	jw.EndObject()
}

// writePuppetResource writes one resource entry in the key order of
// Puppet's Resource#to_data_hash.
func writePuppetResource(jw *jsonw.Writer, c *catalog.Catalog, r *catalog.Resource, secrets Secrets) {
	jw.BeginObject()
	jw.Key("type")
	jw.String(r.Type.RefType())
	jw.Key("title")
	jw.String(r.Title)
	jw.Key("tags")
	jw.Strings(puppetTags(r))
	if r.DeclRange.Filename != "" {
		jw.Key("file")
		jw.String(r.DeclRange.Filename)
		jw.Key("line")
		jw.Int(int64(r.DeclRange.Start.Line))
	}
	jw.Key("exported")
	jw.Bool(false)
	jw.Key("kind")
	jw.String("compilable_type")
	if sensitive := writePuppetParameters(jw, c, r, secrets); len(sensitive) > 0 {
		jw.Key("sensitive_parameters")
		jw.Strings(sensitive)
	}
	jw.EndObject()
}

// puppetTags are a resource's tags as Puppet 7.23's compiler writes
// them (checked with --catalog_cache_terminus json, and for qualified
// names in fixtures/oracle/PUPPET_FORMAT.md): the `tag` values, the type
// name, the title when it is a valid tag, each followed by its `::`
// segments, then "class" (from Class[main], which contains it); all
// lower case, without repeats.
func puppetTags(r *catalog.Resource) []string {
	var out []string
	seen := map[string]bool{}
	add := func(tags []string) {
		for _, t := range tags {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	for _, t := range r.Tags {
		add(catalog.AppendTitleTag(nil, t)) // a valid tag with its segments
	}
	add(catalog.TagsOf(r.Type.Name))
	add(catalog.AppendTitleTag(nil, r.Title))
	add([]string{"class"})
	return out
}

// writePuppetParameters writes the "parameters" member (omitted when
// empty, as Puppet does) and returns the names of the sensitive ones.
func writePuppetParameters(jw *jsonw.Writer, c *catalog.Catalog, r *catalog.Resource, secrets Secrets) []string {
	return writeParams(jw, c, r, puppetParams(r), secrets)
}

// writeParams writes params as the "parameters" member of r.
func writeParams(jw *jsonw.Writer, c *catalog.Catalog, r *catalog.Resource, params []puppetParam, secrets Secrets) []string {
	if len(params) == 0 {
		return nil
	}
	var sensitive []string
	jw.Key("parameters")
	jw.BeginObject()
	for _, p := range params {
		jw.Key(p.name)
		if sensitiveParam(r.Type.Attr(p.name), p.value) {
			sensitive = append(sensitive, p.name)
		}
		if secrets == RevealSecrets {
			writeRevealed(jw, p.value)
		} else {
			writePuppetValue(jw, p.value, c)
		}
	}
	jw.EndObject()
	return sensitive
}

// sensitiveParam reports whether the parameter a goes in
// "sensitive_parameters": its value is sensitive and its type accepts the
// value wrapped in Sensitive. Puppet wraps every listed value in
// Sensitive before it checks the type, so an attribute that is only
// marked `sensitive = true` (a plain type) is not listed: the apply would
// fail with "expects a value of type String, got Sensitive[String]"
// (fixtures/oracle/PUPPET_FORMAT.md).
func sensitiveParam(a *catalog.AttrDef, v types.Value) bool {
	if a == nil || a.Type == nil {
		return false
	}
	s, ok := v.(types.Sensitive)
	return ok && types.IsInstance(a.Type, types.Sensitive{Value: plainOf(s)})
}

type puppetParam struct {
	name  string
	value types.Value
}

// puppetParams lists a resource's parameters in the order they are
// written: attributes in type order, then the metaparameters.
func puppetParams(r *catalog.Resource) []puppetParam {
	var out []puppetParam
	if h := r.Attributes; h != nil {
		for i, k := range h.Keys {
			if a := r.Type.Attr(k); a != nil && a.Behaviour == catalog.Namevar && h.Values[i] == r.Title {
				continue // Puppet does not repeat a namevar equal to the title
			}
			out = append(out, puppetParam{k, h.Values[i]})
		}
	}
	for _, k := range []catalog.RelationKind{catalog.Require, catalog.Before, catalog.Notify, catalog.Subscribe} {
		if refs := relationRefs(r, k); len(refs) > 0 {
			out = append(out, puppetParam{k.String(), oneOrMany(refs)})
		}
	}
	if len(r.Aliases) > 0 {
		out = append(out, puppetParam{"alias", oneOrMany(r.Aliases)})
	}
	if len(r.Tags) > 0 {
		out = append(out, puppetParam{"tag", oneOrMany(r.Tags)})
	}
	if r.Noop != nil {
		out = append(out, puppetParam{"noop", *r.Noop})
	}
	if m := r.Meta; m != nil {
		if m.Schedule != "" {
			out = append(out, puppetParam{"schedule", m.Schedule})
		}
		if m.Loglevel != "" {
			out = append(out, puppetParam{"loglevel", m.Loglevel})
		}
		if len(m.Audit) > 0 {
			out = append(out, puppetParam{"audit", oneOrMany(m.Audit)})
		}
	}
	return out
}

// relationRefs are the targets of r's metaparameter k, as their
// canonical refs (a reference by alias or by namevars names the
// resource by its title, which Puppet finds without the catalog's
// alias table), in source order without repeats.
func relationRefs(r *catalog.Resource, k catalog.RelationKind) []string {
	var out []string
	seen := map[string]bool{}
	for _, rel := range r.Relations {
		if rel.Kind != k || rel.Target == nil {
			continue
		}
		ref := rel.Target.Ref()
		if !seen[ref] {
			seen[ref] = true
			out = append(out, ref)
		}
	}
	return out
}

// oneOrMany is a single string as itself, more as an array, the two
// forms Puppet writes.
func oneOrMany(ss []string) types.Value {
	if len(ss) == 1 {
		return ss[0]
	}
	out := make([]types.Value, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// writePuppetValue writes a value as Puppet's JSON has it: undef null,
// hashes in their key order, floats that stay floats, and a sensitive
// value as its marker under c's digest key, never in clear.
func writePuppetValue(jw *jsonw.Writer, v types.Value, c *catalog.Catalog) {
	switch v := v.(type) {
	case nil:
		jw.Null()
	case bool:
		jw.Bool(v)
	case int64:
		jw.Int(v)
	case float64:
		jw.Float(v)
	case string:
		jw.String(v)
	case []types.Value:
		jw.BeginArray()
		for _, x := range v {
			writePuppetValue(jw, x, c)
		}
		jw.EndArray()
	case *types.Hash:
		jw.BeginObject()
		if v != nil {
			for i, k := range v.Keys {
				jw.Key(k)
				writePuppetValue(jw, v.Values[i], c)
			}
		}
		jw.EndObject()
	case types.Sensitive:
		jw.String(c.SensitiveMarker(v.Value))
	default:
		jw.Null()
	}
}
