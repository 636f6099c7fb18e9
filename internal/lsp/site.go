package lsp

import (
	"bytes"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
)

// siteIndex is the workspace's classes, defines, nodes, declarations,
// references and lookups (compiler.IndexFile of each file), for
// navigation, hover and completion. It is made on the first request
// that needs it after a load, each unchanged file's index reused.
type siteIndex struct {
	files map[string]*compiler.SiteFile
	// defs are the definitions by name, the first one of a duplicate
	// (the compiler reports the second).
	defs  map[string]*compiler.SiteDef
	names []string // sorted
}

// siteCache keeps each file's index with the source it was made from.
type siteCache struct {
	of    *snapshot
	index *siteIndex
	files map[string]siteCached
}

type siteCached struct {
	src  []byte
	file *compiler.SiteFile
}

// site is the index of the current snapshot.
func (s *Server) site() *siteIndex {
	c := &s.siteCache
	if c.index == nil || c.of != s.snap {
		c.index, c.files = indexSite(s.snap.srcs, c.files, s.ws.cache)
		c.of = s.snap
	}
	return c.index
}

// indexSite indexes the sources, reusing the files of cache whose source
// is unchanged; it returns the index and the new cache.
func indexSite(srcs map[string][]byte, cache map[string]siteCached, parses *compiler.ParseCache) (*siteIndex, map[string]siteCached) {
	ix := &siteIndex{files: map[string]*compiler.SiteFile{}, defs: map[string]*compiler.SiteDef{}}
	kept := map[string]siteCached{}
	for _, p := range sortedKeys(srcs) { // the load's order within a folder: the first definition wins
		src := srcs[p]
		e, ok := cache[p]
		if !ok || !bytes.Equal(e.src, src) {
			e = siteCached{src: src, file: indexFile(parses, p, src)}
		}
		kept[p] = e
		ix.files[p] = e.file
		for _, d := range e.file.Defs {
			if ix.defs[d.Name] == nil {
				ix.defs[d.Name] = d
				if d.Bad == nil { // a name Puppet refuses is never offered
					ix.names = append(ix.names, d.Name)
				}
			}
		}
	}
	sort.Strings(ix.names)
	return ix, kept
}

// indexFile is the index of one file, from the load's parse of it when
// the parse cache holds it (nil: parsed here).
func indexFile(parses *compiler.ParseCache, path string, src []byte) *compiler.SiteFile {
	if parses == nil {
		return compiler.IndexFile(path, src)
	}
	return parses.Index(path, src)
}

// refDef is the definition a reference names: Class[X] the class x, a
// capitalized define name the define.
func (ix *siteIndex) refDef(typ, title string) *compiler.SiteDef {
	if strings.EqualFold(typ, "class") {
		return ix.classDef(title)
	}
	d := ix.defs[strings.ToLower(strings.TrimPrefix(typ, "::"))]
	if d == nil || !d.Define {
		return nil
	}
	return d
}

func (ix *siteIndex) classDef(name string) *compiler.SiteDef {
	d := ix.defs[strings.ToLower(strings.TrimPrefix(name, "::"))]
	if d == nil || d.Define {
		return nil
	}
	return d
}

// declDef is the definition a declaration declares: a class, or the
// define a resource block's type names (nil for any other type).
func (ix *siteIndex) declDef(d *compiler.SiteDecl) *compiler.SiteDef {
	if d.Kind == "resource" {
		def := ix.defs[d.Name]
		if def == nil || !def.Define {
			return nil
		}
		return def
	}
	return ix.classDef(d.Name)
}

func param(d *compiler.SiteDef, name string) *compiler.SiteParam {
	for i := range d.Params {
		if d.Params[i].Name == name {
			return &d.Params[i]
		}
	}
	return nil
}

// siteKind says what a position designates in the site's structure.
type siteKind int

const (
	sNone     siteKind = iota
	sDef               // a class's or define's name label
	sParam             // a parameter's name label in its definition
	sDeclName          // a declaration's class label, or an instance's type label
	sDeclArg           // an argument's name in a declaration
	sRefType           // the type part of a reference string
	sRefTitle          // the title part of a reference string
	sLookup            // a lookup("key") call
	sNode              // a node block's label
)

// siteTarget is what is at a position, with what it concerns.
type siteTarget struct {
	kind   siteKind
	rng    hcl.Range
	def    *compiler.SiteDef // the definition concerned (nil: unknown)
	param  *compiler.SiteParam
	decl   *compiler.SiteDecl
	ref    *compiler.SiteRef
	lookup *compiler.SiteLookup
	node   *compiler.SiteNode
	path   string // the file (sNode)
	name   string // the argument's name (sDeclArg)
}

// at finds what is at byte off of path.
func (ix *siteIndex) at(path string, off int) siteTarget {
	f := ix.files[path]
	if f == nil {
		return siteTarget{}
	}
	for _, d := range f.Defs {
		if within(d.NameRange, path, off) {
			return siteTarget{kind: sDef, rng: d.NameRange, def: d}
		}
		for i := range d.Params {
			p := &d.Params[i]
			if within(p.NameRange, path, off) {
				return siteTarget{kind: sParam, rng: p.NameRange, def: d, param: p}
			}
		}
	}
	for i := range f.Decls {
		d := &f.Decls[i]
		def := ix.declDef(d)
		if def == nil {
			continue // a resource of a type: the catalog's navigation
		}
		if within(d.NameRange, path, off) {
			return siteTarget{kind: sDeclName, rng: d.NameRange, def: def, decl: d}
		}
		for _, a := range d.Args {
			if within(a.NameRange, path, off) {
				return siteTarget{kind: sDeclArg, rng: a.NameRange, def: def, param: param(def, a.Name), decl: d, name: a.Name}
			}
		}
	}
	for i := range f.Refs {
		r := &f.Refs[i]
		if !within(r.Range, path, off) {
			continue
		}
		def := ix.refDef(r.Type, r.Title)
		if def == nil {
			continue
		}
		if def.Define && within(r.TitleRange, path, off) { // the instance: the catalog's navigation
			return siteTarget{kind: sRefTitle, rng: r.TitleRange, def: def, ref: r}
		}
		return siteTarget{kind: sRefType, rng: r.Range, def: def, ref: r}
	}
	for i := range f.Lookups {
		l := &f.Lookups[i]
		if within(l.Range, path, off) {
			return siteTarget{kind: sLookup, rng: l.Range, lookup: l}
		}
	}
	for i := range f.Nodes {
		if n := &f.Nodes[i]; within(n.NameRange, path, off) {
			return siteTarget{kind: sNode, rng: n.NameRange, node: n, path: path}
		}
	}
	return siteTarget{}
}

// definitionOf is where a site target's definition is written (false:
// the target has none of its own).
func (t siteTarget) definitionOf() (hcl.Range, bool) {
	switch t.kind {
	case sDef, sDeclName, sRefType:
		return t.def.DeclRange, true
	case sParam, sDeclArg:
		if t.param == nil {
			return hcl.Range{}, false // a metaparameter
		}
		return t.param.DeclRange, true
	}
	return hcl.Range{}, false
}

// defRefs are the places that name def: the declarations of a class (or
// a define's instances: their type labels) and the references to it, in
// path order, then source order.
func (ix *siteIndex) defRefs(def *compiler.SiteDef, decl bool) []hcl.Range {
	var out []hcl.Range
	if decl {
		out = append(out, def.DeclRange)
	}
	for _, p := range sortedKeys(ix.files) {
		f := ix.files[p]
		for i := range f.Decls {
			if ix.declDef(&f.Decls[i]) == def {
				out = append(out, f.Decls[i].NameRange)
			}
		}
		for _, r := range f.Refs {
			if ix.refDef(r.Type, r.Title) == def {
				out = append(out, r.Range)
			}
		}
	}
	return out
}

// defKind is "class" or "define".
func defKind(d *compiler.SiteDef) string {
	if d.Define {
		return "define"
	}
	return "class"
}

// defRef is how Puppet writes a reference to the definition: Class[Web]
// for a class, the capitalized type for a define.
func defRef(d *compiler.SiteDef) string {
	if d.Define {
		return catalog.CapitalizeType(d.Name)
	}
	return "Class[" + catalog.CapitalizeType(d.Name) + "]"
}

// instance is the define instance a reference's title names (sRefTitle),
// when this load declared it.
func (s *snapshot) instance(t siteTarget) *catalog.Resource {
	if t.kind != sRefTitle {
		return nil
	}
	for _, r := range s.cat.Resources {
		if r.Type != nil && r.Type.Name == t.def.Name && r.Title == t.ref.Title {
			return r
		}
	}
	return nil
}
