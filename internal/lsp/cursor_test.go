package lsp

import (
	"slices"
	"testing"
)

// TestDeclaredAttributes: the attribute blocks of the type being edited
// are found by the same walk as the cursor's block, so what sits inside
// an expression or a comment opens no block and hides none.
func TestDeclaredAttributes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		want      []string
	}{
		{"plain", "type \"thing\" {\n  attribute \"path\" {\n    type = \"String\"\n  }\n  attribute \"owner\" {}\n}\n", []string{"path", "owner"}},
		{"other type", "type \"other\" {\n  attribute \"x\" {}\n}\ntype \"thing\" {\n  attribute \"y\" {}\n}\n", []string{"y"}},
		{"nested blocks are not attributes of the type", "type \"thing\" {\n  autobefore {\n    attribute \"z\" {}\n  }\n}\n", nil},
		{"a comment before the brace", "type \"thing\" {\n  attribute \"path\" /* the key */ {\n    type = \"String\"\n  }\n}\n", []string{"path"}},
		{"objects in a list span lines", "type \"thing\" {\n  attribute \"path\" {\n    default = [\n      {\n        a = 1\n      },\n    ]\n  }\n  attribute \"owner\" {}\n}\n", []string{"path", "owner"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := declaredAttributes([]byte(tc.src), "t.hcl", "thing"); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
