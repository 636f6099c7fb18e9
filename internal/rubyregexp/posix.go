package rubyregexp

import (
	"strings"
	"sync"
	"unicode"
)

// Ruby 3.1 gives POSIX brackets and the POSIX-like property names Unicode
// meanings (Go's are ASCII-only or missing), so each is spelled out here.
// Each fragment was checked code point by code point against Ruby 3.1
// (Unicode 13; Go has Unicode 15, so newer assignments may differ).

var (
	alphaFrag = sync.OnceValue(func() string { return `\p{L}\p{Nl}` + tableFrag(unicode.Other_Alphabetic) })
	upperFrag = sync.OnceValue(func() string { return `\p{Lu}` + tableFrag(unicode.Other_Uppercase) })
	lowerFrag = sync.OnceValue(func() string { return `\p{Ll}` + tableFrag(unicode.Other_Lowercase) })
	wordFrag  = sync.OnceValue(func() string {
		return `\p{L}\p{Nl}\p{M}\p{Nd}\p{Pc}` + tableFrag(unicode.Other_Alphabetic)
	})
	// assignedFrag is every code point with a general category but Cn.
	assignedFrag = `\p{L}\p{M}\p{N}\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}\p{Co}\p{Cs}`
	// graphFrag: not White_Space, not Cc, not Cs, not unassigned.
	graphFrag = sync.OnceValue(func() string {
		return complementFrag(spaceFrag + `\p{Cc}\p{Cs}` + complementFrag(assignedFrag))
	})
	printFrag = sync.OnceValue(func() string { return graphFrag() + `\p{Zs}` })
)

const (
	spaceFrag  = `\t-\r\x{20}\x{85}\p{Z}`
	punctExtra = `\$\+<=>\^\x{60}\|~` // ASCII symbols Ruby's [[:punct:]] adds to P
)

// posixSet is a POSIX bracket name (inside `[: :]`), or nil. Ruby's
// [[:punct:]] adds nine ASCII symbols that \p{Punct} lacks.
func posixSet(name string) *rxSet {
	if name == "punct" {
		return &rxSet{frag: `\p{P}` + punctExtra}
	}
	switch name {
	case "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "space", "upper", "xdigit", "word", "ascii":
		return namedSet(name)
	}
	return nil
}

// namedSet is a POSIX-like property name (normalized), or nil.
func namedSet(name string) *rxSet {
	switch name {
	case "alpha", "alphabetic":
		return &rxSet{frag: alphaFrag()}
	case "alnum":
		return &rxSet{frag: alphaFrag() + `\p{Nd}`}
	case "upper", "uppercase":
		return &rxSet{frag: upperFrag()}
	case "lower", "lowercase":
		return &rxSet{frag: lowerFrag()}
	case "digit":
		return &rxSet{native: `\p{Nd}`}
	case "xdigit":
		return &rxSet{frag: `0-9A-Fa-f`}
	case "space", "whitespace":
		return &rxSet{frag: spaceFrag}
	case "blank":
		return &rxSet{frag: `\t\p{Zs}`}
	case "cntrl":
		return &rxSet{native: `\p{Cc}`}
	case "punct":
		return &rxSet{native: `\p{P}`}
	case "word":
		return &rxSet{frag: wordFrag()}
	case "ascii":
		return &rxSet{frag: `\x00-\x7F`}
	case "any":
		return &rxSet{frag: `\x00-\x{10FFFF}`}
	case "graph":
		return &rxSet{frag: graphFrag()}
	case "print":
		return &rxSet{frag: printFrag()}
	case "assigned":
		return &rxSet{frag: assignedFrag}
	}
	return nil
}

// categoryNames maps normalized long general-category names to Go's short ones.
var categoryNames = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"letter": "L", "uppercaseletter": "Lu", "lowercaseletter": "Ll", "titlecaseletter": "Lt",
		"modifierletter": "Lm", "otherletter": "Lo", "mark": "M", "combiningmark": "M",
		"nonspacingmark": "Mn", "spacingmark": "Mc", "enclosingmark": "Me", "number": "N",
		"decimalnumber": "Nd", "letternumber": "Nl", "othernumber": "No", "punctuation": "P",
		"connectorpunctuation": "Pc", "dashpunctuation": "Pd", "openpunctuation": "Ps",
		"closepunctuation": "Pe", "initialpunctuation": "Pi", "finalpunctuation": "Pf",
		"otherpunctuation": "Po", "symbol": "S", "mathsymbol": "Sm", "currencysymbol": "Sc",
		"modifiersymbol": "Sk", "othersymbol": "So", "separator": "Z", "spaceseparator": "Zs",
		"lineseparator": "Zl", "paragraphseparator": "Zp", "control": "Cc", "format": "Cf",
		"surrogate": "Cs", "privateuse": "Co",
	}
})

// normalizedNames indexes Go's category, script and property tables by
// Ruby's loose spelling (case, spaces, - and _ ignored).
var normalizedNames = sync.OnceValue(func() map[string]*rxSet {
	m := map[string]*rxSet{}
	for name, t := range unicode.Properties {
		m[normalizeProperty(name)] = &rxSet{frag: tableFrag(t)}
	}
	for name := range unicode.Scripts {
		m[normalizeProperty(name)] = &rxSet{native: `\p{` + name + `}`}
	}
	for name := range unicode.Categories {
		if len(name) <= 2 {
			m[normalizeProperty(name)] = &rxSet{native: `\p{` + name + `}`}
		}
	}
	for long, short := range categoryNames() {
		m[long] = &rxSet{native: `\p{` + short + `}`}
	}
	// Go has no tables for these: unassigned and "other" include Cn.
	m["cn"] = &rxSet{frag: assignedFrag, neg: true}
	m["unassigned"] = m["cn"]
	m["c"] = &rxSet{frag: `\p{L}\p{M}\p{N}\p{P}\p{S}\p{Z}`, neg: true}
	m["other"] = m["c"]
	m["lc"] = &rxSet{frag: `\p{Lu}\p{Ll}\p{Lt}`}
	m["casedletter"] = m["lc"]
	return m
})

func normalizeProperty(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == ' ' || r == '_' || r == '-':
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// propertySet looks up a `\p{…}` name as Ruby spells it, or nil.
func propertySet(name string) *rxSet {
	n := normalizeProperty(name)
	if s := namedSet(n); s != nil {
		return s
	}
	if s, ok := normalizedNames()[n]; ok {
		return s
	}
	return nil
}

// readProperty reads `p{…}` or `P{…}` (p.pos at the letter).
func (p *rxParser) readProperty(start int) (*rxSet, error) {
	neg := p.src[p.pos] == 'P'
	p.pos += 2
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return nil, p.errAt(start, "invalid character property name {"+p.src[p.pos:]+"}")
	}
	name := p.src[p.pos : p.pos+end]
	p.pos += end + 1
	if strings.HasPrefix(name, "^") {
		neg = !neg
		name = name[1:]
	}
	set := propertySet(name)
	if set == nil {
		if name == "" {
			return nil, p.errAt(start, "invalid character property name {}")
		}
		p.reject(unsupported(start, `character property \p{`+name+`}`,
			"Go has no table for this property; Onigmo-only ones such as Emoji, In_… blocks and Age=… cannot be translated",
			"list the characters in a class instead"))
		return &rxSet{native: `\p{L}`}, nil
	}
	if neg {
		return set.negated(), nil
	}
	return set, nil
}
