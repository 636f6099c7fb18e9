package types

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file prints values the way Ruby and Puppet print them inside type
// expressions: Float#to_s, Puppet's string quoting, Regexp#inspect.

// rubyFloat is Ruby's Float#to_s: the shortest round-trip digits, in fixed
// notation when 1e-4 <= |x| < 1e15 (or x is 0), else as 1.0e+15; always
// with a fractional digit.
func rubyFloat(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	}
	if a := math.Abs(x); x == 0 || a >= 1e-4 && a < 1e15 {
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(x, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	return mant + "e" + exp
}

// puppetQuote is Puppet's quoting of a string in a type (Enum values,
// Struct keys, titles): single quotes unless a control character forces
// double quotes.
//
// Inside single quotes only \\ and \' are escapes, so Puppet keeps a
// backslash as it is when another character follows it. It does that
// after a backslash or before a quote too, and leaves a final backslash
// alone, so the values \\0, \' and a\ print as forms that read back as
// other values or do not parse. catc escapes the backslash in those three
// cases, so that a canonical form always reads back as the same value (a
// compiled catalog's types are parsed again by catc diff).
func puppetQuote(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 {
			return puppetDoubleQuote(s)
		}
	}
	var b strings.Builder
	b.WriteByte('\'')
	escaped := false
	for _, r := range s {
		switch {
		case escaped && r == '\\':
			b.WriteString(`\\`) // the first; this one may start an escape again
		case escaped && r == '\'':
			b.WriteString(`\\\'`)
			escaped = false
		case escaped:
			b.WriteByte('\\')
			b.WriteRune(r)
			escaped = false
		case r == '\'':
			b.WriteString(`\'`)
		case r == '\\':
			escaped = true
		default:
			b.WriteRune(r)
		}
	}
	if escaped {
		b.WriteString(`\\`) // else it would escape the closing quote
	}
	b.WriteByte('\'')
	return b.String()
}

func puppetDoubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '$':
			b.WriteString(`\$`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u{%X}`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// rubyRegexpInspect is how Puppet prints a regexp: Regexp#inspect, with
// an unescaped / shown as \/; a source with non-ASCII characters prints
// in the (?-mix:...) form.
func rubyRegexpInspect(src string) string {
	var b strings.Builder
	b.WriteByte('/')
	nonASCII := false
	for i := 0; i < len(src); i++ {
		if src[i] >= utf8.RuneSelf {
			nonASCII = true
			break
		}
	}
	if nonASCII {
		on, inner := rubyRegexpGroup(src)
		b.WriteString("(?" + on + "-" + offFlags(on) + ":")
		src = inner
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			_, n := utf8.DecodeRuneInString(src[i+1:])
			b.WriteString(src[i : i+1+n])
			i += n
		case c == '/':
			b.WriteString(`\/`)
		case c < 0x20 && !(c >= '\t' && c <= '\r') || c == 0x7f:
			fmt.Fprintf(&b, `\x%02X`, c)
		default:
			b.WriteByte(c)
		}
	}
	if nonASCII {
		b.WriteByte(')')
	}
	b.WriteByte('/')
	return b.String()
}

// rubyRegexpGroup splits a source that is one whole (?on-off:inner) group,
// as Ruby's Regexp#to_s does to avoid wrapping it twice; otherwise the
// options are empty and inner is the whole source.
func rubyRegexpGroup(src string) (on, inner string) {
	if !strings.HasPrefix(src, "(?") || !strings.HasSuffix(src, ")") || groupEnd(src) != len(src)-1 {
		return "", src
	}
	flags, body, ok := strings.Cut(src[2:len(src)-1], ":")
	if !ok {
		return "", src
	}
	onPart, offPart, _ := strings.Cut(flags, "-")
	if strings.Trim(onPart, "mix") != "" || strings.Trim(offPart, "mix") != "" {
		return "", src
	}
	for _, f := range "mix" {
		if strings.ContainsRune(onPart, f) && !strings.ContainsRune(offPart, f) {
			on += string(f)
		}
	}
	return on, body
}

func offFlags(on string) string {
	off := ""
	for _, f := range "mix" {
		if !strings.ContainsRune(on, f) {
			off += string(f)
		}
	}
	return off
}

// groupEnd is the index of the parenthesis closing the one at 0 (skipping
// escapes and character classes), or -1.
func groupEnd(src string) int {
	depth, class := 0, 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '[':
			class++
		case c == ']' && class > 0:
			class--
		case class > 0:
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// rubyFloatString is Ruby's Float(string) for decimal strings: optional
// sign, digits with single underscores between them, optional fraction
// and exponent, surrounding whitespace allowed.
func rubyFloatString(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		u, err := strconv.ParseUint(s[2:], 16, 64)
		return float64(u), err == nil
	}
	var clean strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' {
			if i == 0 || i+1 >= len(s) || !lexDigit(s[i-1]) || !lexDigit(s[i+1]) {
				return 0, false
			}
			continue
		}
		if !lexDigit(c) && strings.IndexByte("+-.eE", c) < 0 {
			return 0, false
		}
		clean.WriteByte(c)
	}
	t := clean.String()
	if strings.HasSuffix(t, ".") || strings.Contains(t, ".e") || strings.Contains(t, ".E") {
		return 0, false
	}
	f, err := strconv.ParseFloat(t, 64)
	return f, err == nil
}

// formatParam prints a parameter value as Puppet's formatter does.
func formatParam(v pval) string {
	switch v.kind {
	case vType:
		return Format(v.t)
	case vString:
		return puppetQuote(v.s)
	case vInt:
		return fmtInt(v.i)
	case vFloat:
		return rubyFloat(v.f)
	case vBool:
		return fmtBool(v.b)
	case vDefault:
		return "default"
	case vRegexp:
		return rubyRegexpInspect(v.re.Source)
	case vList:
		parts := make([]string, len(v.items))
		for i, x := range v.items {
			parts[i] = formatParam(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case vHash:
		return formatHash(v)
	}
	return "undef"
}

// formatHash prints {k => v}.
func formatHash(v pval) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(v.items); i += 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		k := v.items[i]
		b.WriteString(formatParam(k))
		b.WriteString(" => ")
		b.WriteString(formatParam(v.items[i+1]))
	}
	b.WriteByte('}')
	return b.String()
}

// formatInitHash prints the definition hash of an Object or TypeSet as
// Puppet does: its own keys and those of each attribute or function
// definition as words, the names of attributes and functions quoted.
func formatInitHash(v pval) string { return formatObjectHash(v, 0) }

func formatObjectHash(v pval, depth int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(v.items); i += 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		k, x := v.items[i], v.items[i+1]
		if depth%2 == 0 && k.kind == vString {
			b.WriteString(k.s)
		} else {
			b.WriteString(formatParam(k))
		}
		b.WriteString(" => ")
		if x.kind == vHash && depth < 2 {
			b.WriteString(formatObjectHash(x, depth+1))
		} else {
			b.WriteString(formatParam(x))
		}
	}
	b.WriteByte('}')
	return b.String()
}
