package types

import (
	"fmt"
	"strconv"
	"strings"
)

// RubyInspect prints a value as Ruby's #inspect does, which Puppet's
// messages quote (duplicate keys, init_only changes): "php", nil, 5, 2.0,
// ["yum", "php"], {"a"=>1}. A sensitive value prints as Puppet's
// redacted Sensitive, never its content.
func RubyInspect(v Value) string {
	switch v := v.(type) {
	case nil:
		return "nil"
	case string:
		return RubyInspectString(v)
	case bool:
		return strconv.FormatBool(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return rubyFloat(v)
	case []Value:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = RubyInspect(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Hash:
		parts := make([]string, len(v.Keys))
		for i, k := range v.Keys {
			parts[i] = RubyInspectString(k) + "=>" + RubyInspect(v.Values[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case Sensitive:
		return "#<Sensitive [value redacted]>"
	}
	return "?"
}

// RubyInspectString is Ruby's String#inspect of a UTF-8 string: double
// quotes; \" \\ and the named escapes; "#{", "#$" and "#@" escaped; other
// control characters as \uXXXX.
func RubyInspectString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\x1b':
			b.WriteString(`\e`)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '#':
			if i+1 < len(s) && strings.IndexByte("{$@", s[i+1]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte('#')
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
