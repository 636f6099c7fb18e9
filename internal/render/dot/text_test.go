package dot

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/words"
)

func TestWrapLabel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in    string
		width int
		want  []string
	}{
		{"Software[php]", 34, []string{"Software[php]"}},
		{"Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]", 34,
			[]string{"Apt_key[", "6F6B15509CF8E59E6E469F327F438280EF8D349F]"}}, // a hex id is never split
		{"File[/srv/webapp/shared/config/settings.production.json]", 34,
			[]string{"File[/srv/webapp/shared/config/", "settings.production.json]"}},
		{"Exec[/srv/webapp/venv/bin/pip install -r requirements.txt]", 34,
			[]string{"Exec[/srv/webapp/venv/bin/pip ", "install -r requirements.txt]"}},
		{"Concat::Fragment[motd_header_for_the_web_frontends]", 34,
			[]string{"Concat::Fragment[motd_header_for_", "the_web_frontends]"}},
		{"Mount[C:/data/very/long/path/to/a/mount.point]", 20,
			[]string{"Mount[C:/data/very/", "long/path/to/a/", "mount.point]"}}, // C: is one word
		{"Package[python3.11-venv-for-wrapping]", 12,
			[]string{"Package[", "python3.11-", "venv-for-", "wrapping]"}},
		{"T[aaaaaaaaaa]", 4, []string{"T[", "aaaaaaaaaa]"}}, // a word longer than a line stays whole
		{"T[ééééé-ééééé]", 8, []string{"T[ééééé-", "ééééé]"}},
	}
	for _, tc := range tests {
		got := wrapLabel(tc.in, tc.width)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("wrapLabel(%q, %d) (-want +got):\n%s", tc.in, tc.width, diff)
		}
	}
}

// TestWrapLabelKeepsEverything: wrapping never cuts, breaks only after a
// separator, and exceeds the width only with a line that is one word.
func TestWrapLabelKeepsEverything(t *testing.T) {
	t.Parallel()
	inputs := []string{"", "[", "////////", "a::b::c:d:e::f", "a b c d e f g h i j k l m n o p", strings.Repeat("x", 100), "Ünïcödé[/ä/ö/ü/ß-" + strings.Repeat("é", 40) + "]"}
	for _, in := range inputs {
		for width := 1; width <= 12; width++ {
			lines := wrapLabel(in, width)
			if got := strings.Join(lines, ""); got != in {
				t.Errorf("wrapLabel(%q, %d) joined = %q", in, width, got)
			}
			for i, l := range lines {
				if utf8.RuneCountInString(l) > width && len(wrapWords(l)) > 1 {
					t.Errorf("wrapLabel(%q, %d): line %q is too long", in, width, l)
				}
				if i+1 < len(lines) && !endsWithSeparator(l) {
					t.Errorf("wrapLabel(%q, %d): line %q breaks inside a word", in, width, l)
				}
			}
		}
	}
}

func endsWithSeparator(l string) bool {
	return strings.HasSuffix(l, "::") || strings.ContainsAny(l[len(l)-1:], "/-_ [")
}

func TestQuote(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`Software[php]`, `"Software[php]"`},
		{`File[say "hi"]`, `"File[say \"hi\"]"`},
		{`File[C:\dir\]`, `"File[C:\dir\]"`},
		{`two\\"`, `"two\\\""`},      // an even run before a quote is kept
		{`one\"`, `"one\\\""`},       // an odd run gains a backslash
		{"nl\\\nx", "\"nl\\\\\nx\""}, // so before a line break
		{`ends\`, `"ends\\"`},        // and at the end
		{`ends\\`, `"ends\\"`},
	}
	for _, tc := range tests {
		if got := quote(tc.in); got != tc.want {
			t.Errorf("quote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestQuoteLabel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"Apt_key[6F6B", "15]"}, `"Apt_key[6F6B\n15]"`},
		{[]string{`T[\N]`}, `"T[\\N]"`},
		{[]string{"two\nlines"}, `"two\\nlines"`}, // shown as \n, never a line break
		{[]string{"esc\x1b[2J\x00\u2028\u202e"}, `"esc\\x1b[2J\\x00\\u2028\\u202e"`},
		{[]string{`q"`}, `"q\""`},
	}
	for _, tc := range tests {
		if got := quoteLabel(tc.in); got != tc.want {
			t.Errorf("quoteLabel(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// unName reads a Name back: `\\` is a backslash, the escapes of
// words.Escape are their character (or byte); nothing else has a
// backslash.
func unName(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'x', 'u':
			n := 2
			if s[i] == 'u' {
				n = 4
			}
			if i+n >= len(s) {
				return "", false
			}
			v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil {
				return "", false
			}
			if n == 2 {
				b.WriteByte(byte(v))
			} else {
				b.WriteRune(rune(v))
			}
			i += n
		default:
			return "", false
		}
	}
	return b.String(), true
}

// FuzzName: a node's DOT name holds no control character, and reads
// back as the ref it names, so two refs never share a node.
// `go test ./internal/render/dot -fuzz FuzzName -fuzztime 30s`.
func FuzzName(f *testing.F) {
	for _, s := range []string{"File[/etc/hosts]", `C:\dir\`, "a\nb", `a\nb`, "\x1b[31m", "\u202e\u2028", "\xff\x00", `\x1b`, `"\"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, ref string) {
		name := Name(ref)
		for _, r := range name {
			if words.Unsafe(r) {
				t.Fatalf("Name(%q) = %q holds %U", ref, name, r)
			}
		}
		back, ok := unName(name)
		if !ok || back != ref {
			t.Fatalf("Name(%q) = %q reads back as %q", ref, name, back)
		}
	})
}
