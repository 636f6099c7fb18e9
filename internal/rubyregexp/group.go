package rubyregexp

import "strings"

// parseGroup reads what follows an opening parenthesis at start.
func (p *rxParser) parseGroup(start int, inGroup bool) ([]rxNode, bool, error) {
	if !p.peekIs("?") {
		p.groups++
		return p.groupBody(groupCapture, "")
	}
	p.pos++
	if p.eof() {
		return nil, false, p.errAt(p.pos, "end pattern in group")
	}
	switch c := p.src[p.pos]; c {
	case ':':
		p.pos++
		return p.groupBody(groupNonCapture, "")
	case '=', '!':
		p.rejectGroup(start, "lookahead ("+p.src[start+1:p.pos+1]+"…)", "Go RE2 has no look-around")
		p.pos++
		return p.groupBody(groupNonCapture, "")
	case '>':
		p.rejectGroup(start, "atomic group (?>…)", "Go RE2 does not backtrack, so it has no atomic groups")
		p.pos++
		return p.groupBody(groupNonCapture, "")
	case '~':
		p.rejectGroup(start, "absent operator (?~…)", "Go RE2 has no absent operator")
		p.pos++
		return p.groupBody(groupNonCapture, "")
	case '(':
		if err := p.checkCondition(start); err != nil {
			return nil, false, err
		}
		p.rejectGroup(start, "conditional group (?(…)…)", "Go RE2 has no conditionals")
		return p.groupBody(groupNonCapture, "")
	case '<':
		if p.peekIs("<=") || p.peekIs("<!") {
			p.rejectGroup(start, "lookbehind ("+p.src[start+1:p.pos+2]+"…)", "Go RE2 has no look-around")
			p.pos += 2
			return p.groupBody(groupNonCapture, "")
		}
		return p.namedGroup(start, '>')
	case '\'':
		return p.namedGroup(start, '\'')
	}
	return p.optionGroup(start, inGroup)
}

func (p *rxParser) rejectGroup(start int, construct, why string) {
	p.reject(unsupported(start, construct, why, "rewrite the pattern without it"))
}

// groupBody reads a group's alternatives and closing parenthesis.
func (p *rxParser) groupBody(kind rxGroupKind, name string) ([]rxNode, bool, error) {
	saved := p.flags
	body, err := p.parseAlt(true)
	p.flags = saved
	if err != nil {
		return nil, false, err
	}
	return one(&rxGroup{kind: kind, name: name, body: body}), false, nil
}

// skipComment drops a `(?#…)` comment (no nesting, no escapes).
func (p *rxParser) skipComment() error {
	end := strings.IndexByte(p.src[p.pos:], ')')
	if end < 0 {
		return p.errAt(len(p.src), "end pattern in group")
	}
	p.pos += end + 1
	return nil
}

// namedGroup reads `(?<name>…)` or `(?'name'…)`; p.pos is at the opener.
func (p *rxParser) namedGroup(start int, closer byte) ([]rxNode, bool, error) {
	p.pos++
	nameStart := p.pos
	end := strings.IndexByte(p.src[p.pos:], closer)
	if end < 0 {
		name := p.src[nameStart:]
		return nil, false, p.errAt(start, "invalid group name <"+name+">")
	}
	name := p.src[nameStart : nameStart+end]
	p.pos += end + 1
	switch {
	case name == "":
		return nil, false, p.errAt(start, "group name is empty")
	case !isRubyGroupName(name):
		return nil, false, p.errAt(start, "invalid group name <"+name+">")
	case !isGoGroupName(name):
		p.reject(unsupported(start, "group name <"+name+">",
			"Go RE2 group names are ASCII letters, digits and _", "rename the group"))
	}
	p.groups++
	if p.names == nil {
		p.names = map[string]bool{}
	}
	if p.names[name] {
		p.reject(unsupported(start, "duplicate group name <"+name+">",
			"Ruby reports the last group of that name that matched, which Go cannot tell",
			"give each group its own name"))
	}
	p.names[name] = true
	return p.groupBody(groupNamed, name)
}
