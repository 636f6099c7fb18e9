package jsoncheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// SyntaxErrorAt is err from encoding/json with, for a syntax error, the
// byte offset (from 0) of the character at fault, which the message no
// longer quotes (Unquoted).
func SyntaxErrorAt(err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%s (at byte offset %d)", Unquoted(se.Error()), max(se.Offset-1, 0))
	}
	return err
}

// Unquoted is a message of encoding/json's scanner without the character
// it quotes ("invalid character 'x' in string escape code" becomes
// "invalid character in string escape code"): the character may be part
// of a secret value, and the byte offset says where it is.
func Unquoted(msg string) string {
	const head = "invalid character "
	rest, ok := strings.CutPrefix(msg, head)
	if !ok || !strings.HasPrefix(rest, "'") {
		return msg
	}
	// the quoted character is 'c', '\'' or an escape such as '\x01';
	// its closing quote is the first one followed by a space after the
	// opening one and the character
	if end := strings.Index(rest[min(2, len(rest)):], "' "); end >= 0 {
		return head + rest[2+end+2:]
	}
	return "invalid character"
}

// keySet is the keys seen in one open object: a short list, turned into
// a map when the object is big.
type keySet struct {
	list   []string
	m      map[string]bool
	object bool
	inKey  bool // the next string is a key
}

func (k *keySet) add(key string) bool {
	if k.m != nil {
		if k.m[key] {
			return false
		}
		k.m[key] = true
		return true
	}
	for _, s := range k.list {
		if s == key {
			return false
		}
	}
	k.list = append(k.list, key)
	if len(k.list) > 16 {
		k.m = make(map[string]bool, 2*len(k.list))
		for _, s := range k.list {
			k.m[s] = true
		}
	}
	return true
}

// namedDepth is the deepest object whose repeated key an error names:
// catc's formats hold their own fields and the names of attributes that
// deep; a key deeper is part of a value, which may be secret, and is
// given by its offset only.
const namedDepth = 4

// DuplicateKeys scans valid JSON (one that encoding/json read without a
// syntax error) for an object with a repeated key (compared after
// decoding, as encoding/json compares them). It keeps its own stack, so
// nesting depth costs no Go stack.
func DuplicateKeys(data []byte) error {
	var stack []*keySet
	for i := 0; i < len(data); i++ {
		top := (*keySet)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch data[i] {
		case '{':
			stack = append(stack, &keySet{object: true, inKey: true})
		case '[':
			stack = append(stack, &keySet{})
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if top != nil && top.object {
				top.inKey = true
			}
		case '"':
			end, escaped := stringEnd(data, i)
			if top != nil && top.inKey {
				key := string(data[i+1 : end])
				if escaped || !utf8.ValidString(key) {
					// As encoding/json reads it: invalid UTF-8
					// becomes U+FFFD, so "\xd0" and "\xdc" are one key.
					_ = json.Unmarshal(data[i:end+1], &key)
				}
				if !top.add(key) {
					if len(stack) > namedDepth {
						return fmt.Errorf("duplicate key at byte offset %d: an object names each key once", i)
					}
					return fmt.Errorf("duplicate key %q at byte offset %d: an object names each key once", key, i)
				}
				top.inKey = false
			}
			i = end
		}
	}
	return nil
}

// stringEnd is the offset of the quote closing the string that opens at
// i, and whether the string holds escapes.
func stringEnd(data []byte, i int) (int, bool) {
	escaped := false
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			return j, escaped
		}
	}
	return len(data) - 1, escaped
}
