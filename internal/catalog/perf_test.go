package catalog

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// capitalizeSlow is capitalizeType's definition, kept as the reference
// for its fast path.
func capitalizeSlow(name string) string {
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

func TestCapitalizeType(t *testing.T) {
	t.Parallel()
	for _, name := range []string{
		"", "a", "A", "apt_key", "APT_KEY", "Apt_key", "foo::bar", "FOO::BAR::baz",
		"a:b", "a:::b", ":::", "::", "::a", "a::", "_x", "9lives", "x1::2y",
		"ärger", "Été::ÉTÉ", "a::ß", strings.Repeat("long_name::", 12),
	} {
		if got, want := CapitalizeType(name), capitalizeSlow(name); got != want {
			t.Errorf("capitalizeType(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestLookupKeyLowersType(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		typ    string
		values []types.Value
	}{
		{"Software", []types.Value{"php"}},
		{"SOFTWARE", []types.Value{"yum", nil, int64(5)}},
		{"Ärger::Typ", []types.Value{"x"}},
		{"file", nil},
	} {
		var b strings.Builder
		b.WriteString(strings.ToLower(tc.typ))
		for _, v := range tc.values {
			b.WriteByte(0)
			switch v := v.(type) {
			case string:
				b.WriteString(v)
			case nil:
				b.WriteString("\x01nil")
			default:
				b.WriteString("\x02" + types.RubyInspect(v))
			}
		}
		if got := lookupKey(tc.typ, tc.values); got != b.String() {
			t.Errorf("lookupKey(%q, %v) = %q, want %q", tc.typ, tc.values, got, b.String())
		}
	}
	if TitleKey("Software", "php") != lookupKey("software", []types.Value{"php"}) {
		t.Error("a title key differs from the one-value lookup key")
	}
}
