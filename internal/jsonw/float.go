package jsonw

import (
	"math"
	"strconv"
	"strings"
)

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
