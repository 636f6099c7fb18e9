package svg

import (
	"context"
	"encoding/json"
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

// TestLayout: the layout is Graphviz's JSON, naming each node and giving
// its position and the operations that draw it.
func TestLayout(t *testing.T) {
	t.Parallel()
	out, err := Layout(context.Background(), []byte(`digraph { "Software[php]" -> "Apt_key[1]" }`))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		BB      string `json:"bb"`
		Objects []struct {
			Name string          `json:"name"`
			Pos  string          `json:"pos"`
			Draw json.RawMessage `json:"_draw_"`
		} `json:"objects"`
		Edges []struct{ Tail, Head int } `json:"edges"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc.BB == "" || len(doc.Objects) != 2 || doc.Objects[0].Name != "Software[php]" || doc.Objects[0].Pos == "" || len(doc.Objects[0].Draw) == 0 {
		t.Errorf("layout lacks a node's name, position or drawing:\n%s", out)
	}
	if len(doc.Edges) != 1 || doc.Edges[0].Tail != 0 || doc.Edges[0].Head != 1 {
		t.Errorf("edges %+v, want Software[php] -> Apt_key[1]", doc.Edges)
	}
	if _, err := Layout(context.Background(), []byte(`digraph { a -> }`)); err == nil || !strings.Contains(err.Error(), "reading DOT: syntax error") {
		t.Errorf("a syntax error: %v", err)
	}
}

// TestLayoutOfDashedTableCell: the legend of a picture with refresh
// edges (a table cell with a dashed border) is laid out as valid JSON,
// although Graphviz writes the cell's style with raw control characters
// from its memory after it.
func TestLayoutOfDashedTableCell(t *testing.T) {
	t.Parallel()
	src := `digraph { a -> b [style=dashed]; legend [shape=plaintext, label=<<table><tr><td sides="t" border="1" style="dashed" width="28"></td></tr></table>>] }`
	out, err := Layout(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(out) || !strings.Contains(string(out), `"style": "dashed`) {
		t.Errorf("not JSON, or no dashed style:\n%.2000s", out)
	}
}

func TestBlankControls(t *testing.T) {
	t.Parallel()
	in := "{\n  \"a\": \"x\x1a\ty\\\"\x01\",\n  \"b\": 1\n}"
	want := "{\n  \"a\": \"x  y\\\" \",\n  \"b\": 1\n}"
	if got := string(blankControls([]byte(in))); got != want {
		t.Errorf("blankControls(%q) = %q, want %q", in, got, want)
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
