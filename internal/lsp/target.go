package lsp

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// targetKind says what a position designates.
type targetKind int

const (
	noTarget    targetKind = iota
	tResource              // a resource's declaration (labels)
	tResType               // the type label of a resource
	tRelation              // a reference in a relationship metaparameter
	tResAttr               // an attribute name in a resource
	tType                  // a type's declaration
	tAttrDef               // an attribute's declaration in a type
	tAutoTarget            // the type named by an auto rule
	tAutoAttr              // a "$attr" term of an auto rule
	tAlias                 // a type_alias declaration
	tAliasUse              // an alias name inside a type string
)

// target is what is at a position, with the catalog objects it concerns.
type target struct {
	kind  targetKind
	rng   hcl.Range // the range of the thing under the cursor
	res   *catalog.Resource
	rel   *catalog.Relation
	td    *catalog.TypeDef
	attr  *catalog.AttrDef
	alias *catalog.TypeAlias
	// name is the argument's name for tResAttr (a metaparameter has no
	// attr).
	name string
}

func within(r hcl.Range, path string, off int) bool {
	return r.Filename == path && r.Start.Byte <= off && off <= r.End.Byte && r.End.Byte > r.Start.Byte
}

// at finds what is at byte off of the file path.
func (s *snapshot) at(path string, off int) target {
	for _, r := range s.byFile[path] {
		for i := range r.Relations {
			rel := &r.Relations[i]
			if within(rel.Range, path, off) {
				return target{kind: tRelation, rng: rel.Range, res: rel.Target, rel: rel}
			}
		}
		for _, ar := range r.AttrRanges() {
			name, rng := ar.Name, ar.Range
			if !within(rng, path, off) || off > rng.Start.Byte+len(name) {
				continue
			}
			if last, _ := r.AttrRange(name); last == rng { // of a name written twice, the later one counts
				nameRng := rng
				nameRng.End = nameRng.Start
				nameRng.End.Byte += len(name)
				nameRng.End.Column += len(name)
				return target{kind: tResAttr, rng: nameRng, res: r, td: r.Type, attr: r.Type.Attr(name), name: name}
			}
		}
		if within(r.TypeRange, path, off) {
			return target{kind: tResType, rng: r.TypeRange, res: r, td: r.Type}
		}
		if within(r.DeclRange, path, off) {
			return target{kind: tResource, rng: r.DeclRange, res: r}
		}
	}
	for _, td := range s.cat.Types {
		if td.DeclRange.Filename != path {
			continue
		}
		if t, ok := s.inType(td, path, off); ok {
			return t
		}
	}
	for _, a := range s.cat.Aliases {
		if within(a.DeclRange, path, off) {
			return target{kind: tAlias, rng: a.NameRange, alias: a}
		}
		if t, ok := s.aliasUse(a.TypeRange, path, off); ok {
			return t
		}
	}
	return target{}
}

func (s *snapshot) inType(td *catalog.TypeDef, path string, off int) (target, bool) {
	if within(td.DeclRange, path, off) {
		return target{kind: tType, rng: td.NameRange, td: td}, true
	}
	for _, a := range td.Attributes {
		if within(a.DeclRange, path, off) {
			return target{kind: tAttrDef, rng: a.NameRange, td: td, attr: a}, true
		}
		if t, ok := s.aliasUse(a.TypeRange, path, off); ok {
			return t, true
		}
	}
	for _, rule := range td.AutoRules {
		if within(rule.TargetRange, path, off) {
			return target{kind: tAutoTarget, rng: rule.TargetRange, td: s.cat.TypeOrBuiltin(rule.Target)}, true
		}
		for _, term := range rule.Terms {
			if term.Attr != "" && within(term.Range, path, off) {
				return target{kind: tAutoAttr, rng: term.Range, td: td, attr: td.Attr(term.Attr)}, true
			}
			if term.Call != nil {
				if a, ok := callAttrAt(term.Call, path, off); ok {
					return target{kind: tAutoAttr, rng: a.Range, td: td, attr: td.Attr(a.Attr)}, true
				}
			}
		}
	}
	return target{}, false
}

// aliasUse finds an alias name written inside a type string at off: the
// name-like word around the cursor (`Mymod::Port`) that names an alias.
func (s *snapshot) aliasUse(rng hcl.Range, path string, off int) (target, bool) {
	if !within(rng, path, off) || len(s.cat.Aliases) == 0 {
		return target{}, false
	}
	src := s.srcs[path]
	start, end := off, off
	isName := func(b byte) bool {
		return b == ':' || b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	for start > rng.Start.Byte && isName(src[start-1]) {
		start--
	}
	for end < rng.End.Byte && end < len(src) && isName(src[end]) {
		end++
	}
	word := string(src[start:end])
	for _, a := range s.cat.Aliases {
		if strings.EqualFold(a.Name, word) {
			r := rng
			r.Start.Byte, r.End.Byte = start, end
			r.Start.Column += start - rng.Start.Byte
			r.End.Column = r.Start.Column + end - start
			return target{kind: tAliasUse, rng: r, alias: a}, true
		}
	}
	return target{}, false
}

// callAttrAt finds the "$attr" argument of an auto-rule call (or of a
// call nested in it) under the cursor.
func callAttrAt(c *catalog.AutoCall, path string, off int) (catalog.AutoArg, bool) {
	for _, a := range c.Args {
		switch {
		case a.Attr != "" && within(a.Range, path, off):
			return a, true
		case a.Call != nil:
			if x, ok := callAttrAt(a.Call, path, off); ok {
				return x, true
			}
		}
	}
	return catalog.AutoArg{}, false
}
