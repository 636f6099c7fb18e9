package rubyregexp

import (
	"regexp/syntax"
	"strings"
	"sync"
	"unicode"
)

// rxSet is a character set from an escape (`\s`, `\p{Alpha}`) or a POSIX
// bracket: a positive Go class fragment plus a negation bit. native, when
// set, is a Go item with the same meaning both inside and outside a class.
type rxSet struct {
	frag   string
	neg    bool
	native string
}

// outside is the set as a Go atom.
func (s *rxSet) outside() string {
	switch {
	case s.native != "":
		return s.native
	case s.neg:
		return "[^" + s.frag + "]"
	}
	return "[" + s.frag + "]"
}

// inside is the set as a Go class fragment. Go cannot negate a union inside
// a class, so a negated set is spelled out as its complement's ranges. That
// is also what Ruby means under (?i): inside a class it complements a
// negated member first and case-folds the union after, whereas Go folds
// `\P{Lu}` or `\W` before complementing them.
func (s *rxSet) inside() string {
	switch {
	case s.native != "" && isNegatedNative(s.native):
		return complementFrag(flipNative(s.native))
	case s.native != "":
		return s.native
	case s.neg:
		return complementFrag(s.frag)
	}
	return s.frag
}

func isNegatedNative(n string) bool {
	return len(n) >= 2 && n[0] == '\\' && n[1] >= 'A' && n[1] <= 'Z'
}

// negated flips the set.
func (s *rxSet) negated() *rxSet {
	n := &rxSet{frag: s.frag, neg: !s.neg}
	if s.native != "" {
		n.native = flipNative(s.native)
	}
	return n
}

// flipNative turns `\p{X}` into `\P{X}`, `\d` into `\D` and so on.
func flipNative(n string) string {
	b := []byte(n)
	if len(b) >= 2 && b[0] == '\\' {
		if b[1] >= 'a' && b[1] <= 'z' {
			b[1] -= 'a' - 'A'
		} else {
			b[1] += 'a' - 'A'
		}
	}
	return string(b)
}

const whitespaceFrag = `\t\n\x{B}\f\r\x{20}`

// shorthandSet is the set of a one-letter class escape, or nil.
func shorthandSet(c byte) *rxSet {
	switch c {
	case 'd', 'D', 'w', 'W':
		return &rxSet{native: `\` + string(c)} // ASCII in both engines
	case 's':
		return &rxSet{frag: whitespaceFrag} // Ruby's \s has \v, Go's has not
	case 'S':
		return &rxSet{frag: whitespaceFrag, neg: true}
	case 'h':
		return &rxSet{frag: `0-9A-Fa-f`}
	case 'H':
		return &rxSet{frag: `0-9A-Fa-f`, neg: true}
	}
	return nil
}

// classRanges are the rune pairs a Go class fragment stands for.
func classRanges(frag string) []rune {
	re, err := syntax.Parse("["+frag+"]", syntax.Perl)
	if err != nil {
		return nil
	}
	switch re.Op {
	case syntax.OpCharClass:
		return re.Rune
	case syntax.OpLiteral:
		return []rune{re.Rune[0], re.Rune[0]}
	case syntax.OpAnyChar:
		return []rune{0, unicode.MaxRune}
	}
	return nil
}

// complementRanges flips sorted, merged rune pairs.
func complementRanges(rs []rune) []rune {
	var out []rune
	next := rune(0)
	for i := 0; i+1 < len(rs); i += 2 {
		if rs[i] > next {
			out = append(out, next, rs[i]-1)
		}
		next = rs[i+1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, next, unicode.MaxRune)
	}
	return out
}

// complementCache memoizes complementFrag. Its keys are fragments from
// the fixed tables in this package (never user text), so it stays small.
var complementCache sync.Map

// complementFrag spells the complement of a class fragment as ranges.
func complementFrag(frag string) string {
	if c, ok := complementCache.Load(frag); ok {
		return c.(string)
	}
	c := rangesFrag(complementRanges(classRanges(frag)))
	complementCache.Store(frag, c)
	return c
}

// rangesFrag spells rune pairs as a Go class fragment.
func rangesFrag(rs []rune) string {
	var b strings.Builder
	for i := 0; i+1 < len(rs); i += 2 {
		b.WriteString(hexRune(rs[i]))
		if rs[i+1] != rs[i] {
			b.WriteByte('-')
			b.WriteString(hexRune(rs[i+1]))
		}
	}
	return b.String()
}

// tableFrag spells a unicode.RangeTable as a Go class fragment.
func tableFrag(t *unicode.RangeTable) string {
	var rs []rune
	for _, r := range t.R16 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			rs = appendRange(rs, c)
		}
	}
	for _, r := range t.R32 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			rs = appendRange(rs, c)
		}
	}
	return rangesFrag(rs)
}

// appendRange adds c (ascending) to rune pairs, extending the last pair.
func appendRange(rs []rune, c rune) []rune {
	if n := len(rs); n > 0 && rs[n-1] == c-1 {
		rs[n-1] = c
		return rs
	}
	return append(rs, c, c)
}
