package rubyregexp

import "unicode/utf8"

// precheckEscapes mirrors Ruby's own pass over a regexp source before
// Onigmo sees it (re.c, rb_reg_preprocess): it validates UTF-8 and the
// escapes that denote bytes or code points (\x, octal, \c, \C-, \M-, \u),
// across the whole pattern, classes and comments included. Its errors
// therefore come before any syntax error, as in Ruby.
func (p *rxParser) precheckEscapes() error {
	src := p.src
	for i := 0; i < len(src); {
		if src[i] >= 0x80 {
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size <= 1 {
				return p.errAt(i, "invalid multibyte character")
			}
			i += size
			continue
		}
		if src[i] != '\\' {
			i++
			continue
		}
		next, err := p.precheckEscape(i)
		if err != nil {
			return err
		}
		i = next
	}
	return nil
}

// precheckEscape checks the escape at i and returns where scanning resumes.
func (p *rxParser) precheckEscape(i int) (int, error) {
	src := p.src
	if i+1 >= len(src) {
		return 0, p.errAt(i, "too short escape sequence")
	}
	switch c := src[i+1]; {
	case c >= 0x80:
		r, size := utf8.DecodeRuneInString(src[i+1:])
		if r == utf8.RuneError && size <= 1 {
			return 0, p.errAt(i, "invalid multibyte character")
		}
		return i + 1 + size, nil
	case c >= '1' && c <= '7':
		if v, _ := scanOctal(src[i+1:], 3); v <= 0177 {
			return i + 2, nil // a backreference or a 7-bit octal escape
		}
		return p.precheckByteEscape(i)
	case c == '0' || c == 'x' || c == 'c' || c == 'C' || c == 'M':
		return p.precheckByteEscape(i)
	case c == 'u':
		return p.precheckUnicode(i)
	}
	return i + 2, nil
}

func scanOctal(s string, max int) (v, n int) {
	for n < max && n < len(s) && isOctal(s[n]) {
		v = v*8 + int(s[n]-'0')
		n++
	}
	return v, n
}

// precheckByteEscape reads one byte escape and, when it is not ASCII, the
// further byte escapes that must complete a UTF-8 character.
func (p *rxParser) precheckByteEscape(i int) (int, error) {
	b, next, err := p.escapedByte(i)
	if err != nil || b < 0x80 {
		return next, err
	}
	buf := []byte{byte(b)}
	for !utf8.FullRune(buf) {
		if next >= len(p.src) || p.src[next] != '\\' {
			return 0, p.errAt(i, "too short escaped multibyte character")
		}
		b, next, err = p.escapedByte(next)
		if err != nil {
			return 0, err
		}
		buf = append(buf, byte(b))
	}
	if r, size := utf8.DecodeRune(buf); r == utf8.RuneError || size != len(buf) {
		return 0, p.errAt(i, "invalid multibyte escape")
	}
	return next, nil
}

// escapedByte reads a byte-valued escape at i (Ruby's read_escaped_byte).
func (p *rxParser) escapedByte(i int) (b, next int, err error) {
	src := p.src
	if i+1 >= len(src) {
		return 0, 0, p.errAt(i, "too short escape sequence")
	}
	j := i + 2
	switch c := src[i+1]; c {
	case 'x':
		v, n := 0, 0
		for n < 2 && j+n < len(src) && hexVal(src[j+n]) >= 0 {
			v = v*16 + hexVal(src[j+n])
			n++
		}
		if n == 0 {
			return 0, 0, p.errAt(i, "invalid hex escape")
		}
		return v, j + n, nil
	case 'c':
		return p.controlByte(i, j)
	case 'C':
		if j >= len(src) || src[j] != '-' {
			return 0, 0, p.errAt(i, "too short control escape")
		}
		return p.controlByte(i, j+1)
	case 'M':
		if j+1 >= len(src) || src[j] != '-' {
			return 0, 0, p.errAt(i, "too short meta escape")
		}
		if src[j+1] == '\\' {
			v, next, err := p.escapedByte(j + 1)
			return v | 0x80, next, err
		}
		return int(src[j+1]) | 0x80, j + 2, nil
	}
	if isOctal(src[i+1]) {
		v, n := scanOctal(src[i+1:], 3)
		if v > 0xFF {
			return 0, 0, p.errAt(i, "invalid escape code")
		}
		return v, i + 1 + n, nil
	}
	return 0, 0, p.errAt(i, "invalid escape code")
}

// controlByte reads the X of \cX or \C-X at j.
func (p *rxParser) controlByte(i, j int) (int, int, error) {
	src := p.src
	if j >= len(src) || src[j] >= 0x80 {
		return 0, 0, p.errAt(i, "too short control escape")
	}
	switch src[j] {
	case '\\':
		v, next, err := p.escapedByte(j)
		return v & 0x9f, next, err
	case '?':
		return 0x7f, j + 1, nil
	}
	return int(src[j]) & 0x9f, j + 1, nil
}

// precheckUnicode checks `\uHHHH` and `\u{H… H…}` at i.
func (p *rxParser) precheckUnicode(i int) (int, error) {
	save := p.pos
	defer func() { p.pos = save }()
	if i+2 >= len(p.src) {
		return 0, p.errAt(i, "too short escape sequence")
	}
	p.pos = i + 2
	if _, err := p.readUnicodeEscape(i); err != nil {
		return 0, err
	}
	return p.pos, nil
}
