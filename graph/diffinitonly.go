package graph

import (
	"math"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/types"
)

// ensureOf is the resource's ensure value, or "" when it has none (a type
// without ensure, or a value that is not a string).
func ensureOf(r *SnapResource) string {
	v, _ := r.Attributes.Get("ensure")
	s, _ := v.(string)
	return s
}

// initOnlyChanges are the init_only attributes the Resource API's flush
// checks: only when the current (old) and the wanted (new) ensure are
// both "present", and only for attributes the new catalog sets (flush
// walks the wanted state). A type without ensure is never checked, nor is
// a resource with noop = true: Puppet does not flush it.
// changes are the pair's attribute changes, which say which attributes
// differ; the sentence uses the whole values, as flush does.
func initOnlyChanges(or, nr *SnapResource, changes []AttrChange) []InitOnlyChange {
	if ensureOf(or) != "present" || ensureOf(nr) != "present" || nr.Noop != nil && *nr.Noop {
		return nil
	}
	var out []InitOnlyChange
	for _, a := range changes {
		if a.Behaviour != InitOnlyAttr || !a.HasNew || len(out) > 0 && out[len(out)-1].Attr == a.Attr {
			continue
		}
		nv, _ := nr.Attributes.Get(a.Attr)
		c := InitOnlyChange{Attr: a.Attr}
		if ov, had := or.Attributes.Get(a.Attr); had {
			c.Message = "Attempting to change `" + a.Attr + "` init_only attribute value from `" +
				rubyString(ov) + "` to `" + rubyString(nv) + "`"
		}
		out = append(out, c)
	}
	return out
}

// rubyString is a value as Ruby's to_s prints it, which is how the
// Resource API puts values into its sentence: strings bare, arrays and
// hashes in Ruby's inspect form (["a", 1], {"k"=>"v"}), undef as the
// empty string, and a sensitive value as Puppet's own placeholder.
func rubyString(v types.Value) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	return rubyInspect(v)
}

func rubyInspect(v types.Value) string {
	switch v := v.(type) {
	case nil:
		return "nil"
	case string:
		return rubyQuote(v)
	case bool:
		return strconv.FormatBool(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return rubyFloat(v)
	case Redacted:
		return "Sensitive [value redacted]"
	case []types.Value:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = rubyInspect(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *types.Hash:
		parts := make([]string, v.Len())
		for i, k := range v.Keys {
			parts[i] = rubyQuote(k) + "=>" + rubyInspect(v.Values[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return ""
}

// rubyQuote is String#inspect for the common cases: double quotes,
// backslash escapes for quotes, backslashes and control characters
// (Ruby also escapes "#{", "#$" and "#@", which this leaves as they are).
func rubyQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
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
		case 0x1b:
			b.WriteString(`\e`)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case 0x7f:
			b.WriteString(`\x7F`)
		default:
			if r < 0x20 {
				b.WriteString(`\u` + leftPad(strconv.FormatInt(int64(r), 16), 4))
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return strings.ToUpper(s)
}

// rubyFloat is Float#to_s: the shortest decimal that reads back, always
// with a fraction ("2.0"), in exponent form outside 1e-4 ≤ |x| < 1e16.
func rubyFloat(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	if a := max(f, -f); a != 0 && (a < 1e-4 || a >= 1e16) {
		s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+20, 1.5e-05
		mant, exp, _ := strings.Cut(s, "e")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		sign, digits := exp[:1], strings.TrimLeft(exp[1:], "0")
		if len(digits) < 2 {
			digits = leftPad(digits, 2)
		}
		return mant + "e" + sign + digits
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
