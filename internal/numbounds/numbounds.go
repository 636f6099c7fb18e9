package numbounds

import (
	"fmt"
	"math/big"

	"github.com/zclconf/go-cty/cty"
)

// Numbers are bounded before anything computes with them. cty keeps a
// number as a big.Float whose exponent may reach billions of bits, and
// turning such a number into text (a diagnostic, tostring, format,
// jsonencode, "${ }") or rounding it (floor, ceil) takes minutes and
// gigabytes: the ten bytes 1e99999999 did. Puppet's Float is a 64-bit
// double (at most about 1.8e308) and its Integer 64 bits, so no number
// beyond the bounds below can reach a catalog anyway; they are far
// enough beyond a double that every error about a double's range (catalog/values.go)
// is still reported as before.
const (
	// maxNumberExp bounds the binary exponent of a number's magnitude:
	// 2^16384 is about 1.2e4932 (the range of a quadruple-precision float).
	maxNumberExp = 16384
	// MaxDigits bounds the length of a number written as text (a
	// literal, a fact, a string converted to a number): big.Float reads
	// digits in quadratic time (a million of them took 5 s).
	MaxDigits = 1000
)

// BoundsMsg says why the number f is refused, or "" when it is
// within the bounds. Infinities (from functions such as log(0)) are left
// to the checks that know their context.
func BoundsMsg(f *big.Float) string {
	if f.IsInf() || f.Sign() == 0 {
		return ""
	}
	if exp := f.MantExp(nil); exp > maxNumberExp || exp < -maxNumberExp {
		what := "large"
		if exp < 0 {
			what = "close to zero"
		}
		return fmt.Sprintf("This number is too %s: catc accepts numbers from about 1e-4931 to 1e4931 in magnitude (and 0). "+
			"Puppet's Float is a 64-bit double (at most about 1.8e308) and its Integer 64 bits, so no catalog can hold it, and computing with it "+
			"would take minutes. Use a smaller number, or a string if the value is not a number.", what)
	}
	return ""
}

// CheckLiteral checks a number written as text, the digits first.
func CheckLiteral(text []byte) string {
	if len(text) > MaxDigits {
		return fmt.Sprintf("This number is written with %d characters; catc accepts at most %d, because reading longer numbers takes quadratic time "+
			"and Puppet's Float (a 64-bit double) keeps only 17 significant digits anyway. Shorten the number, or write it as a string.", len(text), MaxDigits)
	}
	f, _, err := big.ParseFloat(string(text), 10, 512, big.ToNearestEven)
	if err != nil {
		return "" // not a number: left to the parser
	}
	return BoundsMsg(f)
}

// ValueMsg checks every number in v (deeply, marks included) and
// says why the first one out of the bounds is refused, or "".
func ValueMsg(v cty.Value) string {
	v, _ = v.Unmark()
	if !v.IsKnown() || v.IsNull() {
		return ""
	}
	t := v.Type()
	switch {
	case t == cty.Number:
		return BoundsMsg(v.AsBigFloat())
	case t.IsCollectionType() || t.IsTupleType() || t.IsObjectType():
		if !hasNumbers(t) {
			return ""
		}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if msg := ValueMsg(e); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// hasNumbers tells whether values of t may hold a number, so that lists
// of strings are not walked.
func hasNumbers(t cty.Type) bool {
	switch {
	case t == cty.Number || t == cty.DynamicPseudoType:
		return true
	case t.IsCollectionType():
		return hasNumbers(t.ElementType())
	case t.IsTupleType():
		for _, e := range t.TupleElementTypes() {
			if hasNumbers(e) {
				return true
			}
		}
	case t.IsObjectType():
		for _, e := range t.AttributeTypes() {
			if hasNumbers(e) {
				return true
			}
		}
	}
	return false
}
