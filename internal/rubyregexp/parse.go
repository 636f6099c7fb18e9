package rubyregexp

import (
	"strings"
	"unicode/utf8"
)

// maxRubyRepeat is Onigmo's ONIG_MAX_REPEAT_NUM; maxGoRepeat is RE2's.
const (
	maxRubyRepeat = 100000
	maxGoRepeat   = 1000
	maxRxDepth    = 4096 // Onigmo's default parse depth limit
)

// rxParser reads Ruby regexp syntax in Onigmo's order, so that the first
// syntax error found is the one Ruby reports. A construct Ruby accepts but
// RE2 cannot do is remembered (the first one) while parsing goes on: a
// later syntax error still wins, as it would in Ruby.
type rxParser struct {
	src         string
	pos         int
	flags       rxFlags
	depth       int
	groups      int             // capture groups opened so far (decides \NN backref vs octal)
	hasNamed    bool            // known once parsed: Ruby decides capturing for the whole pattern
	names       map[string]bool // named groups opened so far
	refs        []rxRef
	unsupported *Error
	suffix      string // the literal's options, as Ruby prints them after the source
}

func newRxParser(src string, f rxFlags) *rxParser {
	return &rxParser{src: src, flags: f, suffix: f.rubySuffix()}
}

func (p *rxParser) errAt(offset int, stem string) error {
	return rubyError(p.src+"/"+p.suffix, offset, stem)
}

func (p *rxParser) reject(e *Error) {
	if p.unsupported == nil {
		p.unsupported = e
	}
}

func (p *rxParser) eof() bool { return p.pos >= len(p.src) }

func (p *rxParser) peekIs(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

// parse reads the whole pattern.
func (p *rxParser) parse() (*rxAlt, error) {
	if err := p.precheckEscapes(); err != nil {
		return nil, err
	}
	alt, err := p.parseAlt(false)
	if err != nil {
		return nil, err
	}
	p.hasNamed = len(p.names) > 0
	if err := p.checkRefs(); err != nil {
		return nil, err
	}
	if p.unsupported != nil {
		return nil, p.unsupported
	}
	return alt, nil
}

// parseAlt reads branches up to the end of the pattern (top level) or up to
// and including the closing parenthesis (inGroup).
func (p *rxParser) parseAlt(inGroup bool) (*rxAlt, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxRxDepth {
		return nil, p.errAt(p.pos, "parse depth limit over")
	}
	alt := &rxAlt{}
	for {
		seq, closed, err := p.parseSeq(inGroup)
		if err != nil {
			return nil, err
		}
		alt.branches = append(alt.branches, seq)
		if closed {
			return alt, nil
		}
		switch {
		case p.eof():
			if inGroup {
				return nil, p.errAt(p.pos, "end pattern with unmatched parenthesis")
			}
			return alt, nil
		case p.src[p.pos] == '|':
			p.pos++
		case p.src[p.pos] == ')':
			if !inGroup {
				return nil, p.errAt(p.pos, "unmatched close parenthesis")
			}
			p.pos++
			return alt, nil
		}
	}
}

// parseSeq reads items up to '|', ')' or the end. closed reports that an
// isolated option group such as `(?i)` took the rest of the enclosing group,
// closing parenthesis included.
func (p *rxParser) parseSeq(inGroup bool) (seq *rxSeq, closed bool, err error) {
	seq = &rxSeq{}
	for {
		if err := p.skipExtended(); err != nil {
			return nil, false, err
		}
		if p.eof() || p.src[p.pos] == '|' || p.src[p.pos] == ')' {
			p.settlePossessive(seq)
			return seq, false, nil
		}
		start := p.pos
		if isRepeatStart(p.src[p.pos:]) {
			return nil, false, p.errAt(start, "target of repeat operator is not specified")
		}
		node, rest, err := p.parseAtom(inGroup)
		if err != nil {
			return nil, false, err
		}
		if rest {
			seq.items = append(seq.items, node...)
			p.settlePossessive(seq)
			return seq, true, nil
		}
		seq.items = append(seq.items, node...)
		if len(node) == 0 {
			continue
		}
		last := len(seq.items) - 1
		q, err := p.parseQuantifiers(seq.items[last])
		if err != nil {
			return nil, false, err
		}
		if q == nil {
			seq.items = seq.items[:last]
		} else {
			seq.items[last] = q
		}
	}
}

// skipExtended skips `(?#…)` comments, which Onigmo drops wherever they
// are (even between an atom and its quantifier), and in extended (x) mode
// whitespace and #-comments.
func (p *rxParser) skipExtended() error {
	for !p.eof() {
		switch c := p.src[p.pos]; {
		case c == '(' && p.peekIs("(?#"):
			p.pos += 2
			if err := p.skipComment(); err != nil {
				return err
			}
		case !p.flags.x:
			return nil
		case c == ' ' || (c >= '\t' && c <= '\r'):
			p.pos++
		case c == '#':
			for !p.eof() && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return nil
		}
	}
	return nil
}

// parseAtom reads one atom. It returns several nodes for `\u{41 42}` (a
// quantifier then applies to the last), none for a comment, and rest=true
// for an isolated option group, which swallowed the rest of its group.
func (p *rxParser) parseAtom(inGroup bool) (nodes []rxNode, rest bool, err error) {
	start := p.pos
	c := p.src[p.pos]
	switch c {
	case '(':
		p.pos++
		return p.parseGroup(start, inGroup)
	case '[':
		p.pos++
		atom, err := p.parseClass(start)
		return one(atom), false, err
	case '\\':
		p.pos++
		return p.parseEscape(start)
	case '.':
		p.pos++
		return one(p.atom(".")), false, nil
	case '^', '$':
		p.pos++
		return one(&rxAssert{kind: c, offset: start}), false, nil
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	if r == utf8.RuneError && size <= 1 {
		return nil, false, p.errAt(start, "invalid multibyte character")
	}
	p.pos += size
	return one(p.atom(goLiteral(r))), false, nil
}

func one(n rxNode) []rxNode {
	if n == nil {
		return nil
	}
	return []rxNode{n}
}

func (p *rxParser) atom(text string) *rxAtom { return &rxAtom{text: text, fold: p.flags.i} }

// isRepeatStart reports whether s starts with a quantifier.
func isRepeatStart(s string) bool {
	switch s[0] {
	case '*', '+', '?':
		return true
	case '{':
		iv := parseInterval(s)
		return iv.size > 0
	}
	return false
}
