package jsonw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/words"
)

// encode is the reference: encoding/json's Encoder without HTML escaping,
// indented by two spaces or compact, then DEL, the C1 controls and the
// bidirectional formatting characters escaped (moreEscaped).
func encode(t testing.TB, v any, indent bool) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return moreEscaped(b.String())
}

// moreEscaped writes the characters catc's JSON escapes beyond
// encoding/json as \uXXXX, listed here by hand.
func moreEscaped(doc string) []byte {
	var b strings.Builder
	for _, r := range doc {
		if r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x061c || r == 0x200e || r == 0x200f ||
			r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 {
			fmt.Fprintf(&b, "\\u%04x", r)
		} else {
			b.WriteRune(r)
		}
	}
	return []byte(b.String())
}

// TestStringEscapesControls: a title's newline, carriage return, ESC,
// NUL, DEL, C1 control, U+2028 and right-to-left override are escaped in
// the JSON written, and read back as they were.
func TestStringEscapesControls(t *testing.T) {
	t.Parallel()
	s := "a\nb\r\x1b[31m\x00\x7f\u0085\u2028\u202egnp"
	want := `"a\nb\r\u001b[31m\u0000\u007f\u0085\u2028\u202egnp"`
	if got := string(appendString(nil, s)); got != want {
		t.Errorf("appendString = %s, want %s", got, want)
	}
	var b bytes.Buffer
	if err := Encode(&b, map[string]string{"title": s}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), want) {
		t.Errorf("Encode = %s, want %s in it", b.String(), want)
	}
	var back map[string]string
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back["title"] != s {
		t.Errorf("read back %q, %v", back["title"], err)
	}
}

func checkString(t testing.TB, s string) {
	t.Helper()
	want := encode(t, s, false)
	want = want[:len(want)-1]
	if got := appendString(nil, s); !bytes.Equal(got, want) {
		t.Fatalf("appendString(%q) = %s, want %s", s, got, want)
	}
}

// TestAppendString holds every byte alone, every rune of the first
// planes and random byte strings to encoding/json's escaping.
func TestAppendString(t *testing.T) {
	t.Parallel()
	for c := range 256 {
		checkString(t, string([]byte{byte(c)}))
		checkString(t, "a"+string([]byte{byte(c)})+"b")
	}
	for r := rune(0); r < 0x30000; r++ {
		if utf8.ValidRune(r) {
			checkString(t, "x"+string(r))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		checkString(t, string(b))
	}
}

// FuzzAppendString: `go test ./internal/jsonw -fuzz FuzzAppendString -fuzztime 30s`.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "\x00\x1f\x7f", "\u2028\u2029", "\xff\xe2\x80", "<&>", "日本"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkString(t, s) })
}

// TestWriterMatchesEncoder writes random trees of arrays, objects (keys
// in sorted order, as encoding/json writes maps) and scalars, indented
// and compact, and compares with encoding/json.
func TestWriterMatchesEncoder(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		v := randomTree(rng, 4)
		for _, indent := range []bool{true, false} {
			var got []byte
			if indent {
				var b bytes.Buffer
				w := New(&b)
				writeTree(w, v)
				if err := w.Finish(); err != nil {
					t.Fatal(err)
				}
				got = b.Bytes()
			} else {
				w := Compact()
				writeTree(w, v)
				got = append(w.Bytes(), '\n')
			}
			if want := encode(t, v, indent); !bytes.Equal(got, want) {
				t.Fatalf("indent %v:\n got %s\nwant %s", indent, got, want)
			}
		}
	}
}

// onlyWriter hides bytes.Buffer's Grow: a destination that is streamed to.
type onlyWriter struct{ w *bytes.Buffer }

func (o onlyWriter) Write(p []byte) (int, error) { return o.w.Write(p) }

// TestWriterFlushes writes a document bigger than the buffer to a plain
// io.Writer and to a bytes.Buffer, and checks that the destination gets
// it whole.
func TestWriterFlushes(t *testing.T) {
	t.Parallel()
	list := make([]string, 50000)
	for i := range list {
		list[i] = "element"
	}
	want := encode(t, list, true)
	for _, tc := range []struct {
		name   string
		writer func(*bytes.Buffer) io.Writer
	}{
		{"streamed", func(b *bytes.Buffer) io.Writer { return onlyWriter{b} }},
		{"buffered", func(b *bytes.Buffer) io.Writer { return b }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			w := New(tc.writer(&b))
			w.Strings(list)
			if err := w.Finish(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Fatalf("got %d bytes, want %d", b.Len(), len(want))
			}
		})
	}
}

func randomTree(rng *rand.Rand, depth int) any {
	k := rng.IntN(7)
	if depth == 0 {
		k = rng.IntN(4)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return rng.IntN(2) == 0
	case 2:
		return rng.Int64N(2000) - 1000
	case 3:
		return []string{"a", "b\n", "<c>", "\u2028"}[rng.IntN(4)]
	case 4:
		if rng.IntN(5) == 0 {
			return []string(nil)
		}
		return []string{"x", "y"}[:rng.IntN(3)]
	case 5:
		a := []any{}
		for range rng.IntN(4) {
			a = append(a, randomTree(rng, depth-1))
		}
		return a
	default:
		m := map[string]any{}
		for range rng.IntN(4) {
			m[string(rune('a'+rng.IntN(6)))] = randomTree(rng, depth-1)
		}
		return m
	}
}

func writeTree(w *Writer, v any) {
	switch v := v.(type) {
	case nil:
		w.Null()
	case bool:
		w.Bool(v)
	case int64:
		w.Int(v)
	case string:
		w.String(v)
	case []string:
		w.Strings(v)
	case []any:
		w.BeginArray()
		for _, x := range v {
			writeTree(w, x)
		}
		w.EndArray()
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w.BeginObject()
		for _, k := range keys {
			w.Key(k)
			writeTree(w, v[k])
		}
		w.EndObject()
	}
}

// TestEscapedBeyondIsWordsUnsafe: JSON escapes every character at or
// above DEL that the text outputs escape (words.Unsafe), and no other.
func TestEscapedBeyondIsWordsUnsafe(t *testing.T) {
	t.Parallel()
	for r := rune(0x7f); r <= unicode.MaxRune; r++ {
		if escapedBeyond(r) != words.Unsafe(r) {
			t.Errorf("U+%04X: JSON escapes it %v, the text outputs %v", r, escapedBeyond(r), words.Unsafe(r))
		}
	}
}
