package rubyregexp

import (
	"fmt"
	"strings"
)

// rxInterval is a parsed `{n,m}`; size is 0 when the text is not an
// interval (Ruby then reads the brace literally).
type rxInterval struct {
	min, max int // max < 0: unbounded
	size     int
	fixed    bool // {n}: a following ? is another quantifier, not laziness
	tooBig   bool
}

// parseInterval reads `{n}`, `{n,}`, `{,m}` or `{n,m}` at the start of s.
func parseInterval(s string) rxInterval {
	i := 1
	lo, nlo, big1 := scanDecimal(s[i:])
	i += nlo
	iv := rxInterval{min: lo, max: lo, fixed: true, tooBig: big1}
	if i < len(s) && s[i] == ',' {
		i++
		hi, nhi, big2 := scanDecimal(s[i:])
		i += nhi
		if nlo == 0 && nhi == 0 {
			return rxInterval{}
		}
		iv.fixed, iv.tooBig = false, big1 || big2
		iv.max = -1
		if nhi > 0 {
			iv.max = hi
		}
		if nlo == 0 {
			iv.min = 0
		}
	} else if nlo == 0 {
		return rxInterval{}
	}
	if i >= len(s) || s[i] != '}' {
		return rxInterval{}
	}
	iv.size = i + 1
	return iv
}

// scanDecimal reads leading ASCII digits; big reports a value beyond
// Onigmo's repeat limit.
func scanDecimal(s string) (v, n int, big bool) {
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		if v <= maxRubyRepeat {
			v = v*10 + int(s[n]-'0')
		}
		n++
	}
	return v, n, v > maxRubyRepeat
}

// parseQuantifiers applies every quantifier that follows target (Ruby
// allows stacking them: `a{2}{3}`, `a**`). It returns nil when the target
// is an assertion made optional, which always succeeds.
func (p *rxParser) parseQuantifiers(target rxNode) (rxNode, error) {
	for {
		if err := p.skipExtended(); err != nil || p.eof() {
			return target, err
		}
		start := p.pos
		min, max, lazyAllowed, ok, err := p.parseOneQuantifier()
		if err != nil || !ok {
			return target, err
		}
		lazy := false
		var possessive *Error
		if lazyAllowed && p.peekIs("?") {
			p.pos++
			lazy = true
		} else if p.src[start] != '{' && p.peekIs("+") {
			p.pos++
			possessive = unsupported(start, fmt.Sprintf("possessive quantifier %s+", p.src[start:p.pos-1]),
				"Go RE2 does not backtrack, so it has no possessive quantifiers",
				"use the plain quantifier if the match result is the same, or rewrite the pattern")
		}
		if max > maxGoRepeat || min > maxGoRepeat {
			p.reject(unsupported(start, "repeat count "+p.src[start:p.pos],
				"Go RE2 allows at most 1000 repetitions", "use a smaller count or * / +"))
		}
		if a, isAssert := target.(*rxAssert); isAssert || target == nil {
			// An assertion repeated at least once is the assertion; zero
			// times, nothing. (Ruby accepts `\b+`, `^*`.)
			if min == 0 {
				target = nil
			} else if isAssert {
				target = a
			}
			continue
		}
		if inner, ok := target.(*rxRepeat); ok && inner.possessive != nil {
			p.reject(inner.possessive) // quantified again: settlePossessive would not see it
			inner.possessive = nil
		}
		target = &rxRepeat{sub: target, min: min, max: max, lazy: lazy, possessive: possessive}
	}
}

// settlePossessive decides the possessive quantifiers of a finished
// sequence. One on a literal character that the next item, another
// literal character, cannot match never gives back what it took, so it
// matches exactly as the plain quantifier does (Ruby's `c++/`, as in
// mount's unescaped names); every other one is rejected.
func (p *rxParser) settlePossessive(seq *rxSeq) {
	for i, n := range seq.items {
		r, ok := n.(*rxRepeat)
		if !ok || r.possessive == nil {
			continue
		}
		err := r.possessive
		r.possessive = nil
		if i+1 < len(seq.items) {
			c, okC := literalRune(r.sub)
			next, okN := literalRune(seq.items[i+1])
			if okC && okN && c != next {
				continue
			}
		}
		p.reject(err)
	}
}

// literalRune is the character an atom matches when it is one literal
// character, case-sensitive.
func literalRune(n rxNode) (rune, bool) {
	a, ok := n.(*rxAtom)
	if !ok || a.fold {
		return 0, false
	}
	t := a.text
	if len(t) == 2 && t[0] == '\\' && strings.ContainsRune(goMeta, rune(t[1])) {
		return rune(t[1]), true
	}
	rs := []rune(t)
	if len(rs) != 1 || strings.ContainsRune(goMeta, rs[0]) {
		return 0, false
	}
	return rs[0], true
}

// parseOneQuantifier reads `*`, `+`, `?` or an interval at p.pos.
func (p *rxParser) parseOneQuantifier() (min, max int, lazyAllowed, ok bool, err error) {
	start := p.pos
	switch p.src[p.pos] {
	case '*':
		p.pos++
		return 0, -1, true, true, nil
	case '+':
		p.pos++
		return 1, -1, true, true, nil
	case '?':
		p.pos++
		return 0, 1, true, true, nil
	case '{':
		iv := parseInterval(p.src[p.pos:])
		if iv.size == 0 {
			return 0, 0, false, false, nil
		}
		if iv.tooBig {
			return 0, 0, false, false, p.errAt(start, "too big number for repeat range")
		}
		if iv.max >= 0 && iv.max < iv.min {
			return 0, 0, false, false, p.errAt(start, "upper is smaller than lower in repeat range")
		}
		p.pos += iv.size
		return iv.min, iv.max, !iv.fixed, true, nil
	}
	return 0, 0, false, false, nil
}
