package rubyregexp

import "strings"

// rejectReference reads `\k<…>` or `\g<…>` (either quote), checks it as
// Onigmo does, and rejects it.
func (p *rxParser) rejectReference(start int, c byte) ([]rxNode, bool, error) {
	closer := byte('>')
	if p.src[p.pos+1] == '\'' {
		closer = '\''
	}
	end := strings.IndexByte(p.src[p.pos+2:], closer)
	if end < 0 {
		return nil, false, p.errAt(start, "invalid group name <"+p.src[p.pos+2:]+">")
	}
	ref := p.src[p.pos+2 : p.pos+2+end]
	p.pos += end + 3
	if err := p.checkReference(start, c, ref); err != nil {
		return nil, false, err
	}
	what, why := "backreference ", "Go RE2 has no backreferences"
	if c == 'g' {
		what, why = "subexpression call ", "Go RE2 has no subexpression calls"
	}
	p.reject(unsupported(start, what+p.src[start:p.pos], why, "rewrite the pattern without it"))
	return one(p.atom("")), false, nil
}

// rxRef is a backreference or call, checked once the pattern is parsed
// (Onigmo allows forward references to groups).
type rxRef struct {
	offset  int
	call    bool
	numeric bool
	num     int
	name    string
}

// checkReference records a reference; Onigmo resolves `\k<name>` at once.
func (p *rxParser) checkReference(start int, c byte, ref string) error {
	digits := strings.TrimLeft(ref, "+-")
	if n, size := scanBackref(digits); size > 0 && size == len(digits) {
		switch ref[0] { // relative: only the target's existence matters here
		case '-':
			n = p.groups + 1 - n
		case '+':
			n += p.groups
		}
		p.refs = append(p.refs, rxRef{offset: start, call: c == 'g', numeric: true, num: n, name: ref})
		return nil
	}
	if ref == "" {
		return p.errAt(start, "group name is empty")
	}
	if c == 'g' {
		p.refs = append(p.refs, rxRef{offset: start, call: true, name: ref})
		return nil
	}
	if !p.names[ref] {
		return p.errAt(start, "undefined name <"+ref+"> reference")
	}
	return nil
}

// checkRefs reports Onigmo's errors for references, in its order: numbered
// references beside named groups, then calls, then backreferences.
func (p *rxParser) checkRefs() error {
	for _, r := range p.refs {
		if r.numeric && p.hasNamed {
			return p.errAt(r.offset, "numbered backref/call is not allowed. (use name)")
		}
	}
	for _, r := range p.refs {
		switch {
		case r.call && r.numeric && (r.num > p.groups || r.num < 0):
			return p.errAt(r.offset, "undefined group <"+r.name+"> reference")
		case r.call && !r.numeric && !p.names[r.name]:
			return p.errAt(r.offset, "undefined name <"+r.name+"> reference")
		}
	}
	for _, r := range p.refs {
		if !r.call && r.numeric && (r.num <= 0 || r.num > p.groups) {
			return p.errAt(r.offset, "invalid backref number/name")
		}
	}
	return nil
}

// scanBackref reads a decimal number as Onigmo does for `\NNN`.
func scanBackref(s string) (n, size int) {
	for size < len(s) && s[size] >= '0' && s[size] <= '9' {
		if n < 1<<20 {
			n = n*10 + int(s[size]-'0')
		}
		size++
	}
	return n, size
}

// checkCondition reads the condition of `(?(cond)…)` (p.pos at its '(').
func (p *rxParser) checkCondition(start int) error {
	end := strings.IndexByte(p.src[p.pos:], ')')
	if end < 0 {
		return p.errAt(start, "invalid conditional pattern")
	}
	cond := p.src[p.pos+1 : p.pos+end]
	p.pos += end + 1
	if len(cond) >= 2 && (cond[0] == '<' && cond[len(cond)-1] == '>' || cond[0] == '\'' && cond[len(cond)-1] == '\'') {
		return p.checkReference(start, 'k', cond[1:len(cond)-1])
	}
	if _, size := scanBackref(cond); size > 0 && size == len(cond) {
		return p.checkReference(start, 'k', cond)
	}
	return p.errAt(start, "invalid conditional pattern")
}

// isRubyGroupName: Onigmo wants a name that does not start with a digit and
// holds no ASCII punctuation but _ (it does allow non-ASCII letters and -).
func isRubyGroupName(name string) bool {
	if name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for _, r := range name {
		if r < 0x80 && !isASCIIWord(r) && r != '-' {
			return false
		}
	}
	return true
}

func isGoGroupName(name string) bool {
	for _, r := range name {
		if !isASCIIWord(r) {
			return false
		}
	}
	return true
}

func isASCIIWord(r rune) bool {
	return r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
}

// optionGroup reads `(?imx-imx)` or `(?imx-imx:…)`. The isolated form
// applies to the rest of the enclosing group, alternatives included: Ruby
// reads `a(?i)b|c` as `a(?i:b|c)`.
func (p *rxParser) optionGroup(start int, inGroup bool) ([]rxNode, bool, error) {
	on, off := "", ""
	neg := false
	for !p.eof() {
		c := p.src[p.pos]
		p.pos++
		switch c {
		case '-':
			neg = true
		case 'i', 'm', 'x':
			p.setFlag(c, !neg)
			if goc := goFlagLetter(c); goc != "" && neg {
				off += goc
			} else if goc != "" {
				on += goc
			}
		case 'a', 'u', 'd':
			p.reject(unsupported(start, "character-class mode (?"+string(c)+")",
				"Go RE2 fixes which classes are ASCII-only", "remove the option"))
		case ':':
			saved := p.flags
			body, err := p.parseAlt(true)
			p.flags = saved
			if err != nil {
				return nil, false, err
			}
			return one(&rxGroup{kind: groupFlags, on: on, off: off, body: body}), false, nil
		case ')':
			body, err := p.parseAlt(inGroup)
			if err != nil || isEmptyAlt(body) {
				return nil, true, err
			}
			return one(&rxGroup{kind: groupFlags, on: on, off: off, body: body}), true, nil
		default:
			return nil, false, p.errAt(start, "undefined group option")
		}
	}
	return nil, false, p.errAt(len(p.src), "end pattern in group")
}

func isEmptyAlt(a *rxAlt) bool { return len(a.branches) == 1 && len(a.branches[0].items) == 0 }

func (p *rxParser) setFlag(c byte, v bool) {
	switch c {
	case 'i':
		p.flags.i = v
	case 'm':
		p.flags.m = v
	case 'x':
		p.flags.x = v
	}
}

func goFlagLetter(c byte) string {
	switch c {
	case 'i':
		return "i"
	case 'm':
		return "s"
	}
	return ""
}
