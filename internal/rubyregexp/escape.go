package rubyregexp

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Escapes shared by both contexts yield either characters or a set.
type rxEscape struct {
	runes []rune // literal characters (several only for \u{41 42})
	set   *rxSet
}

// controlEscapes are the single-letter character escapes valid everywhere.
var controlEscapes = sync.OnceValue(func() map[byte]rune {
	return map[byte]rune{
		'a': 0x07, 'e': 0x1b, 'f': 0x0c, 'n': '\n', 'r': '\r', 't': '\t', 'v': 0x0b,
	}
})

// unsupportedEscapes are the escapes outside a class that RE2 cannot do:
// construct, reason, advice. (Inside a class they are plain letters.)
var unsupportedEscapes = sync.OnceValue(func() map[byte][3]string {
	return map[byte][3]string{
		'G': {`start-of-search anchor \G`, `Go RE2 has no \G`, `use \A if the pattern is matched from the start`},
		'K': {`keep escape \K`, "Go RE2 cannot reset the match start", "rewrite the pattern without it"},
		'R': {`linebreak escape \R`, `Go RE2 has no \R`, `write (?:\r\n|[\n\v\f\r\x{85}\x{2028}\x{2029}]) instead`},
		'X': {`grapheme cluster escape \X`, "Go RE2 has no grapheme clusters", "rewrite the pattern without it"},
		'N': {`escape \N`, `Go RE2 has no \N`, `write [^\n] instead`},
		'O': {`escape \O`, `Go RE2 has no \O`, `write (?m:.) instead`},
	}
})

// parseEscape reads an escape outside a character class; p.pos is just
// after the backslash at start.
func (p *rxParser) parseEscape(start int) ([]rxNode, bool, error) {
	if p.eof() {
		return nil, false, p.errAt(start, "too short escape sequence")
	}
	c := p.src[p.pos]
	switch c {
	case 'A', 'z', 'Z', 'b', 'B':
		p.pos++
		return one(&rxAssert{kind: c, offset: start}), false, nil
	case 'k', 'g':
		if p.peekIs(string(c)+"<") || p.peekIs(string(c)+"'") {
			return p.rejectReference(start, c)
		}
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if n, size := scanBackref(p.src[p.pos:]); n <= 9 || n <= p.groups {
			p.pos += size
			p.refs = append(p.refs, rxRef{offset: start, numeric: true, num: n})
			p.reject(unsupported(start, "backreference "+p.src[start:p.pos],
				"Go RE2 has no backreferences", "rewrite the pattern without it"))
			return one(p.atom("")), false, nil
		}
	}
	if u, ok := unsupportedEscapes()[c]; ok {
		p.pos++
		p.reject(unsupported(start, u[0], u[1], u[2]))
		return one(p.atom("")), false, nil
	}
	esc, err := p.readEscape(start)
	if err != nil {
		return nil, false, err
	}
	if esc.set != nil {
		return one(p.atom(esc.set.outside())), false, nil
	}
	nodes := make([]rxNode, len(esc.runes))
	for i, r := range esc.runes {
		nodes[i] = p.atom(goLiteral(r))
	}
	return nodes, false, nil
}

// readEscape reads the escapes common to both contexts; p.pos is just after
// the backslash. Unknown escapes are the character itself.
func (p *rxParser) readEscape(start int) (rxEscape, error) {
	c := p.src[p.pos]
	if r, ok := controlEscapes()[c]; ok {
		p.pos++
		return rxEscape{runes: []rune{r}}, nil
	}
	if set := shorthandSet(c); set != nil {
		p.pos++
		return rxEscape{set: set}, nil
	}
	switch c {
	case 'p', 'P':
		if p.peekIs(string(c) + "{") {
			set, err := p.readProperty(start)
			return rxEscape{set: set}, err
		}
	case 'x', '0', '1', '2', '3', '4', '5', '6', '7':
		r, err := p.readByteEscapes(start)
		return rxEscape{runes: []rune{r}}, err
	case 'u':
		p.pos++
		rs, err := p.readUnicodeEscape(start)
		return rxEscape{runes: rs}, err
	case 'c', 'C', 'M':
		r, err := p.readControl(start)
		return rxEscape{runes: []rune{r}}, err
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	if r == utf8.RuneError && size <= 1 {
		return rxEscape{}, p.errAt(start, "invalid multibyte character")
	}
	p.pos += size
	return rxEscape{runes: []rune{r}}, nil
}

// readByteEscapes reads `\xHH` and octal escapes. A value above 0x7F is a
// raw byte in Ruby: consecutive ones must spell one UTF-8 character.
func (p *rxParser) readByteEscapes(start int) (rune, error) {
	b, err := p.readByte(start)
	if err != nil || b < 0x80 {
		return rune(b), err
	}
	buf := []byte{byte(b)}
	need := utf8SeqLen(byte(b))
	if need == 0 {
		return 0, p.errAt(start, "invalid multibyte escape")
	}
	for len(buf) < need {
		if !p.peekIs(`\x`) && !(p.peekIs(`\`) && len(p.src) > p.pos+1 && isOctal(p.src[p.pos+1])) {
			return 0, p.errAt(start, "too short escaped multibyte character")
		}
		p.pos++
		b, err := p.readByte(start)
		if err != nil {
			return 0, err
		}
		buf = append(buf, byte(b))
	}
	r, size := utf8.DecodeRune(buf)
	if r == utf8.RuneError || size != len(buf) {
		return 0, p.errAt(start, "invalid multibyte escape")
	}
	return r, nil
}

func utf8SeqLen(b byte) int {
	switch {
	case b >= 0xC2 && b <= 0xDF:
		return 2
	case b >= 0xE0 && b <= 0xEF:
		return 3
	case b >= 0xF0 && b <= 0xF4:
		return 4
	}
	return 0
}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// readByte reads one `xHH` or octal escape body (backslash already read).
func (p *rxParser) readByte(start int) (int, error) {
	if p.src[p.pos] == 'x' {
		p.pos++
		v, n := 0, 0
		for n < 2 && !p.eof() && hexVal(p.src[p.pos]) >= 0 {
			v = v*16 + hexVal(p.src[p.pos])
			p.pos++
			n++
		}
		if n == 0 {
			return 0, p.errAt(start, "invalid hex escape")
		}
		return v, nil
	}
	maxDigits := 3
	if p.src[p.pos] == '0' {
		p.pos++
		maxDigits = 2
	}
	v, n := 0, 0
	for n < maxDigits && !p.eof() && isOctal(p.src[p.pos]) {
		v = v*8 + int(p.src[p.pos]-'0')
		p.pos++
		n++
	}
	if v > 0xFF {
		return 0, p.errAt(start, "invalid escape code")
	}
	return v, nil
}

// readUnicodeEscape reads `HHHH` or `{H… H…}` after `\u`.
func (p *rxParser) readUnicodeEscape(start int) ([]rune, error) {
	if !p.peekIs("{") {
		if len(p.src)-p.pos < 4 {
			return nil, p.errAt(start, "invalid Unicode escape")
		}
		v := 0
		for i := 0; i < 4; i++ {
			h := hexVal(p.src[p.pos+i])
			if h < 0 {
				return nil, p.errAt(start, "invalid Unicode escape")
			}
			v = v*16 + h
		}
		p.pos += 4
		return p.checkCodePoint(start, []int{v})
	}
	p.pos++
	var vals []int
	for {
		for !p.eof() && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
			p.pos++
		}
		if p.peekIs("}") && len(vals) > 0 {
			p.pos++
			return p.checkCodePoint(start, vals)
		}
		v, n := 0, 0
		for !p.eof() && hexVal(p.src[p.pos]) >= 0 {
			if n < 7 {
				v = v*16 + hexVal(p.src[p.pos])
			}
			p.pos++
			n++
		}
		switch {
		case n == 0:
			return nil, p.errAt(start, "invalid Unicode list")
		case n > 6:
			return nil, p.errAt(start, "invalid Unicode range")
		}
		vals = append(vals, v)
		if !p.eof() && p.src[p.pos] != ' ' && p.src[p.pos] != '\t' && p.src[p.pos] != '}' {
			return nil, p.errAt(start, "invalid Unicode list")
		}
	}
}

func (p *rxParser) checkCodePoint(start int, vals []int) ([]rune, error) {
	out := make([]rune, len(vals))
	for i, v := range vals {
		if v > utf8.MaxRune || (v >= 0xD800 && v <= 0xDFFF) {
			return nil, p.errAt(start, "invalid Unicode range")
		}
		out[i] = rune(v)
	}
	return out, nil
}

// readControl reads `\cX` and `\C-X` (control characters, X possibly an
// escape itself, as in `\c\x41`) and rejects `\M-X`, a meta byte that is
// never a UTF-8 character on its own. The pre-check has validated the form.
func (p *rxParser) readControl(start int) (rune, error) {
	c := p.src[p.pos]
	p.pos++
	switch c {
	case 'M':
		next, err := p.precheckByteEscape(start) // with the bytes completing it
		if err != nil {
			return 0, err
		}
		p.pos = next
		p.reject(unsupported(start, `meta escape \M-`, "it denotes a raw byte, not a UTF-8 character",
			`use \u{…} for the character you mean`))
		return 'M', nil
	case 'C':
		p.pos++ // the '-'
	}
	if p.src[p.pos] != '\\' {
		p.pos++
		return rune(p.src[p.pos-1] & 0x9f), nil
	}
	v, next, err := p.escapedByte(p.pos)
	if err != nil {
		return 0, err
	}
	p.pos = next
	if v&0x9f >= 0x80 {
		p.reject(unsupported(start, "control escape of a meta byte", "it denotes a raw byte, not a UTF-8 character",
			`use \u{…} for the character you mean`))
	}
	return rune(v & 0x9f), nil
}

// goMeta are the characters a Go regexp escapes outside a class.
const goMeta = `\.+*?()|[]{}^$`

// goLiteral is r as a Go regexp atom outside a class.
func goLiteral(r rune) string {
	switch {
	case r < 0x80 && strings.ContainsRune(goMeta, r):
		return `\` + string(r)
	case r >= 0x20 && r < 0x7f:
		return string(r)
	case r >= 0x80 && isPrintable(r):
		return string(r)
	}
	return hexRune(r)
}

// goClassRune is r as a Go regexp class member.
func goClassRune(r rune) string {
	switch {
	case r < 0x80 && isASCIIWord(r):
		return string(r)
	case r > 0x20 && r < 0x7f:
		return `\` + string(r)
	case r >= 0x80 && isPrintable(r):
		return string(r)
	}
	return hexRune(r)
}

// isPrintable: printed as itself (not as \x{…}) in a translation.
func isPrintable(r rune) bool { return unicode.IsPrint(r) }

func hexRune(r rune) string {
	const digits = "0123456789ABCDEF"
	var b [8]byte
	i := len(b)
	for {
		i--
		b[i] = digits[r&0xF]
		r >>= 4
		if r == 0 {
			break
		}
	}
	return `\x{` + string(b[i:]) + `}`
}
