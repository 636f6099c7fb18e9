package catalogjson

import (
	"strings"
	"testing"
)

// TestReadErrorsQuoteNoValue: catc's catalog JSON (as catc diff reads a
// base or head catalog) whose attribute value cannot be read, sensitive
// or not, gives an error with the byte offset that quotes none of the
// value: a number out of range (quoted on main), a bad escape and a bad
// character (whose character was quoted), a key repeated inside a value
// (whose key was quoted), a number where a string belongs.
func TestReadErrorsQuoteNoValue(t *testing.T) {
	t.Parallel()
	doc := func(attrs string) string {
		return `{"format": "catc.catalog/1", "types": [{"name": "vault", "attributes": [{"name": "token", "sensitive": true}]}],` +
			` "resources": [{"ref": "Vault[a]", "type": "vault", "index": 0, "attributes": {` + attrs + `}}], "edges": []}`
	}
	tests := []struct{ name, attrs, want string }{
		{"integer out of range", `"token": 12345678901234567890123`, "integer is outside the supported range"},
		{"float out of range", `"token": 1234567e99999`, "outside the range of a 64-bit float"},
		{"bad escape", `"token": "hunter\q1234567"`, "invalid character in string escape code"},
		{"bad character", `"token": #hunter1234567`, "invalid character looking for beginning of value"},
		{"key repeated in a value", `"token": {"hunter1234567": 1, "hunter1234567": 2}`, "duplicate key at byte offset"},
		{"ordinary attribute", `"owner": 99999999999999999999999, "token": "hunter1234567"`, "integer is outside"},
		{"wrong type", `"token": "hunter1234567"}, "title": 12345678901234567890123, "x": {`, "cannot be the value of"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Read([]byte(doc(tt.attrs)), "head.json")
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if strings.Contains(msg, "hunter") || strings.Contains(msg, "1234567") || strings.Contains(msg, "999999") {
				t.Errorf("the error quotes the value: %s", msg)
			}
			if !strings.Contains(msg, tt.want) || !strings.Contains(msg, "byte offset") {
				t.Errorf("error %q, want %q and the byte offset", msg, tt.want)
			}
		})
	}
}
