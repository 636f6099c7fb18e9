package lsp

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// client is an LSP client over an in-memory pipe to a server running in
// the test process, on the same JSON-RPC library as the server.
type client struct {
	t     testing.TB
	conn  *jsonrpc2.Conn
	root  string
	close func() // ends the session (exit), once

	mu    sync.Mutex
	diags map[string][]protocol.Diagnostic // by URI, the last published
	count map[string]int                   // publications by URI
	// history is every publication by URI, in order (nthDiags).
	history map[string][][]protocol.Diagnostic
	msgs    []protocol.ShowMessageParams
	// requests are those the server sent to the client
	requests []*jsonrpc2.Request
	event    chan struct{}
}

func (c *client) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if !req.Notif {
		// a request from the server: recorded, answered with null
		c.mu.Lock()
		c.requests = append(c.requests, req)
		c.mu.Unlock()
		// answered from another goroutine: writing here, in the reader,
		// would deadlock with a server busy writing to us
		go func() { _ = conn.Reply(ctx, req.ID, nil) }()
	}
	if req.Params == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch req.Method {
	case protocol.ServerTextDocumentPublishDiagnostics:
		var p protocol.PublishDiagnosticsParams
		if json.Unmarshal(*req.Params, &p) == nil {
			c.diags[p.URI] = p.Diagnostics
			c.count[p.URI]++
			c.history[p.URI] = append(c.history[p.URI], p.Diagnostics)
		}
	case protocol.ServerWindowShowMessage:
		var p protocol.ShowMessageParams
		if json.Unmarshal(*req.Params, &p) == nil {
			c.msgs = append(c.msgs, p)
		}
	}
	select {
	case c.event <- struct{}{}:
	default:
	}
}

// startClient serves a workspace of files in a temporary folder and
// initializes the session with initOptions (nil: none).
func startClient(t testing.TB, files map[string]string, initOptions any) *client {
	t.Helper()
	root := t.TempDir()
	testutil.WriteFiles(t, root, files)
	return connect(t, root, initOptions)
}

// connect serves the workspace folder root in process and initializes
// the session.
func connect(t testing.TB, root string, initOptions any) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	serverSide, clientSide := net.Pipe()
	done := make(chan struct{})
	go func() {
		_ = Serve(ctx, serverSide, "test")
		close(done)
	}()
	return connectStream(t, ctx, cancel, clientSide, done, root, initOptions)
}

// connectStream initializes a session with the server at the other end
// of clientSide; done is closed when the server has stopped.
func connectStream(t testing.TB, ctx context.Context, cancel func(), clientSide io.ReadWriteCloser, done <-chan struct{}, root string, initOptions any) *client {
	t.Helper()
	c := &client{t: t, root: root, diags: map[string][]protocol.Diagnostic{}, count: map[string]int{}, history: map[string][][]protocol.Diagnostic{}, event: make(chan struct{}, 1)}
	// a server that ends (exit) ends the stream: not worth a log line
	quiet := jsonrpc2.SetLogger(log.New(io.Discard, "", 0))
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(clientSide, jsonrpc2.VSCodeObjectCodec{}), c, quiet)
	var once sync.Once
	c.close = func() {
		once.Do(func() {
			_ = c.conn.Notify(context.Background(), protocol.MethodExit, nil)
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Error("the server did not stop after exit")
			}
			cancel()
			c.conn.Close()
		})
	}
	t.Cleanup(c.close)
	rootURI := pathToURI(root)
	var res protocol.InitializeResult
	c.call(protocol.MethodInitialize, map[string]any{
		"processId": nil, "rootUri": rootURI,
		"capabilities":          map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}},
		"workspaceFolders":      []map[string]any{{"uri": rootURI, "name": "ws"}},
		"initializationOptions": initOptions,
	}, &res)
	c.notify(protocol.MethodInitialized, map[string]any{})
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) uri(name string) string { return pathToURI(filepath.Join(c.root, name)) }

// open opens a file of the workspace with text (its disk content when
// text is "").
func (c *client) open(name, text string) {
	c.t.Helper()
	if text == "" {
		src, err := os.ReadFile(filepath.Join(c.root, name))
		if err != nil {
			c.t.Fatal(err)
		}
		text = string(src)
	}
	c.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: c.uri(name), LanguageID: "hcl", Version: 1, Text: text}})
}

// change replaces the whole text of an open file.
func (c *client) change(name string, version int, text string) {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": c.uri(name), "version": version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

// waitDiags waits until the file has had n publications, and returns the
// last.
func (c *client) waitDiags(name string, n int) []protocol.Diagnostic {
	c.t.Helper()
	uri := c.uri(name)
	deadline := time.After(10 * time.Second)
	for {
		c.mu.Lock()
		got, d := c.count[uri], c.diags[uri]
		c.mu.Unlock()
		if got >= n {
			return d
		}
		select {
		case <-c.event:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s (%d publications, want %d)", name, got, n)
		}
	}
}

// nthDiags waits for the file's n-th publication (n ≥ 1) and returns
// it, even when more came in the meantime (waitDiags returns the last).
func (c *client) nthDiags(name string, n int) []protocol.Diagnostic {
	c.t.Helper()
	c.waitDiags(name, n)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.history[c.uri(name)][n-1]
}

func (c *client) published(name string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.count[c.uri(name)]
}

func pos(line, char int) protocol.Position {
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(char)}
}

func (c *client) textPos(name string, line, char int) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(name)}, Position: pos(line, char)}
}
