package jsonw

import (
	"math"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// Value writes a catc value: hash keys in their order, floats that stay
// floats (FormatFloat; NaN and ±Inf as strings) and a sensitive value as
// {"sensitive": marker(its value)}. The catalog JSON and the digest of a
// value (package catalog) both write values this way.
func (w *Writer) Value(v types.Value, marker func(types.Value) string) {
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
	case []types.Value:
		w.BeginArray()
		for _, x := range v {
			w.Value(x, marker)
		}
		w.EndArray()
	case *types.Hash:
		w.hash(v, marker)
	case types.Sensitive:
		w.BeginObject()
		w.Key("sensitive")
		w.String(marker(v.Value))
		w.EndObject()
	default:
		w.Null()
	}
}

func (w *Writer) hash(h *types.Hash, marker func(types.Value) string) {
	w.BeginObject()
	if h != nil {
		for i, k := range h.Keys {
			w.Key(k)
			w.Value(h.Values[i], marker)
		}
	}
	w.EndObject()
}

// Float writes f in the Ruby form (1.0, not 1); NaN and ±Inf are not
// JSON numbers, so they are written as strings.
func (w *Writer) Float(f float64) {
	s := FormatFloat(f)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		w.String(s)
		return
	}
	w.Number(s)
}

// FormatFloat prints a float so that it never reads as an integer.
func FormatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") {
		s += ".0"
	}
	return s
}
