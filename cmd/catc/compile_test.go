package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCompileFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, format string
		wantCode     int
		// wantKey is a top-level key of the output; wantErr a part of stderr.
		wantKey, wantErr string
	}{
		{"default is catc", "", 0, "format", ""},
		{"catc", "catc", 0, "format", ""},
		{"puppet", "puppet", 0, "catalog_format", ""},
		{"unknown", "yaml", 1, "", "use catc or puppet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"compile", seed}
			if tc.format != "" {
				args = append(args, "--format", tc.format)
			}
			code, out, errOut := runCatc(t, args...)
			if code != tc.wantCode || !strings.Contains(errOut, tc.wantErr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, tc.wantCode, tc.wantErr)
			}
			if tc.wantKey == "" {
				if out != "" {
					t.Errorf("output on error: %q", out)
				}
				return
			}
			var doc map[string]json.RawMessage
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("output is not JSON: %v", err)
			}
			if _, ok := doc[tc.wantKey]; !ok {
				t.Errorf("no %q key in the output", tc.wantKey)
			}
		})
	}
}
