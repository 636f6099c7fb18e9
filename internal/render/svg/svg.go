package svg

import (
	"bytes"
	"context"
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
	if err := gv.Render(ctx, g, graphviz.SVG, &out); err != nil {
		return nil, fmt.Errorf("rendering SVG: %w", err)
	}
	if out.Len() == 0 {
		return nil, errors.New("rendering SVG: Graphviz produced no output")
	}
	return out.Bytes(), nil
}
