package types

import (
	"errors"
	"strings"
)

// ParseData parses a type for an attribute whose values are plain data
// (what HCL or JSON can hold). Beyond Parse, it rejects with a
// KindUnsupported *ParseError every type no such value can satisfy —
// Default, Regexp, Timestamp, Timespan, SemVer, SemVerRange, Binary, URI,
// Type, Callable, Runtime, Iterator, Object types, CatalogEntry, Class,
// Resource and resource types, Init, unresolved names — and every Pattern
// whose regexp catc cannot translate, wherever they appear.
//
// One exception: a member of a Variant that no data can satisfy is
// allowed when another member (not Undef) can be satisfied, since Puppet
// code often carries such members (Variant[String, Default]) and they
// change no outcome for data. Unresolved names and untranslatable regexps
// are rejected even there: they are errors, not dead alternatives.
func ParseData(s string) (Type, error) { return ParseDataWith(s, nil) }

// ParseDataWith is ParseData with a table of aliases; an alias is checked
// like the type it stands for, and an alias whose own definition fails
// is reported here too.
func ParseDataWith(s string, aliases *Aliases) (Type, error) {
	t, spans, err := parseWith(s, true, aliases)
	if err != nil {
		return nil, err
	}
	c := dataChecker{spans: spans, aliases: aliases}
	if aliases != nil {
		c.seen = map[*AliasType]bool{} // only user aliases need it
	}
	if err := c.check(t, srcSpan{0, len(s)}); err != nil {
		return nil, err
	}
	return t, nil
}

// srcSpan is a byte range of the source.
type srcSpan struct{ start, end int }

// dataChecker walks a parsed type looking for what no data value matches.
type dataChecker struct {
	spans   map[any]srcSpan
	seen    map[*AliasType]bool // user aliases already checked (they may recurse)
	aliases *Aliases
}

func (c dataChecker) at(x any, outer srcSpan) srcSpan {
	if sp, ok := c.spans[x]; ok {
		return sp
	}
	return outer
}

func dataUnsupported(sp srcSpan, msg string) error {
	return &ParseError{Msg: msg, Offset: sp.start, Length: sp.end - sp.start, Kind: KindUnsupported}
}

// check returns the first unsatisfiable part of t, in source order.
func (c dataChecker) check(t Type, outer srcSpan) error {
	sp := c.at(t, outer)
	if msg := unsatisfiable(t); msg != "" {
		return dataUnsupported(sp, msg)
	}
	switch t := t.(type) {
	case *PatternType:
		for _, r := range t.Patterns {
			if r.Err != nil {
				return dataUnsupported(c.at(r, sp), "the regexp "+rubyRegexpInspect(r.Source)+" cannot be used: "+r.Err.Error())
			}
		}
	case *VariantType:
		return c.checkVariant(t, sp)
	case *AliasType:
		// The built-in aliases are data by design; a user alias is checked
		// as what it stands for, once.
		if isBuiltinAlias(t) || c.seen == nil || c.seen[t] {
			return nil
		}
		c.seen[t] = true
		if _, err := c.aliases.Resolve(t.Name); err != nil {
			return dataUnsupported(sp, "the type alias "+t.Name+" is not usable: "+err.Error())
		}
		if err := c.check(t.Resolved, sp); err != nil {
			var pe *ParseError
			if errors.As(err, &pe) && !strings.Contains(pe.Msg, "(in the type alias ") {
				pe.Msg += " (in the type alias " + t.Name + ")"
				pe.Offset, pe.Length = sp.start, sp.end-sp.start
			}
			return err
		}
	case *ArrayType, *HashType:
		if size := sizeOfContainer(t); size != nil && size.Max == 0 {
			return nil // only the empty container: its element types never apply
		}
		return c.checkChildren(t, sp)
	default:
		return c.checkChildren(t, sp)
	}
	return nil
}

func (c dataChecker) checkChildren(t Type, sp srcSpan) error {
	for _, m := range childTypes(t) {
		if err := c.check(m, sp); err != nil {
			return err
		}
	}
	return nil
}

func sizeOfContainer(t Type) *IntegerType {
	switch t := t.(type) {
	case *ArrayType:
		return t.Size
	case *HashType:
		return t.Size
	}
	return nil
}

// checkVariant allows dead members when a live one exists (see ParseData).
func (c dataChecker) checkVariant(t *VariantType, sp srcSpan) error {
	var first error
	live := false
	for _, m := range t.Types {
		err := c.check(m, sp)
		if err == nil {
			if _, undef := m.(*UndefType); !undef {
				live = true
			}
			continue
		}
		if hardDataError(m) {
			return err
		}
		if first == nil {
			first = err
		}
	}
	if live {
		return nil
	}
	return first
}

// hardDataError reports a member that is an error even as a Variant
// alternative: an unresolved name or an untranslatable regexp inside it.
func hardDataError(t Type) bool {
	switch t := t.(type) {
	case *TypeReferenceType:
		return true
	case *PatternType:
		for _, r := range t.Patterns {
			if r.Err != nil {
				return true
			}
		}
	case *AliasType:
		return false
	}
	for _, m := range childTypes(t) {
		if hardDataError(m) {
			return true
		}
	}
	return false
}

// unsatisfiable says why no data value is an instance of t itself ("" if
// some may be), in words that say what to write instead.
func unsatisfiable(t Type) string {
	switch t := t.(type) {
	case *DefaultType:
		return "Default cannot match any value of an HCL attribute (HCL has no default literal); remove it"
	case *RegexpType:
		return Format(t) + " cannot match any value of an HCL attribute (a Regexp is not data); use Pattern[/…/] to match strings"
	case *TypeReferenceType:
		return t.Name + " is not a type catc knows: catc has Puppet's built-in types, Data, RichData and the aliases it is given; check the spelling, or define the alias"
	case *OpaqueType:
		return opaqueAdvice(t)
	}
	return ""
}

func opaqueAdvice(t *OpaqueType) string {
	name := t.Name
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	lead := name + " cannot match any value of an HCL attribute; "
	switch name {
	case "Timestamp", "Timespan", "SemVer", "SemVerRange", "URI":
		return lead + "use String with a Pattern instead"
	case "Binary":
		return lead + "use String (for example base64 text) instead"
	case "Init":
		return lead + "Init converts values, which catc does not do; use the type itself (for example Integer)"
	case "Resource", "Class":
		return t.Canonical + " cannot match any value of an HCL attribute (it describes catalog entries); refer to resources with require/before/notify/subscribe, or use String for a title"
	}
	return lead + "use a data type such as String, Integer, Boolean, Array, Hash or Struct"
}
