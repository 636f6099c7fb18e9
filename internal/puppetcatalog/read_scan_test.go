package puppetcatalog

import (
	"testing"
)

// TestReadStrings: a string is read as encoding/json reads it: written
// text as is (ASCII or not), escapes decoded, invalid UTF-8 replaced by
// U+FFFD; an ignored key's value is checked the same way.
func TestReadStrings(t *testing.T) {
	for _, tt := range []struct{ name, json, want string }{
		{"ascii", `"root"`, "root"},
		{"utf-8", `"Zürich ☃"`, "Zürich ☃"},
		{"escapes", `"a\n\"b\"\u00e9\ud83d\ude00"`, "a\n\"b\"é😀"},
		{"invalid utf-8", "\"a\xffb\"", "a\uFFFDb"},
		{"invalid after escape", "\"\\t\xc3\"", "\t\uFFFD"},
		{"lone surrogate", `"\ud83d!"`, "\uFFFD!"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := `{"resources": [{"type": "N", "title": "a", "ignored": ` + tt.json + `, "parameters": {"p": ` + tt.json + `}}]}`
			c, diags := Parse("c.json", []byte(src))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if got, _ := c.Resources[0].Param("p"); got != tt.want {
				t.Errorf("read %q, want %q", got, tt.want)
			}
		})
	}
}
