package types

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse checks that no input makes Parse, ParseData or Format panic,
// that every error is a *ParseError spanning part of the input, and that
// the canonical form of an accepted type parses back to itself.
func FuzzParse(f *testing.F) {
	for _, r := range readParseRows(f) {
		f.Add(r.Type)
	}
	for _, c := range grammarCorners {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		typ, err := Parse(s)
		if _, derr := ParseData(s); derr != nil {
			checkParseError(t, s, derr)
		}
		if err != nil {
			checkParseError(t, s, err)
			return
		}
		canon := Format(typ)
		_ = formatExpanded(typ)
		again, err := Parse(canon)
		if err != nil {
			if !unparseableCanonical(canon) {
				t.Fatalf("Format(Parse(%q)) = %q does not parse: %v", s, canon, err)
			}
			return
		}
		// Sensitive generalizes its type again (Puppet prints
		// Sensitive[Enum[a]] as Sensitive[String[1, 1]], which parses as
		// Sensitive[String]); everything else is a fixed point.
		// A resource type Puppet makes from Resource['name'] prints as its
		// name, which Puppet reads back as a reference unless it knows it.
		if got := Format(again); got != canon && !strings.Contains(canon, "Sensitive[") && !hasResourceType(typ) {
			t.Fatalf("Format(Parse(%q)) = %q, but it reparses as %q", s, canon, got)
		}
	})
}

func checkParseError(t *testing.T, s string, err error) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("Parse(%q) error %T is not a *ParseError", s, err)
	}
	if pe.Msg == "" || pe.Kind == "" || pe.Offset < 0 || pe.Length < 0 || pe.Offset+pe.Length > len(s) {
		t.Fatalf("Parse(%q) error %+v: empty or out of the input", s, pe)
	}
}

// unparseableCanonical reports canonical forms that Puppet cannot parse
// back either: type references, the forms of types outside data (Object
// definitions, resources ...) and floats printed with an exponent sign.
func unparseableCanonical(canon string) bool {
	for _, marker := range []string{"TypeReference[", "Object[", "TypeSet[", "Runtime[", "Callable[",
		"Init[", "Timestamp[", "Timespan[", "URI[", "SemVer[", "Class[", "Type[", "Iterator[", "e+"} {
		if strings.Contains(canon, marker) {
			return true
		}
	}
	return false
}

func hasResourceType(t Type) bool {
	if o, ok := t.(*OpaqueType); ok && o.Name == "Resource" {
		return true
	}
	for _, m := range childTypes(t) {
		if hasResourceType(m) {
			return true
		}
	}
	return false
}
