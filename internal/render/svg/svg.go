package svg

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/goccy/go-graphviz"
)

// mu serialises every use of go-graphviz (its WebAssembly module is one
// global instance).
var mu sync.Mutex

// Render lays out the DOT graph src with Graphviz's dot layout and
// returns it as SVG. It fails on a DOT syntax error, on a layout or
// render error, and on an empty result (go-graphviz can return no bytes
// and no error).
func Render(ctx context.Context, src []byte) ([]byte, error) {
	return render(ctx, src, graphviz.SVG, "SVG")
}

// Layout lays out the DOT graph src as Render does and returns the
// layout as data: Graphviz's JSON output (`dot -Tjson`), each node's,
// edge's and cluster's position and the drawing operations of its
// shapes and labels (xdot), for a page that draws the picture itself.
// It fails as Render does.
//
// Graphviz 12 as compiled here writes the style of an HTML table cell's
// dashed border followed by whatever strings lie after it in its
// memory, some holding raw control characters, which no JSON string
// may, and drops the rest of that label's drawing (so package dot's
// ForLayout draws its legend without such a style): Layout writes each
// control character as a space, so the document is JSON (readers take
// only a style's known words).
func Layout(ctx context.Context, src []byte) ([]byte, error) {
	out, err := render(ctx, src, graphviz.Format("json"), "the layout")
	if err != nil {
		return nil, err
	}
	out = blankControls(out)
	if !json.Valid(out) {
		return nil, errors.New("rendering the layout: Graphviz's JSON is not valid")
	}
	return out, nil
}

// blankControls replaces each control character inside a JSON string of
// doc with a space (in place). Outside strings JSON has none but the
// whitespace, which stays.
func blankControls(doc []byte) []byte {
	in, escaped := false, false
	for i, c := range doc {
		switch {
		case !in:
			in = c == '"'
		case escaped:
			escaped = false
		case c == '\\':
			escaped = true
		case c == '"':
			in = false
		case c < 0x20:
			doc[i] = ' '
		}
	}
	return doc
}

func render(ctx context.Context, src []byte, format graphviz.Format, what string) ([]byte, error) {
	mu.Lock()
	defer mu.Unlock()
	gv, err := graphviz.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("starting Graphviz: %w", err)
	}
	defer gv.Close()
	g, err := graphviz.ParseBytes(src)
	if err != nil {
		return nil, fmt.Errorf("reading DOT: %w", err)
	}
	if g == nil {
		return nil, errors.New("reading DOT: Graphviz returned no graph")
	}
	defer g.Close()
	gv.SetLayout(graphviz.DOT)
	var out bytes.Buffer
	if err := gv.Render(ctx, g, format, &out); err != nil {
		return nil, fmt.Errorf("rendering %s: %w", what, err)
	}
	if out.Len() == 0 {
		return nil, fmt.Errorf("rendering %s: Graphviz produced no output", what)
	}
	return out.Bytes(), nil
}
