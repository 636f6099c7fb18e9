package catalog

import (
	"bytes"
	"testing"

	"github.com/catc-dev/catc/internal/coretypes"
)

// TestMaskedDescs: every built-in type decodes to the same docs (type,
// attributes, title patterns) whether its desc texts are blanked for the
// parse (maskDescs) or not, the blanked source has every byte position
// and line of the original, and a user's "${""}" stays empty.
func TestMaskedDescs(t *testing.T) {
	masked := 0
	for _, s := range coretypes.Sources() {
		m := maskDescs(s.Src)
		if len(m) != len(s.Src) || bytes.Count(m, []byte("\n")) != bytes.Count(s.Src, []byte("\n")) {
			t.Fatalf("%s: positions moved", s.Name)
		}
		if !bytes.Equal(m, s.Src) {
			masked++
		}
		plain := decodeSource(t, s.Src, s)
		fast := decodeSource(t, m, s)
		if plain.Desc != fast.Desc || plain.Desc == "" {
			t.Errorf("%s: desc %q, masked %q", s.Name, plain.Desc, fast.Desc)
		}
		for i, a := range plain.Attributes {
			if b := fast.Attributes[i]; a.Desc != b.Desc {
				t.Errorf("%s %s: desc %q, masked %q", s.Name, a.Name, a.Desc, b.Desc)
			}
		}
		for i, p := range plain.TitlePatterns {
			if q := fast.TitlePatterns[i]; p.Desc != q.Desc {
				t.Errorf("%s title pattern %d: desc %q, masked %q", s.Name, i, p.Desc, q.Desc)
			}
		}
	}
	if masked < len(coretypes.Names)/2 {
		t.Errorf("only %d sources have a desc blanked", masked)
	}
}

func decodeSource(t *testing.T, parse []byte, s coretypes.Source) *TypeDef {
	t.Helper()
	p := parseTypeSource(t, parse, s)
	p.builtin = true // as parseBuiltin marks it
	td, diags := decodeType(p, nil)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", s.Name, diags)
	}
	return td
}
