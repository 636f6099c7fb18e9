package hiera

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/types"
)

// A key is split into segments as Puppet's SubLookup#split_key does:
// "a.b.0" is the root key a, then b, then the element 0; quotes keep
// dots ('a.b'.c). Segments that read as integers index arrays.

// segment is one segment of a dotted key: a string, or an int for an
// array index.
type segment struct {
	name  string
	index int64
	isInt bool
}

func (s segment) String() string {
	if s.isInt {
		return strconv.FormatInt(s.index, 10)
	}
	return s.name
}

var intSegment = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(:?[+-]?[0-9]+)$`) })

// splitKey splits key; ok is false on Puppet's "Syntax error".
func splitKey(key string) ([]segment, bool) {
	if !strings.ContainsAny(key, `'".`) {
		return []segment{{name: key}}, true
	}
	var out []segment
	i := 0
	for {
		tok, n := keyToken(key[i:])
		if n == 0 {
			return nil, false
		}
		out = append(out, segmentOf(tok))
		i += n
		if i == len(key) {
			return out, true
		}
		if key[i] != '.' {
			return nil, false
		}
		i++
		if i == len(key) {
			return nil, false
		}
	}
}

// keyToken matches one of split_key's alternatives at the start of s:
// a double-quoted or single-quoted part with spaces around it, or a run
// of anything but quotes and dots.
func keyToken(s string) (string, int) {
	for _, q := range []byte{'"', '\''} {
		j := 0
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		if j < len(s) && s[j] == q {
			end := strings.IndexByte(s[j+1:], q)
			if end > 0 {
				k := j + 1 + end + 1
				for k < len(s) && isSpace(s[k]) {
					k++
				}
				return s[:k], k
			}
		}
	}
	j := 0
	for j < len(s) && s[j] != '\'' && s[j] != '"' && s[j] != '.' {
		j++
	}
	return s[:j], j
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

func segmentOf(tok string) segment {
	tok = strings.TrimSpace(tok)
	if len(tok) >= 2 && (tok[0] == '"' || tok[0] == '\'') {
		return segment{name: tok[1 : len(tok)-1]}
	}
	if intSegment().MatchString(tok) {
		n, err := strconv.ParseInt(strings.TrimPrefix(tok, ":"), 10, 64)
		if strings.HasPrefix(tok, ":") {
			n, err = 0, nil // Ruby's ":5".to_i
		}
		if err == nil {
			return segment{index: n, isInt: true, name: tok}
		}
	}
	return segment{name: tok}
}

// rubyClass is the Ruby class name of a value, as Puppet's messages
// print it.
func rubyClass(v types.Value) string {
	switch x := v.(type) {
	case nil:
		return "NilClass"
	case string:
		return "String"
	case bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case []types.Value:
		return "Array"
	case *types.Hash:
		return "Hash"
	case types.Sensitive:
		return "Puppet::Pops::Types::PSensitiveType::Sensitive"
	}
	return "Object"
}

// dig follows segs into v, as Puppet's sub_lookup: found is false when a
// segment is missing; an error when v is not a container there.
func (inv *invocation) dig(key string, segs []segment, v types.Value) (types.Value, bool, error) {
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "sub_key", segments: segs})
	}
	defer inv.pop()
	for _, s := range segs {
		if inv.ex != nil {
			inv.push(&ExplainNode{Kind: "segment"})
		}
		if v == nil {
			inv.notFound(s.String())
			inv.pop()
			return nil, false, nil
		}
		if arr, ok := v.([]types.Value); ok && s.isInt {
			if s.index < 0 || s.index >= int64(len(arr)) {
				inv.notFound(s.String())
				inv.pop()
				return nil, false, nil
			}
			v = arr[s.index]
			inv.found(s.String(), v)
			inv.pop()
			continue
		}
		h, ok := v.(*types.Hash)
		if !ok {
			inv.pop()
			return nil, false, &lookupError{msg: fmt.Sprintf("Data Provider type mismatch: Got %s when a hash-like object was expected to access value using '%s' from key '%s'", rubyClass(v), s.String(), key)}
		}
		if s.isInt {
			inv.notFound(s.String()) // a Hash's keys are Strings
			inv.pop()
			return nil, false, nil
		}
		x, ok := h.Get(s.name)
		if !ok {
			inv.notFound(s.String())
			inv.pop()
			return nil, false, nil
		}
		v = x
		inv.found(s.String(), v)
		inv.pop()
	}
	return v, true, nil
}
