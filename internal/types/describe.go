package types

import (
	"fmt"
	"strconv"
	"strings"
)

// describeMismatch returns the message Puppet 7.23's
// TypeMismatchDescriber#describe_mismatch produces for a value v that t rejects, byte for byte, with subject as the
// leading path element ("software.ensure", "test.attr", or "" for none).
//
// It reproduces Puppet's quirks (see the quirk table in describe_test.go):
// in particular it returns "" when Puppet finds nothing to describe although
// instance? rejected the value (quirk Q1). Call it only for values IsInstance
// rejects; Check is the entry point that never returns an empty failure.
func describeMismatch(subject string, t Type, v Value) string {
	d := describer{faithful: true, active: new([]assignPair)}
	return d.message(subject, t, inferSet(v))
}

// Check validates v against t: ok is true when v is an instance of t.
// Otherwise msg is Puppet's own message (describeMismatch), except where
// catc deliberately improves on Puppet (documented in describe_test.go): a
// rejected value always gets a non-empty message (quirk Q1), and tuple
// elements that match are not reported as mismatches, each at its own index
// (quirks Q3, Q4).
func Check(subject string, t Type, v Value) (msg string, ok bool) {
	return CheckMetered(subject, t, v, nil)
}

// CheckMetered is Check charging meter what each pattern match may cost
// (nil: nothing). A check that a match beyond rubyregexp.MaxMatchSteps,
// or the meter, kept from an answer fails with a message that says so
// (the meter's error, as it is).
func CheckMetered(subject string, t Type, v Value, meter Meter) (msg string, ok bool) {
	m := matcher{meter: meter}
	if m.matchValue(t, v, nil) {
		return "", true
	}
	switch {
	case m.stopped:
		return m.err.Error(), false
	case m.err != nil:
		what := subject
		if what == "" {
			what = "the value"
		}
		return fmt.Sprintf("%s cannot be checked against %s: %v", what, Format(t), m.err), false
	}
	d := describer{active: new([]assignPair)}
	a := inferSet(v)
	if msg = d.message(subject, t, a); msg != "" {
		return msg, false
	}
	return fallbackMessage(subject, t, v, a), false
}

// describer walks an expected type against the inferred type of a value.
// faithful selects Puppet's exact behaviour; without it the describer
// skips tuple elements that are assignable and reports them at their real
// index.
type describer struct {
	faithful bool
	// active holds the (alias, actual type) pairs being described, so that
	// an alias that contains itself without consuming the value (such as
	// Loop = Variant[Loop, Integer]) stops instead of recursing forever.
	active *[]assignPair
}

func (d describer) message(subject string, t Type, a Type) string {
	errs := d.describe(t, a, []descPathElem{{kind: pathSubject, key: subject}})
	switch len(errs) {
	case 0:
		return ""
	case 1:
		return rubyStrip(errs[0].format())
	}
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = e.format()
	}
	return strings.Join(lines, "\n ")
}

// rubyStrip is Ruby's String#strip: ASCII whitespace at both ends and NULs
// at the end.
func rubyStrip(s string) string {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	return strings.TrimRight(s, " \t\n\v\f\r\x00")
}

// descPathKind tells what a path element stands for.
type descPathKind int

const (
	pathSubject descPathKind = iota
	pathEntryValue
	pathEntryKey
	pathIndex
	pathVariant
)

// descPathElem is one step from the checked value to the mismatch.
type descPathElem struct {
	kind  descPathKind
	key   string
	index int
}

func (p descPathElem) String() string {
	switch p.kind {
	case pathEntryValue:
		return "entry '" + p.key + "'"
	case pathEntryKey:
		return "key of entry '" + p.key + "'"
	case pathIndex:
		return "index " + strconv.Itoa(p.index)
	case pathVariant:
		return "variant " + strconv.Itoa(p.index)
	}
	return p.key
}

func withPath(path []descPathElem, e descPathElem) []descPathElem {
	out := make([]descPathElem, len(path)+1)
	copy(out, path)
	out[len(path)] = e
	return out
}

// describe is TypeMismatchDescriber#describe: an unresolved type reference
// anywhere in the expected type wins; otherwise the normalized type is
// described, the original one being kept for the message.
func (d describer) describe(e, a Type, path []descPathElem) []descMismatch {
	if name, ok := findUnresolved(e); ok {
		return []descMismatch{{kind: mismatchUnresolved, path: path, key: name}}
	}
	return d.internal(normalizeType(e), e, a, path)
}

func (d describer) internal(e, orig, a Type, path []descPathElem) []descMismatch {
	switch et := e.(type) {
	case *VariantType:
		return d.describeVariant(et, orig, a, path)
	case *StructType:
		return d.describeStruct(et, orig, a, path)
	case *HashType:
		return d.describeHash(et, orig, a, path)
	case *TupleType:
		return d.describeTuple(et, orig, a, path)
	case *ArrayType:
		return d.describeArray(et, orig, a, path)
	case *OptionalType:
		return d.describeOptional(et, orig, a, path)
	case *PatternType, *EnumType:
		// Unconditionally a mismatch: Puppet never checks here.
		return []descMismatch{newTypeMismatch(mismatchPattern, path, orig, a)}
	case *AliasType:
		return d.describeAlias(et, a, path)
	}
	if assignable(e, a) {
		return nil
	}
	return []descMismatch{newTypeMismatch(mismatchType, path, orig, a)}
}

func (d describer) describeAlias(e *AliasType, a Type, path []descPathElem) []descMismatch {
	p := assignPair{e, a}
	for _, q := range *d.active {
		if q == p {
			return nil
		}
	}
	*d.active = append(*d.active, p)
	defer func() { *d.active = (*d.active)[:len(*d.active)-1] }()
	return d.internal(normalizeType(e.Resolved), e, a, path)
}

func (d describer) describeOptional(e *OptionalType, orig, a Type, path []descPathElem) []descMismatch {
	if isUndef(a) || e.Type == nil {
		return nil
	}
	if _, ok := orig.(*AliasType); !ok {
		orig = e
	}
	return d.internal(e.Type, orig, a, path)
}

// findUnresolved returns the name of the first TypeReference in t, looking
// through aliases (each followed once).
func findUnresolved(t Type) (string, bool) {
	var seen []*AliasType
	var walk func(Type) (string, bool)
	walk = func(t Type) (string, bool) {
		switch t := t.(type) {
		case *TypeReferenceType:
			return t.Name, true
		case *AliasType:
			for _, s := range seen {
				if s == t {
					return "", false
				}
			}
			seen = append(seen, t)
			return walk(t.Resolved)
		}
		for _, c := range childTypes(t) {
			if name, ok := walk(c); ok {
				return name, true
			}
		}
		return "", false
	}
	return walk(t)
}

// childTypes lists the types directly contained in t, in Puppet's visiting
// order.
func childTypes(t Type) []Type {
	switch t := t.(type) {
	case *NotUndefType:
		return []Type{t.Type}
	case *OptionalType:
		return []Type{t.Type}
	case *SensitiveType:
		return []Type{t.Type}
	case *IterableType:
		return []Type{t.Type}
	case *VariantType:
		return t.Types
	case *TupleType:
		return t.Types
	case *ArrayType:
		return []Type{t.Elem}
	case *HashType:
		return []Type{t.Key, t.Value}
	case *StructType:
		out := make([]Type, 0, 2*len(t.Elements))
		for _, e := range t.Elements {
			out = append(out, e.Key, e.Value)
		}
		return out
	}
	return nil
}
