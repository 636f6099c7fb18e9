package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestWrapLabel(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  []string
	}{
		{"Software[php]", 34, []string{"Software[php]"}},
		{"Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]", 34,
			[]string{"Apt_key[6F6B15509CF8E59E6E469F327F", "438280EF8D349F]"}},
		{"File[/srv/webapp/shared/config/settings.production.json]", 34,
			[]string{"File[/srv/webapp/shared/config/", "settings.production.json]"}},
		{"Exec[/srv/webapp/venv/bin/pip install -r requirements.txt]", 34,
			[]string{"Exec[/srv/webapp/venv/bin/pip ", "install -r requirements.txt]"}},
		{"T[aaaaaaaaaa]", 4, []string{"T[aa", "aaaa", "aaaa", "]"}},
		{"T[ééééé-ééééé]", 8, []string{"T[ééééé-", "ééééé]"}},
	}
	for _, tc := range tests {
		got := wrapLabel(tc.in, tc.width)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("wrapLabel(%q, %d) (-want +got):\n%s", tc.in, tc.width, diff)
		}
	}
}

// TestWrapLabelKeepsEverything: wrapping never cuts and never exceeds the
// width, whatever the text.
func TestWrapLabelKeepsEverything(t *testing.T) {
	inputs := []string{"", "[", "////////", "a b c d e f g h i j k l m n o p", strings.Repeat("x", 100), "Ünïcödé[/ä/ö/ü/ß-" + strings.Repeat("é", 40) + "]"}
	for _, in := range inputs {
		for width := 1; width <= 12; width++ {
			lines := wrapLabel(in, width)
			if got := strings.Join(lines, ""); got != in {
				t.Errorf("wrapLabel(%q, %d) joined = %q", in, width, got)
			}
			for _, l := range lines {
				if utf8.RuneCountInString(l) > width && len(lines) > 1 {
					t.Errorf("wrapLabel(%q, %d): line %q is too long", in, width, l)
				}
			}
		}
	}
}

func TestQuote(t *testing.T) {
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
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"Apt_key[6F6B", "15]"}, `"Apt_key[6F6B\n15]"`},
		{[]string{`T[\N]`}, `"T[\\N]"`},
		{[]string{"two\nlines"}, `"two\nlines"`},
		{[]string{`q"`}, `"q\""`},
	}
	for _, tc := range tests {
		if got := quoteLabel(tc.in); got != tc.want {
			t.Errorf("quoteLabel(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
