package types

import (
	"strconv"
	"strings"
)

// descMismatchKind is the class of a mismatch (Puppet's Mismatch subclasses).
type descMismatchKind int

const (
	mismatchType descMismatchKind = iota
	mismatchPattern
	mismatchSize
	mismatchMissingKey
	mismatchExtraneousKey
	mismatchUnresolved
)

// descMismatch is one problem found by the describer. Type and pattern
// mismatches hold normalized expected and actual types; size mismatches
// hold the two ranges; key and unresolved-reference mismatches hold a name.
type descMismatch struct {
	kind             descMismatchKind
	path             []descPathElem
	expected, actual Type
	size, got        *IntegerType
	key              string
}

func newTypeMismatch(kind descMismatchKind, path []descPathElem, expected, actual Type) descMismatch {
	return descMismatch{kind: kind, path: path, expected: normalizeType(expected), actual: normalizeType(actual)}
}

func newSizeMismatch(path []descPathElem, expected, actual *IntegerType) descMismatch {
	return descMismatch{kind: mismatchSize, path: path, size: expected, got: actual}
}

func (m descMismatch) canonicalPath() []descPathElem {
	out := make([]descPathElem, 0, len(m.path))
	for _, p := range m.path {
		if p.kind != pathVariant {
			out = append(out, p)
		}
	}
	return out
}

// chopPath removes the path element at position i (the "variant i" of a
// merged variant mismatch).
func (m descMismatch) chopPath(i int) descMismatch {
	if i >= len(m.path) {
		return m
	}
	p := make([]descPathElem, 0, len(m.path)-1)
	p = append(p, m.path[:i]...)
	m.path = append(p, m.path[i+1:]...)
	return m
}

// merge combines two mismatches of the same kind found by different
// variant members: sizes widen, expected types join into a variant.
func (m descMismatch) merge(o descMismatch) descMismatch {
	if m.kind == mismatchSize {
		r := joinRange(&IntegerType{Min: sizeFrom(m.size), Max: sizeTo(m.size), ExplicitMax: m.size.ExplicitMax},
			&IntegerType{Min: sizeFrom(o.size), Max: sizeTo(o.size), ExplicitMax: o.size.ExplicitMax})
		return descMismatch{kind: mismatchSize, path: m.path, size: r, got: m.got}
	}
	exp := maybeVariant(uniqueTypes([]Type{m.expected, o.expected}))
	return newTypeMismatch(m.kind, m.path, exp, m.actual)
}

// sizeFrom and sizeTo read a size range with an unbounded lower end as 0
// and an unbounded upper end as MaxInt (infinity).
func sizeFrom(r *IntegerType) int64 {
	if r.Min == MinInt {
		return 0
	}
	return r.Min
}

func sizeTo(r *IntegerType) int64 { return r.Max }

// format renders the mismatch with its position: the subject and path
// elements, each preceded by a space.
func (m descMismatch) format() string {
	parts := make([]string, len(m.path))
	for i, p := range m.path {
		parts[i] = p.String()
	}
	pos := ""
	if len(parts) > 0 {
		pos = " " + strings.Join(parts, " ")
	}
	switch m.kind {
	case mismatchType:
		return pos + typeMismatchText(m.expected, m.actual)
	case mismatchPattern:
		return pos + patternMismatchText(m.expected, m.actual)
	case mismatchSize:
		return pos + " expects size to be " + rangeText(m.size) + ", got " + rangeText(m.got)
	case mismatchMissingKey:
		return pos + " expects a value for key '" + m.key + "'"
	case mismatchExtraneousKey:
		return pos + " unrecognized key '" + m.key + "'"
	}
	return pos + " references an unresolved type '" + m.key + "'"
}

// rangeText is SizeMismatch#range_to_s.
func rangeText(r *IntegerType) string {
	lo, hi := sizeFrom(r), sizeTo(r)
	switch {
	case lo == hi:
		return strconv.FormatInt(lo, 10)
	case lo == 0 && r.highOpen():
		return "unlimited"
	case lo == 0:
		return "at most " + strconv.FormatInt(hi, 10)
	case r.highOpen():
		return "at least " + strconv.FormatInt(lo, 10)
	}
	return "between " + strconv.FormatInt(lo, 10) + " and " + strconv.FormatInt(hi, 10)
}

func patternMismatchText(e, a Type) string {
	pfx := ""
	if o, ok := e.(*OptionalType); ok && o.Type != nil {
		e, pfx = o.Type, "an undef value or "
	}
	got := shortName(a)
	if s, ok := a.(*StringType); ok && s.Value != nil {
		got = "'" + *s.Value + "'"
	}
	return " expects " + pfx + "a match for " + formatExpanded(e) + ", got " + got
}

// typeMismatchText is TypeMismatch#message: the expected type(s) and the
// actual type, each printed in full when the comparison is meaningful
// (same class, alias, assignable to the class default), else by name.
func typeMismatchText(e, a Type) string {
	optional := false
	if o, ok := e.(*OptionalType); ok && o.Type != nil {
		e, optional = o.Type, true
	}
	if v, ok := e.(*VariantType); ok {
		exps, got := expectedList(v.Types, a)
		if optional {
			exps = append([]string{"Undef"}, exps...)
		}
		return expectsText(exps, got)
	}
	exp, got := shortName(e), shortName(a)
	if reportDetailed([]Type{e}, a) {
		exp, got = formatExpanded(e), detailedActual([]Type{e}, a)
	}
	if optional {
		return " expects a value of type Undef or " + exp + ", got " + got
	}
	return " expects " + aAn(exp) + " value, got " + got
}

// expectedList prints a variant's members and the actual type, in full or
// by (de-duplicated) name.
func expectedList(members []Type, a Type) (exps []string, got string) {
	if reportDetailed(members, a) {
		for _, t := range members {
			exps = append(exps, formatExpanded(t))
		}
		return exps, detailedActual(members, a)
	}
	for _, t := range members {
		exps = appendUnique(exps, shortName(t))
	}
	return exps, shortName(a)
}

// expectsText joins the alternatives: "X", "X or Y", "X, Y, or Z".
func expectsText(exps []string, got string) string {
	switch len(exps) {
	case 1:
		return " expects " + aAn(exps[0]) + " value, got " + got
	case 2:
		return " expects a value of type " + exps[0] + " or " + exps[1] + ", got " + got
	}
	last := ""
	if len(exps) > 0 {
		last = exps[len(exps)-1]
	}
	head := exps[:max(len(exps)-1, 0)]
	return " expects a value of type " + strings.Join(head, ", ") + ", or " + last + ", got " + got
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// aAn prefixes the article: "an" before a vowel or y (after one leading
// quote), else "a".
func aAn(s string) string {
	f := s
	if f != "" && (f[0] == '\'' || f[0] == '"') {
		f = f[1:]
	}
	if f != "" && strings.ContainsRune("aeiouyAEIOUY", rune(f[0])) {
		return "an " + s
	}
	return "a " + s
}

func reportDetailed(es []Type, a Type) bool {
	if alwaysDetailed(es, a) {
		return true
	}
	for _, t := range es {
		if al, ok := t.(*AliasType); ok {
			t = al.Resolved
		}
		if assignable(defaultOf(t), a) {
			return true
		}
	}
	return false
}

// alwaysDetailed: same class, an alias on either side, or a Struct/Tuple
// expected where a Hash/Array was given.
func alwaysDetailed(es []Type, a Type) bool {
	_, aAlias := a.(*AliasType)
	_, aHash := a.(*HashType)
	_, aArray := a.(*ArrayType)
	for _, t := range es {
		switch t.(type) {
		case *AliasType:
			return true
		case *StructType:
			if aHash {
				return true
			}
		case *TupleType:
			if aArray {
				return true
			}
		}
		if aAlias || className(t) == className(a) {
			return true
		}
	}
	return false
}

func detailedActual(es []Type, a Type) string {
	rs := make([]Type, len(es))
	for i, t := range es {
		rs[i] = resolveAliases(t)
	}
	if alwaysDetailed(rs, a) {
		return formatExpanded(a)
	}
	g := generalizeType(a)
	for _, t := range rs {
		if assignable(t, g) {
			return formatExpanded(a)
		}
	}
	return className(a)
}

func resolveAliases(t Type) Type {
	for i := 0; i < 100; i++ {
		al, ok := t.(*AliasType)
		if !ok {
			break
		}
		t = al.Resolved
	}
	return t
}
