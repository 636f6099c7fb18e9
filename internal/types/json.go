package types

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// DecodeJSON decodes one JSON document into a Value, the way Ruby's
// JSON.parse shapes it for Puppet: a number literal without '.', 'e' or 'E'
// is an Integer (int64; larger ones are an error), any other is a Float;
// objects keep their key order, and a duplicate key takes the last value at
// the first key's position.
func DecodeJSON(data []byte) (Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeJSONValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("json: unexpected data after the top-level value")
	}
	return v, nil
}

// maxJSONDepth bounds the nesting of arrays and objects, so that no input
// exhausts the stack.
const maxJSONDepth = 10000

func decodeJSONValue(dec *json.Decoder, depth int) (Value, error) {
	if depth > maxJSONDepth {
		return nil, fmt.Errorf("json: nesting deeper than %d levels", maxJSONDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, errors.New("json: unexpected end of input")
		}
		return nil, err
	}
	switch tok := tok.(type) {
	case json.Delim:
		if tok == '[' {
			return decodeJSONArray(dec, depth+1)
		}
		if tok == '{' {
			return decodeJSONObject(dec, depth+1)
		}
		return nil, fmt.Errorf("json: unexpected %q", rune(tok))
	case json.Number:
		v, err := decodeJSONNumber(string(tok))
		if err != nil {
			return nil, fmt.Errorf("%w (the number ends at byte offset %d)", err, dec.InputOffset())
		}
		return v, nil
	case string, bool, nil:
		return tok, nil
	}
	return nil, fmt.Errorf("json: unexpected token %v", tok)
}

func decodeJSONArray(dec *json.Decoder, depth int) (Value, error) {
	out := []Value{}
	for dec.More() {
		v, err := decodeJSONValue(dec, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if _, err := dec.Token(); err != nil { // the closing ']'
		return nil, err
	}
	return out, nil
}

func decodeJSONObject(dec *json.Decoder, depth int) (Value, error) {
	h := &Hash{}
	index := map[string]int{} // Hash.Set is linear; keep decoding linear
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("json: object key must be a string, got %v", tok)
		}
		v, err := decodeJSONValue(dec, depth)
		if err != nil {
			return nil, err
		}
		if i, dup := index[key]; dup {
			h.Values[i] = v // last value wins, first position stays
			continue
		}
		index[key] = len(h.Keys)
		h.Keys = append(h.Keys, key)
		h.Values = append(h.Values, v)
	}
	if _, err := dec.Token(); err != nil { // the closing '}'
		return nil, err
	}
	return h, nil
}

// decodeJSONNumber applies Ruby's rule: the literal's form, not its value,
// decides between Integer and Float. An error does not quote the literal:
// it may be a secret.
func decodeJSONNumber(lit string) (Value, error) {
	if !strings.ContainsAny(lit, ".eE") {
		n, err := strconv.ParseInt(lit, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("json: an integer is outside the supported range %d..%d", int64(MinInt), int64(MaxInt))
		}
		return n, nil
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return nil, errors.New("json: a number is outside the range of a 64-bit float")
	}
	return f, nil
}

// FormatValue prints v for a human, in Puppet's literal syntax: strings
// single-quoted (double-quoted with escapes when they hold control
// characters), floats as Ruby prints them, undef, [a, b] and
// {'k' => v}; a Sensitive value prints redacted.
func FormatValue(v Value) string {
	var b strings.Builder
	formatValueTo(&b, v)
	return b.String()
}

func formatValueTo(b *strings.Builder, v Value) {
	switch v := v.(type) {
	case nil:
		b.WriteString("undef")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		b.WriteString(rubyFloat(v))
	case string:
		b.WriteString(puppetQuote(v))
	case []Value:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			formatValueTo(b, e)
		}
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		for i, k := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(puppetQuote(k) + " => ")
			formatValueTo(b, v.Values[i])
		}
		b.WriteByte('}')
	case Sensitive:
		b.WriteString(sensitiveRedacted)
	default:
		fmt.Fprintf(b, "%v", v)
	}
}
