package jsonw

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf8"
)

// flushAt is the buffer size past which an indented Writer hands its
// bytes to the io.Writer.
const flushAt = 64 << 10

// Writer writes one JSON document. The caller pairs the Begin and End
// calls and precedes each object member with Key; the Writer adds the
// commas, line breaks and indentation. Write errors are kept: the first
// one is returned by Finish.
type Writer struct {
	w      io.Writer
	buf    []byte
	indent bool
	depth  int
	err    error
	// first is, per open container, whether no element was written yet.
	first []bool
	// afterKey is set between Key and the member's value.
	afterKey bool
}

// New is an indented Writer (two spaces, as SetIndent("", "  ")) onto w.
func New(w io.Writer) *Writer {
	return &Writer{w: w, indent: true, buf: make([]byte, 0, flushAt+4096)}
}

// Compact is a Writer without indentation that only accumulates; Bytes
// returns what it wrote.
func Compact() *Writer { return &Writer{} }

// Bytes is what a compact Writer wrote.
func (w *Writer) Bytes() []byte { return w.buf }

// Finish ends the document with a newline (as Encoder.Encode does),
// writes what is buffered and returns the first write error.
func (w *Writer) Finish() error {
	w.buf = append(w.buf, '\n')
	w.flush()
	return w.err
}

func (w *Writer) flush() {
	if w.w == nil || len(w.buf) == 0 {
		return
	}
	w.write(w.buf)
	w.buf = w.buf[:0]
}

func (w *Writer) write(p []byte) {
	if w.err == nil {
		_, w.err = w.w.Write(p)
	}
}

// element starts a value: the comma and line break before it unless it
// follows a key.
func (w *Writer) element() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	n := len(w.first)
	if n == 0 {
		return
	}
	if !w.first[n-1] {
		w.buf = append(w.buf, ',')
	}
	w.first[n-1] = false
	w.newline(w.depth)
}

func (w *Writer) newline(depth int) {
	if !w.indent {
		return
	}
	w.buf = append(w.buf, '\n')
	for range depth {
		w.buf = append(w.buf, ' ', ' ')
	}
}

func (w *Writer) begin(c byte) {
	w.element()
	w.buf = append(w.buf, c)
	w.first = append(w.first, true)
	w.depth++
}

func (w *Writer) end(c byte) {
	w.depth--
	n := len(w.first)
	if n > 0 {
		if !w.first[n-1] {
			w.newline(w.depth)
		}
		w.first = w.first[:n-1]
	}
	w.buf = append(w.buf, c)
	if w.indent && len(w.buf) >= flushAt {
		w.flush()
	}
}

// BeginObject opens an object.
func (w *Writer) BeginObject() { w.begin('{') }

// EndObject closes an object ("{}" when it has no member).
func (w *Writer) EndObject() { w.end('}') }

// BeginArray opens an array.
func (w *Writer) BeginArray() { w.begin('[') }

// EndArray closes an array ("[]" when it has no element).
func (w *Writer) EndArray() { w.end(']') }

// Key starts an object member; its value comes next.
func (w *Writer) Key(k string) {
	w.element()
	w.buf = appendString(w.buf, k)
	if w.indent {
		w.buf = append(w.buf, ':', ' ')
	} else {
		w.buf = append(w.buf, ':')
	}
	w.afterKey = true
}

// String writes a string value.
func (w *Writer) String(s string) {
	w.element()
	w.buf = appendString(w.buf, s)
}

// Int writes an integer value.
func (w *Writer) Int(n int64) {
	w.element()
	w.buf = strconv.AppendInt(w.buf, n, 10)
}

// Bool writes true or false.
func (w *Writer) Bool(b bool) {
	w.element()
	w.buf = strconv.AppendBool(w.buf, b)
}

// Null writes null.
func (w *Writer) Null() {
	w.element()
	w.buf = append(w.buf, "null"...)
}

// Number writes s, which must be a JSON number, as it is.
func (w *Writer) Number(s string) {
	w.element()
	w.buf = append(w.buf, s...)
}

// Strings writes a list of strings; nil is null, as encoding/json has it.
func (w *Writer) Strings(ss []string) {
	if ss == nil {
		w.Null()
		return
	}
	w.BeginArray()
	for _, s := range ss {
		w.String(s)
	}
	w.EndArray()
}

// appendString appends s quoted and escaped as encoding/json does without
// HTML escaping: `"` and `\`, control characters (\b \f \n \r \t, else
// \u00XX), U+2028 and U+2029 as \u2028 and \u2029, each invalid UTF-8
// byte as \ufffd; and beyond encoding/json (escapeMore), DEL, the C1
// controls and the bidirectional formatting characters as \uXXXX, so
// that no control character of a title is in the file raw (the value
// read back is the same); everything else as it is.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x7f {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case escapedBeyond(r):
			b = append(b, s[start:i]...)
			b = appendRuneEscape(b, r)
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// escapedBeyond reports the characters at or above DEL that catc's JSON
// escapes although encoding/json does not (or, for U+2028 and U+2029,
// does only with HTML escaping): DEL, the C1 controls, the line and
// paragraph separators and the bidirectional formatting characters. They
// are the characters the text outputs escape (package words' Unsafe, to
// which a test holds this list), so that a title that cannot reach a
// terminal raw cannot reach a JSON file raw either.
func escapedBeyond(r rune) bool {
	return r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x2028 || r == 0x2029 ||
		r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// appendRuneEscape appends r as \uXXXX (r is below U+10000).
func appendRuneEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}

// Encode writes v with encoding/json as every catc JSON document is
// written (indented by two spaces, <, > and & as they are, and the
// characters escapeMore escapes): for the small documents (diffs, fleet
// results) that reflection does not slow.
func Encode(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(escapeMore(b.Bytes()))
	return err
}

// escapeMore escapes what encoding/json leaves raw and appendString does
// not: DEL, the C1 controls and the bidirectional formatting characters
// (escapedBeyond), as \uXXXX. In JSON text every byte at or above 0x7f
// is inside a string, so the document stays the same value.
func escapeMore(doc []byte) []byte {
	i := 0
	for i < len(doc) && doc[i] < 0x7f {
		i++
	}
	if i == len(doc) {
		return doc
	}
	out := append(make([]byte, 0, len(doc)+16), doc[:i]...)
	for i < len(doc) {
		if doc[i] < 0x7f {
			out = append(out, doc[i])
			i++
			continue
		}
		r, size := utf8.DecodeRune(doc[i:])
		if escapedBeyond(r) {
			out = appendRuneEscape(out, r)
		} else {
			out = append(out, doc[i:i+size]...)
		}
		i += size
	}
	return out
}
