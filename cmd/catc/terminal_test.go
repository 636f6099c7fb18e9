package main

import "testing"

// Colour follows no-color.org (only a non-empty NO_COLOR turns it off)
// and TERM=dumb.
func TestWantsColor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"nothing set", map[string]string{}, true},
		{"NO_COLOR=1", map[string]string{"NO_COLOR": "1"}, false},
		{"NO_COLOR=0 is still set", map[string]string{"NO_COLOR": "0"}, false},
		{"empty NO_COLOR", map[string]string{"NO_COLOR": ""}, true},
		{"TERM=dumb", map[string]string{"TERM": "dumb"}, false},
		{"TERM=dumb, empty NO_COLOR", map[string]string{"TERM": "dumb", "NO_COLOR": ""}, false},
		{"TERM=xterm-256color", map[string]string{"TERM": "xterm-256color"}, true},
		{"empty TERM", map[string]string{"TERM": ""}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
			if got := wantsColor(lookup); got != tc.want {
				t.Errorf("wantsColor = %v, want %v", got, tc.want)
			}
		})
	}
}
