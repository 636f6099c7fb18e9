package types

import "github.com/catc-dev/catc/internal/jsonw"

// WriteJSON writes v to w as every catc JSON document writes a value,
// the inverse of DecodeJSON: hashes in their key order, a float always
// with a fraction or an exponent so that it reads back as a float (1.0,
// 1e+20), NaN and ±Inf (which no JSON number spells) as the strings
// "NaN", "+Inf" and "-Inf", never null, which is undef; strings escaped
// as jsonw escapes them. A Sensitive value is written as
// {"sensitive": marker(its value)}, never its content. It is the one
// encoder of values: the catalog and plan JSON, the digest of a value,
// and EncodeJSON all write through it.
func WriteJSON(w *jsonw.Writer, v Value, marker func(Value) string) {
	writeJSON(w, v, func(w *jsonw.Writer, s Sensitive) {
		w.BeginObject()
		w.Key("sensitive")
		w.String(marker(s.Value))
		w.EndObject()
	})
}

// EncodeJSON is v as compact JSON, written by WriteJSON, but for a
// Sensitive value: that is the string "Sensitive [value redacted]", as
// Puppet prints one, for the outputs that show a value to a person
// (catc lookup, the values of a diff, a type's documented default).
func EncodeJSON(v Value) []byte {
	w := jsonw.Compact()
	writeJSON(w, v, func(w *jsonw.Writer, _ Sensitive) { w.String(sensitiveRedacted) })
	return w.Bytes()
}

// sensitiveRedacted is how Puppet prints a Sensitive value.
const sensitiveRedacted = "Sensitive [value redacted]"

func writeJSON(w *jsonw.Writer, v Value, sensitive func(*jsonw.Writer, Sensitive)) {
	switch v := v.(type) {
	case nil:
		w.Null()
	case bool:
		w.Bool(v)
	case int64:
		w.Int(v)
	case float64:
		w.Float(v)
	case string:
		w.String(v)
	case []Value:
		w.BeginArray()
		for _, x := range v {
			writeJSON(w, x, sensitive)
		}
		w.EndArray()
	case *Hash:
		w.BeginObject()
		if v != nil {
			for i, k := range v.Keys {
				w.Key(k)
				writeJSON(w, v.Values[i], sensitive)
			}
		}
		w.EndObject()
	case Sensitive:
		sensitive(w, v)
	default:
		w.Null()
	}
}
