package types

import (
	"strings"
	"testing"
)

// FuzzFormatRoundTrip checks that the canonical form of every accepted
// type parses back to a type with the same canonical form: a compiled catalog stores types in
// that form and `catc diff` parses them again. Forms that Puppet cannot
// read back either (see unparseableCanonical) and
// the types whose canonical form is a generalization (Sensitive, named
// resource types) are left out, as in FuzzParse.
func FuzzFormatRoundTrip(f *testing.F) {
	for _, r := range readParseRows(f) {
		f.Add(r.Type)
	}
	for _, s := range quoteCorners {
		f.Add("Enum[" + s + "]")
		f.Add("Struct[{" + s + " => Integer}]")
	}
	f.Fuzz(func(t *testing.T, s string) {
		typ, err := Parse(s)
		if err != nil {
			return
		}
		canon := Format(typ)
		if unparseableCanonical(canon) || strings.Contains(canon, "Sensitive[") || hasResourceType(typ) {
			return
		}
		again, err := Parse(canon)
		if err != nil {
			t.Fatalf("Format(Parse(%q)) = %q does not parse: %v", s, canon, err)
		}
		// Some canonical forms generalize (Puppet prints Tuple[1] as
		// Tuple), so equality is checked from the canonical form on: it
		// must be a fixed point and parse to the same type every time.
		if Format(again) != canon {
			t.Fatalf("Format(Parse(%q)) = %q parses back as another type, %q", s, canon, Format(again))
		}
		if third, err := Parse(Format(again)); err != nil || !typesEqual(again, third) {
			t.Fatalf("%q: the canonical form %q does not parse to one type (%v)", s, canon, err)
		}
	})
}

// quoteCorners are quoted strings around backslashes and quotes.
var quoteCorners = []string{
	`"\\\0"`, `'\\0'`, `'a\\'`, `'\\\\'`, `"\\'"`, `'\''`, `"\\\\'x"`, `'\x'`, `"\u{7}\\"`, `"\\$"`,
}

func TestFormatQuotingRoundTrips(t *testing.T) {
	t.Parallel()
	for _, v := range []string{`\`, `\\`, `\0`, `\\0`, `\'`, `'`, `a\`, `\\\'x`, `it's`, "\\\x07", `\$`, `\\\\`} {
		e := &EnumType{Values: []string{v}}
		canon := Format(e)
		back, err := Parse(canon)
		if err != nil {
			t.Errorf("%q: Format gives %s, which does not parse: %v", v, canon, err)
			continue
		}
		if be, ok := back.(*EnumType); !ok || len(be.Values) != 1 || be.Values[0] != v {
			t.Errorf("%q: Format gives %s, which parses as %s", v, canon, Format(back))
		}
	}
}
