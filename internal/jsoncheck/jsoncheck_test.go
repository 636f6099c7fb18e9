package jsoncheck

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// checkJSONDocument is how a reader of a JSON document checks what
// encoding/json lets through: data must be one JSON value with nothing but
// white space after it, and no object may repeat a key (encoding/json
// keeps the last, so a hand-edited or concatenated file would be read as
// something it does not say). The error gives the byte offset (from 0) of
// the problem.
func checkJSONDocument(data []byte) error {
	var v json.RawMessage
	if err := json.Unmarshal(data, &v); err != nil {
		return SyntaxErrorAt(err)
	}
	return DuplicateKeys(data)
}

func TestCheckJSONDocument(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{`{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}`, ""},
		{`{"a": 1, "a": 2}`, `duplicate key "a" at byte offset 9`},
		{`{"x": [{"k": 1, "k": 1}]}`, `duplicate key "k" at byte offset 16`},
		{`{"a\"b": 1, "a\u0022b": 2}`, `duplicate key "a\"b"`},
		{`{"v": "a", "w": "a"}`, ""}, // equal values are not keys
		{`{"a": {"b": 1}, "b": 2}`, ""},
		{`[{"a": 1}, {"a": 1}]`, ""},
		{`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":0,"k11":1,"k12":2,"k13":3,"k14":4,"k15":5,"k16":6,"k17":7,"k3":0}`, `duplicate key "k3"`},
		{`{} {}`, "after top-level value (at byte offset 3)"},
		{"{}\n\t ", ""},
		{`{"a": 1`, "unexpected end of JSON input"},
		{strings.Repeat("[", 5000) + strings.Repeat("]", 5000), ""},
	} {
		err := checkJSONDocument([]byte(c.in))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%.60s: %v", c.in, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%.60s: error %v, want %q", c.in, err, c.want)
		}
	}
}

// FuzzCheckJSONDocument compares checkJSONDocument with a slow reference
// built on encoding/json's tokenizer: both must accept the same documents
// (one value, no repeated key in any object).
func FuzzCheckJSONDocument(f *testing.F) {
	for _, s := range []string{`{"a": 1, "a": 2}`, `{"a": {"a": [{"a": 1}]}}`, `{"a\u0061": 1, "aa": 2}`, `{} {}`, `[1, "x", null]`, `{"format": "catc.catalog/1", "resources": []}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := checkJSONDocument(data) == nil
		if want := referenceCheck(data); got != want {
			t.Fatalf("checkJSONDocument(%q) accepts: %v, the reference: %v", data, got, want)
		}
	})
}

// referenceCheck walks the tokens of data with a stack of key sets.
func referenceCheck(data []byte) bool {
	if !json.Valid(data) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number too big for float64 is still JSON
	type frame struct {
		keys   map[string]bool
		object bool
		key    bool
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		isKey := top != nil && top.object && top.key
		if top != nil && top.object {
			top.key = !top.key
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, &frame{keys: map[string]bool{}, object: true, key: true})
			case '[':
				stack = append(stack, &frame{})
			default:
				stack = stack[:len(stack)-1]
			}
		case string:
			if isKey {
				if top.keys[v] {
					return false
				}
				top.keys[v] = true
			}
		}
	}
}

// Errors quote no character and no key of a value: those may be part of
// a secret (the byte offset says where the fault is). Keys of the
// format's own objects (four levels: document, list, entry, attributes)
// are still named.
func TestErrorsQuoteNoValue(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{`{"a": "x\q"}`, "invalid character in string escape code (at byte offset 9)"},
		{`{"a": #}`, "invalid character looking for beginning of value (at byte offset 6)"},
		{`{"a": "\'"}`, "invalid character in string escape code"},
		{`{"a": "\ "}`, "invalid character in string escape code"},
		{"{\"a\": \"\x01\"}", "invalid character in string literal"},
		{`{"a": [{"b": {"c": {"secret": 1, "secret": 2}}}]}`, "duplicate key at byte offset 33"},
		{`{"a": [{"attributes": {"x": 1, "x": 2}}]}`, `duplicate key "x" at byte offset 31`},
	} {
		err := checkJSONDocument([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.in, err, c.want)
		}
		if err != nil && (strings.Contains(err.Error(), "'") || strings.Contains(err.Error(), "secret")) {
			t.Errorf("%s: error %v quotes the value", c.in, err)
		}
	}
}
