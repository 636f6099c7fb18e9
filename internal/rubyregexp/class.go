package rubyregexp

import (
	"strings"
	"unicode/utf8"
)

// classItem is one member read inside a bracket class: a character or a set.
type classItem struct {
	pre   string // members before r (from \u{41 42}: only the last starts a range)
	r     rune
	set   *rxSet
	isSet bool
	ok    bool // false: nothing to add (a rejected construct)
}

// parseClass reads a bracket class; p.pos is just after '[' at start.
func (p *rxParser) parseClass(start int) (*rxAtom, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxRxDepth {
		return nil, p.errAt(start, "parse depth limit over")
	}
	neg := p.peekIs("^")
	if neg {
		p.pos++
	}
	var frag strings.Builder
	if p.peekIs("]") {
		if !strings.Contains(p.src[p.pos+1:], "]") { // Onigmo looks for any later ], escaped or not
			return nil, p.errAt(start, "empty char-class")
		}
		p.pos++
		frag.WriteString(goClassRune(']')) // Ruby warns but takes it literally
	}
	if err := p.classMembers(start, &frag); err != nil {
		return nil, err
	}
	return p.atom(classText(neg, frag.String())), nil
}

// classText closes a class; an empty set (only from a complement of
// everything) becomes a class that matches nothing, as in Ruby.
func classText(neg bool, frag string) string {
	switch {
	case frag == "" && neg:
		return `[\x00-\x{10FFFF}]`
	case frag == "":
		return `[^\x00-\x{10FFFF}]`
	case neg:
		return "[^" + frag + "]"
	}
	return "[" + frag + "]"
}

// classMembers reads members up to and including the closing ']'.
func (p *rxParser) classMembers(start int, frag *strings.Builder) error {
	for {
		if p.eof() {
			return p.errAt(start, "premature end of char-class")
		}
		if p.src[p.pos] == ']' {
			p.pos++
			return nil
		}
		if p.peekIs("&&") {
			p.reject(unsupported(p.pos, "character class intersection &&",
				"Go RE2 has no class intersection (it would read && literally)", "list the characters explicitly"))
			p.pos += 2
			continue
		}
		itemStart := p.pos
		item, err := p.classItem(start)
		if err != nil {
			return err
		}
		if p.peekIs("-") && !p.peekIs("-]") && item.ok {
			if item.isSet {
				return p.errAt(itemStart, "unmatched range specifier in char-class")
			}
			p.pos++
			if p.eof() {
				return p.errAt(start, "premature end of char-class")
			}
			hi, err := p.classItem(start)
			if err != nil {
				return err
			}
			if hi.isSet {
				return p.errAt(itemStart, "char-class value at end of range")
			}
			if hi.ok && hi.r < item.r {
				return p.errAt(itemStart, "empty range in char class")
			}
			frag.WriteString(item.pre + hi.pre + goClassRune(item.r) + "-" + goClassRune(hi.r))
			continue
		}
		if item.ok {
			frag.WriteString(itemFrag(item))
		}
	}
}

func itemFrag(it classItem) string {
	if it.isSet {
		return it.set.inside()
	}
	return it.pre + goClassRune(it.r)
}

// classItem reads one member: a character, an escape, a POSIX bracket, or a
// nested class (rejected).
func (p *rxParser) classItem(start int) (classItem, error) {
	c := p.src[p.pos]
	switch c {
	case '[':
		if p.peekIs("[:") && posixBracketAhead(p.src[p.pos+2:]) {
			return p.posixBracket(start)
		}
		nested := p.pos
		p.pos++
		if _, err := p.parseClass(nested); err != nil {
			return classItem{}, err
		}
		p.reject(unsupported(nested, "nested character class [...]",
			"Go RE2 would read it as literal characters", "merge the nested class into its parent"))
		return classItem{}, nil
	case '\\':
		p.pos++
		return p.classEscape(start)
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	if r == utf8.RuneError && size <= 1 {
		return classItem{}, p.errAt(p.pos, "invalid multibyte character")
	}
	p.pos += size
	return classItem{r: r, ok: true}, nil
}

// classEscape reads an escape inside a class (p.pos after the backslash).
func (p *rxParser) classEscape(start int) (classItem, error) {
	escStart := p.pos - 1
	if p.eof() {
		return classItem{}, p.errAt(start, "premature end of char-class")
	}
	switch p.src[p.pos] {
	case 'b':
		p.pos++
		return classItem{r: 0x08, ok: true}, nil
	case '8', '9':
		p.pos++
		return classItem{r: rune(p.src[p.pos-1]), ok: true}, nil
	}
	esc, err := p.readEscape(escStart)
	if err != nil {
		return classItem{}, err
	}
	if esc.set != nil {
		return classItem{set: esc.set, isSet: true, ok: true}, nil
	}
	var pre strings.Builder
	last := len(esc.runes) - 1
	for _, r := range esc.runes[:last] {
		pre.WriteString(goClassRune(r))
	}
	return classItem{pre: pre.String(), r: esc.runes[last], ok: true}, nil
}

// posixBracketAhead mirrors Onigmo: `[:` opens a POSIX bracket only when
// ":]" comes before the next unescaped ']'.
func posixBracketAhead(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ':':
			if i+1 < len(s) && s[i+1] == ']' {
				return true
			}
		case ']':
			return false
		}
	}
	return false
}

var posixNames = []string{"alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower",
	"print", "punct", "space", "upper", "xdigit", "word", "ascii"}

// posixBracket reads `[:name:]` or `[:^name:]` (p.pos at '[').
func (p *rxParser) posixBracket(start int) (classItem, error) {
	open := p.pos
	rest := p.src[p.pos+2:]
	neg := strings.HasPrefix(rest, "^")
	if neg {
		rest = rest[1:]
	}
	for _, name := range posixNames {
		if !strings.HasPrefix(rest, name) {
			continue
		}
		if !strings.HasPrefix(rest[len(name):], ":]") {
			return classItem{}, p.errAt(open, "invalid POSIX bracket type")
		}
		p.pos = len(p.src) - len(rest) + len(name) + 2
		set := posixSet(name)
		if neg {
			set = set.negated()
		}
		return classItem{set: set, isSet: true, ok: true}, nil
	}
	// Not a known name: an error if it looks like one, else '[' is literal.
	for i := 0; i < len(rest) && i <= 20; i++ {
		if rest[i] == ':' {
			if strings.HasPrefix(rest[i:], ":]") {
				return classItem{}, p.errAt(open, "invalid POSIX bracket type")
			}
			break
		}
		if rest[i] == ']' {
			break
		}
	}
	p.pos++
	return classItem{r: '[', ok: true}, nil
}
