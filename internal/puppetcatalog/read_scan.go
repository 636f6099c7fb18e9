package puppetcatalog

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/types"
)

// maxDepth bounds the nesting of arrays and objects in a catalog, so that
// no input exhausts the stack (the scanner recurses).
const maxDepth = 10000

// scanner reads one JSON document and keeps the byte offset of every
// piece the reader asks for, which encoding/json does not give. It stops
// on the first fault: err holds it with its offset, and every method then
// returns false.
type scanner struct {
	// text is the document: the strings without escapes are slices of
	// it (they live as long as the catalog, which keeps it anyway for
	// its positions).
	text  string
	pos   int
	depth int
	err   *scanError
	// keyStack holds the keys seen in the objects being read, innermost
	// last: one buffer for the whole document instead of one per object.
	keyStack []string
	// spareMaps are the maps of objects with many keys already read,
	// cleared for the next one (only those of at most spareKeys keys).
	spareMaps []map[string]bool
	// stack and stackKeys hold the elements of the arrays and hashes
	// being read, innermost last, until each is complete and copied to
	// values and strs: one list allocated to its size instead of one
	// grown an append at a time.
	stack     []types.Value
	stackKeys []string
	values    slab[types.Value]
	strs      slab[string]
	// buf is strSlow's scratch: an escaped string costs its one string.
	buf []byte
	// boxed are the string values read so far (see box).
	boxed map[string]types.Value
}

// scanError is a fault at a byte offset of the document. Its message
// never quotes the document: what is at fault may be the value of a
// sensitive parameter (whose name may come later in the file), so it
// says where (the byte offset; the diagnostic adds the line and column)
// and what is wrong, never the text.
type scanError struct {
	off int
	msg string
}

func (s *scanner) fail(off int, format string, args ...any) bool {
	if s.err == nil {
		s.err = &scanError{off: off, msg: fmt.Sprintf(format, args...)}
	}
	return false
}

func (s *scanner) ws() {
	for s.pos < len(s.text) {
		switch s.text[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// peek is the next byte after white space, 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.pos >= len(s.text) {
		return 0
	}
	return s.text[s.pos]
}

// what names the next token for a message.
func (s *scanner) what() string {
	switch c := s.peek(); {
	case c == 0:
		return "the end of the file"
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	default:
		return "a character that starts no JSON value"
	}
}

func (s *scanner) expect(c byte) bool {
	if s.peek() != c {
		return s.fail(s.pos, "expected %q here, found %s", rune(c), s.what())
	}
	s.pos++
	return true
}

// object calls fn for each key of the object at the current position,
// with the key's offset; fn reads (or skips) the value. A key named twice
// is an error: Puppet's JSON parser would silently keep only the last.
func (s *scanner) object(fn func(key string, off int) bool) bool {
	start := s.pos
	if !s.expect('{') || !s.enter(start) {
		return false
	}
	defer func() { s.depth-- }()
	if s.peek() == '}' {
		s.pos++
		return true
	}
	seen := keys{s: s, base: len(s.keyStack)}
	defer seen.done()
	for {
		off := s.peek2()
		if s.peek() != '"' {
			return s.fail(s.pos, "expected a key (a string) here, found %s", s.what())
		}
		key, ok := s.str()
		if !ok || !s.expect(':') {
			return false
		}
		if !seen.add(key) {
			return s.fail(off, "%s appears twice in this object; Puppet would read only the last one: remove one", keyName(key, off))
		}
		if !fn(key, off) {
			return false
		}
		if s.peek() == '}' {
			s.pos++
			return true
		}
		if !s.expect(',') {
			return false
		}
	}
}

// array calls fn for each element of the array at the current position,
// with the element's offset.
func (s *scanner) array(fn func(i, off int) bool) bool {
	start := s.pos
	if !s.expect('[') || !s.enter(start) {
		return false
	}
	defer func() { s.depth-- }()
	if s.peek() == ']' {
		s.pos++
		return true
	}
	for i := 0; ; i++ {
		if !fn(i, s.peek2()) {
			return false
		}
		if s.peek() == ']' {
			s.pos++
			return true
		}
		if !s.expect(',') {
			return false
		}
	}
}

// peek2 is the offset of the next token.
func (s *scanner) peek2() int {
	s.ws()
	return s.pos
}

func (s *scanner) enter(off int) bool {
	s.depth++
	if s.depth > maxDepth {
		return s.fail(off, "arrays and objects are nested deeper than %d levels", maxDepth)
	}
	return true
}

// str reads a string at the current position.
func (s *scanner) str() (string, bool) {
	if !s.expect('"') {
		return "", false
	}
	start := s.pos
	if end, ok := s.plainEnd(start); ok {
		s.pos = end + 1
		return s.text[start:end], true
	}
	return s.strSlow(start)
}

// plainEnd finds the closing '"' of the string whose text starts at
// start when the string can be used as it is written: no escape, no
// control character, valid UTF-8 (checked only when a byte is not
// ASCII, as in most values it is).
func (s *scanner) plainEnd(start int) (int, bool) {
	var high byte
	for i := start; i < len(s.text); i++ {
		c := s.text[i]
		switch {
		case c == '"':
			return i, high < utf8.RuneSelf || utf8.ValidString(s.text[start:i])
		case c == '\\' || c < 0x20:
			return i, false
		}
		high |= c
	}
	return len(s.text), false
}

// skipStr passes over the string at the current position as str reads
// it, without making the string unless it has escapes (a skipped value
// is checked, not kept).
func (s *scanner) skipStr() bool {
	if !s.expect('"') {
		return false
	}
	start := s.pos
	if end, ok := s.plainEnd(start); ok {
		s.pos = end + 1
		return true
	}
	_, ok := s.strSlow(start)
	return ok
}

// strSlow reads a string with escapes or invalid UTF-8 (replaced by
// U+FFFD, as encoding/json does).
func (s *scanner) strSlow(start int) (string, bool) {
	out := s.buf[:0]
	defer func() { s.buf = out[:0] }()
	i := start
	for i < len(s.text) {
		c := s.text[i]
		switch {
		case c == '"':
			s.pos = i + 1
			return string(out), true
		case c < 0x20:
			return "", s.fail(i, "the string has a control character at byte offset %d: write it escaped (\\n, \\t or \\u00XX)", i)
		case c == '\\':
			r, n, ok := s.escape(i)
			if !ok {
				return "", false
			}
			out = utf8.AppendRune(out, r)
			i += n
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(s.text[i:])
			out = utf8.AppendRune(out, r)
			i += n
		}
	}
	return "", s.fail(start-1, "this string is not closed: a '\"' is missing")
}

// escape decodes the escape sequence at i: the rune and its length.
func (s *scanner) escape(i int) (rune, int, bool) {
	if i+1 >= len(s.text) {
		return 0, 0, s.fail(i, "the file ends inside an escape sequence (at byte offset %d)", i)
	}
	switch s.text[i+1] {
	case '"', '\\', '/':
		return rune(s.text[i+1]), 2, true
	case 'b':
		return '\b', 2, true
	case 'f':
		return '\f', 2, true
	case 'n':
		return '\n', 2, true
	case 'r':
		return '\r', 2, true
	case 't':
		return '\t', 2, true
	case 'u':
		r, ok := s.hex4(i + 2)
		if !ok {
			return 0, 0, s.fail(i, `the \u at byte offset %d is not followed by 4 hexadecimal digits`, i)
		}
		if utf16.IsSurrogate(r) {
			if lo, ok := s.hex4(i + 8); ok && s.at(i+6) == '\\' && s.at(i+7) == 'u' {
				if d := utf16.DecodeRune(r, lo); d != utf8.RuneError {
					return d, 12, true
				}
			}
			return utf8.RuneError, 6, true
		}
		return r, 6, true
	}
	return 0, 0, s.fail(i, `the backslash at byte offset %d starts no JSON escape sequence (\" \\ \/ \b \f \n \r \t or \u and 4 hexadecimal digits)`, i)
}

func (s *scanner) at(i int) byte {
	if i < len(s.text) {
		return s.text[i]
	}
	return 0
}

func (s *scanner) hex4(i int) (rune, bool) {
	if i+4 > len(s.text) {
		return 0, false
	}
	n, err := strconv.ParseUint(s.text[i:i+4], 16, 32)
	return rune(n), err == nil
}

// literal reads true, false or null.
func (s *scanner) literal() (types.Value, bool) {
	rest := s.text[s.pos:]
	switch {
	case strings.HasPrefix(rest, "true"):
		s.pos += len("true")
		return true, true
	case strings.HasPrefix(rest, "false"):
		s.pos += len("false")
		return false, true
	case strings.HasPrefix(rest, "null"):
		s.pos += len("null")
		return nil, true
	}
	return nil, s.fail(s.pos, "expected a JSON value here, found %s", s.what())
}

// number reads a number the way Ruby's JSON shapes it for Puppet: without
// '.', 'e' or 'E' an Integer (int64), else a Float.
func (s *scanner) number() (types.Value, bool) {
	start := s.pos
	i := start
	if s.at(i) == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for c := s.at(i); c >= '0' && c <= '9'; c = s.at(i) {
			i++
			n++
		}
		return n
	}
	if n := digits(); n == 0 || n > 1 && s.text[i-n] == '0' {
		return nil, s.fail(start, "this is not a JSON number")
	}
	float := false
	if s.at(i) == '.' {
		i++
		float = true
		if digits() == 0 {
			return nil, s.fail(start, "this is not a JSON number: a digit must follow '.'")
		}
	}
	if c := s.at(i); c == 'e' || c == 'E' {
		i++
		float = true
		if c := s.at(i); c == '+' || c == '-' {
			i++
		}
		if digits() == 0 {
			return nil, s.fail(start, "this is not a JSON number: the exponent has no digit")
		}
	}
	s.pos = i
	text := s.text[start:i]
	if float {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, s.fail(start, "the number at byte offset %d is out of range (beyond a 64-bit float)", start)
		}
		return f, true
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return nil, s.fail(start, "the integer at byte offset %d is out of range (catc takes 64-bit integers, %d to %d)", start, math.MinInt64, math.MaxInt64)
	}
	return n, true
}

// skip reads the value at the current position and drops it.
func (s *scanner) skip() bool {
	switch s.peek() {
	case '{':
		return s.object(func(string, int) bool { return s.skip() })
	case '[':
		return s.array(func(int, int) bool { return s.skip() })
	case '"':
		return s.skipStr()
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		_, ok := s.number()
		return ok
	}
	_, ok := s.literal()
	return ok
}

// end checks that nothing but white space follows the document.
func (s *scanner) end() bool {
	if s.peek() != 0 {
		return s.fail(s.pos, "unexpected data after the JSON document: %s", s.what())
	}
	return true
}

// keys are the keys of one object seen so far: a short list at the end
// of the scanner's keyStack (most objects of a catalog have a few keys),
// a map past 16.
type keys struct {
	s    *scanner
	base int
	m    map[string]bool
}

// add adds k and reports whether it was new.
func (ks *keys) add(k string) bool {
	if ks.m != nil {
		if ks.m[k] {
			return false
		}
		ks.m[k] = true
		return true
	}
	list := ks.s.keyStack[ks.base:]
	for _, x := range list {
		if x == k {
			return false
		}
	}
	ks.s.keyStack = append(ks.s.keyStack, k)
	if len(list) >= 16 {
		ks.m = ks.s.keyMap()
		for _, x := range ks.s.keyStack[ks.base:] {
			ks.m[x] = true
		}
	}
	return true
}

// spareKeys bounds the maps kept for reuse: a map never shrinks, and
// clearing one costs its size, so a map that held an object of many keys
// would make every later object of more than 16 keys cost as much.
const spareKeys = 64

// done forgets the object's keys when it is read.
func (ks *keys) done() {
	s := ks.s
	s.keyStack = s.keyStack[:ks.base]
	if ks.m != nil && len(ks.m) <= spareKeys {
		clear(ks.m)
		s.spareMaps = append(s.spareMaps, ks.m)
	}
}

// keyMap is an empty map for the keys of an object, a spare one when
// there is one.
func (s *scanner) keyMap() map[string]bool {
	if n := len(s.spareMaps); n > 0 {
		m := s.spareMaps[n-1]
		s.spareMaps = s.spareMaps[:n-1]
		return m
	}
	return make(map[string]bool, spareKeys)
}

// catalogKeys are the keys of Puppet's and PuppetDB's catalog formats: a
// key that repeats is named only when it is one of them (catc's own
// words), any other key may be part of a secret value. Built on first
// use, as catc's tables are, not at start-up.
var catalogKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"tags": true, "name": true, "version": true, "code_id": true, "catalog_uuid": true, "catalog_format": true,
		"environment": true, "resources": true, "edges": true, "classes": true, "type": true, "title": true,
		"file": true, "line": true, "kind": true, "exported": true, "parameters": true, "sensitive_parameters": true,
		"source": true, "target": true, "document_type": true, "data": true, "metadata": true, "catalog": true,
		"certname": true, "producer_timestamp": true, "transaction_uuid": true, "producer": true, "hash": true,
		"href": true, "job_id": true, "__ptype": true, "__pvalue": true,
	}
})

// keyName names a repeated key for a message: a catalog key by its name,
// any other by where it stands.
func keyName(key string, off int) string {
	if catalogKeys()[key] {
		return fmt.Sprintf("the key %q", key)
	}
	return fmt.Sprintf("the key at byte offset %d", off)
}
