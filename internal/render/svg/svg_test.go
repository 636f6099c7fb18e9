package svg

import (
	"context"
	"strings"
	"sync"
	"testing"
)

func TestRender(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		dot     string
		inSVG   string
		inError string
	}{
		{name: "graph", dot: `digraph { "Software[php]" -> "Apt_key[1]" [color="#d62728"] }`, inSVG: "<title>Software[php]&#45;&gt;Apt_key[1]</title>"},
		{name: "syntax error", dot: `digraph { a -> }`, inError: "reading DOT: syntax error"},
		{name: "empty input", dot: ``, inError: "reading DOT"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Render(context.Background(), []byte(tc.dot))
			if tc.inError != "" {
				if err == nil || !strings.Contains(err.Error(), tc.inError) {
					t.Fatalf("Render(%q) error = %v, want one containing %q", tc.dot, err, tc.inError)
				}
				return
			}
			if err != nil {
				t.Fatalf("Render(%q): %v", tc.dot, err)
			}
			if !strings.Contains(string(out), tc.inSVG) {
				t.Errorf("Render(%q) has no %q:\n%s", tc.dot, tc.inSVG, out)
			}
		})
	}
}

// TestRenderConcurrent: go-graphviz corrupts its memory when two
// goroutines use it at once; Render serialises them.
func TestRenderConcurrent(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = Render(context.Background(), []byte(`digraph { a -> b -> c; a -> c }`))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("render %d: %v", i, err)
		}
	}
}
