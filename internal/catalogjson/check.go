package catalogjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// checkJSONDocument checks what encoding/json lets through when it reads
// a catalog JSON file: data must be one JSON value with nothing but white
// space after it, and no object may repeat a key (encoding/json keeps the
// last, so a hand-edited or concatenated file would be read as something
// it does not say). The error gives the byte offset (from 0) of the
// problem.
func checkJSONDocument(data []byte) error {
	var v json.RawMessage
	if err := json.Unmarshal(data, &v); err != nil {
		return syntaxErrorAt(err)
	}
	return DuplicateKeys(data)
}

// syntaxErrorAt is err from encoding/json with, for a syntax error, the
// byte offset (from 0) of the character at fault.
func syntaxErrorAt(err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%v (at byte offset %d)", err, max(se.Offset-1, 0))
	}
	return err
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
