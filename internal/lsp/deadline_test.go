package lsp

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/testutil"
)

// connectServer is connect with a server made by the test (a shorter
// deadline).
func connectServer(t *testing.T, files map[string]string, s *Server) *client {
	t.Helper()
	root := t.TempDir()
	testutil.WriteFiles(t, root, files)
	ctx, cancel := context.WithCancel(context.Background())
	serverSide, clientSide := net.Pipe()
	done := make(chan struct{})
	go func() {
		_ = serve(ctx, serverSide, s)
		close(done)
	}()
	return connectStream(t, ctx, cancel, clientSide, done, root, nil)
}

// A file whose evaluation would run away no longer stops the server:
// its load ends (by the evaluation budget, or the load's deadline) with
// a diagnostic at the expression, and the next request is answered at
// once. The first file is the report's, which made the server answer
// nothing; the others are other runaway shapes, opened in its place.
// Before, the load of the first never ended.
func TestRunawayFileKeepsServerAnswering(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	nested := "locals {\n  x = [for a in range(1000) : [for b in range(1000) : [for c in range(1000) : \"${a}-${b}-${c}\"]]]\n}\n"
	s := NewServer("test")
	s.deadline, s.grace = 500*time.Millisecond, 2*time.Second
	c := connectServer(t, map[string]string{"a.hcl": nested}, s)
	for i, src := range []string{
		nested,
		"locals {\n  s = format(\"%1000000s\", \"x\")\n  x = [for i in range(1000) : [for j in range(1000) : \"${local.s}${local.s}\"]]\n}\n",
		"locals {\n  x = [for i in range(1000) : flatten(setproduct(range(300), range(1000)))]\n}\n",
	} {
		published := c.published("a.hcl")
		start := time.Now()
		if i == 0 {
			c.open("a.hcl", src)
		} else {
			c.change("a.hcl", i+1, src)
		}
		var syms []protocol.DocumentSymbol
		c.call(protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("a.hcl")}}, &syms)
		// the load stops at the deadline, or is left behind at the grace
		if d, most := time.Since(start), s.deadline+s.grace+2*time.Second; d > most {
			t.Errorf("file %d: the request after the change was answered after %v, more than %v", i, d, most)
		}
		diags := c.waitDiags("a.hcl", published+1)
		if !hasMessage(diags, "Evaluation too costly") {
			t.Errorf("file %d: diagnostics %+v, want the budget's", i, diags)
		}
	}
}

func hasMessage(diags []protocol.Diagnostic, s string) bool {
	for _, d := range diags {
		if strings.Contains(d.Message, s) {
			return true
		}
	}
	return false
}

// A load that does not end even after its deadline (here one that never
// ends) is left behind: the server answers with the last snapshot, tells
// the user, and the next load gets a parse cache of its own.
func TestStalledLoadLeftBehind(t *testing.T) {
	t.Parallel()
	w := newWorkspace()
	first, ok := w.loadWithin(time.Second, time.Second, nil)
	if !ok || first == nil {
		t.Fatal("an empty workspace did not load")
	}
	stall := make(chan struct{})
	defer close(stall)
	w.compile = func(loadInput) *snapshot { <-stall; return nil }
	cache := w.cache
	start := time.Now()
	if snap, ok := w.loadWithin(50*time.Millisecond, 50*time.Millisecond, nil); ok || snap != nil {
		t.Errorf("a stalled load gave %v, %v", snap, ok)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("waited %v for a stalled load", d)
	}
	if w.cache == cache {
		t.Error("the stalled load's parse cache is still the workspace's")
	}
}
