package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// script is a client's bytes for Serve: it reads them, then end of file.
type script struct {
	in  io.Reader
	mu  sync.Mutex
	out bytes.Buffer
}

func (s *script) Read(p []byte) (int, error) { return s.in.Read(p) }
func (s *script) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Write(p)
}
func (s *script) Close() error { return nil }

// framed is one well-framed message.
func framed(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

const (
	initReq     = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`
	shutdownReq = `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`
	exitNote    = `{"jsonrpc":"2.0","method":"exit"}`
)

// replies are the server's answers as "id code" (code 0: a result).
func replies(t *testing.T, out []byte) []string {
	t.Helper()
	var got []string
	r := bufio.NewReader(bytes.NewReader(out))
	for {
		body, err := readFrame(r)
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatalf("the server wrote a bad frame: %v in %q", err, out)
		}
		var m struct {
			ID    json.RawMessage `json:"id"`
			Error *struct {
				Code int `json:"code"`
			} `json:"error"`
			Method string `json:"method"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("the server wrote non-JSON: %q", body)
		}
		if m.Method != "" {
			continue // a notification (window/logMessage and the like)
		}
		code := 0
		if m.Error != nil {
			code = m.Error.Code
		}
		got = append(got, fmt.Sprintf("%s %d", m.ID, code))
	}
}

// TestMalformedMessages: a message that is framed but is not JSON, not an
// object or not JSON-RPC is answered with the JSON-RPC error and the
// session goes on; a message that cannot be delimited is answered with a
// parse error and ends the session with an error; exit without shutdown
// is an error (the protocol's exit code 1), after it is not.
func TestMalformedMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      string
		replies []string
		err     string // "" : Serve returns nil
	}{
		{"well formed session", framed(initReq) + framed(shutdownReq) + framed(exitNote), []string{"1 0", "2 0"}, ""},
		{"stream closed without exit", framed(initReq), []string{"1 0"}, ""},
		{"exit without shutdown", framed(initReq) + framed(exitNote), []string{"1 0"}, "exit without shutdown"},
		{"body not JSON", framed("{not json") + framed(initReq) + framed(shutdownReq) + framed(exitNote), []string{"null -32700", "1 0", "2 0"}, ""},
		{"empty body", framed("") + framed(initReq) + framed(shutdownReq) + framed(exitNote), []string{"null -32700", "1 0", "2 0"}, ""},
		{"body a JSON array", framed(`[1,2]`) + framed(initReq) + framed(shutdownReq) + framed(exitNote), []string{"null -32600", "1 0", "2 0"}, ""},
		{"body a JSON string", framed(`"x"`) + framed(initReq) + framed(shutdownReq) + framed(exitNote), []string{"null -32600", "1 0", "2 0"}, ""},
		{"object not JSON-RPC", framed(`{"id":7,"x":1}`) + framed(initReq) + framed(shutdownReq) + framed(exitNote), []string{"7 -32600", "1 0", "2 0"}, ""},
		{"Content-Length not a number", "Content-Length: abc\r\n\r\n{}" + framed(initReq), []string{"null -32700"}, "Content-Length \"abc\""},
		{"negative Content-Length", "Content-Length: -5\r\n\r\n" + framed(initReq), []string{"null -32700"}, "not a number of bytes"},
		{"huge Content-Length", "Content-Length: 99999999999\r\n\r\n{}", []string{"null -32700"}, "more than"},
		{"no Content-Length", "Content-Type: x\r\n\r\n{}" + framed(initReq), []string{"null -32700"}, "no Content-Length"},
		{"header without colon", "hello\r\n\r\n" + framed(initReq), []string{"null -32700"}, "not \"Name: value\""},
		{"bare newline", "Content-Length: 2\n\n{}", []string{"null -32700"}, `"\r\n"`},
		{"endless header line", strings.Repeat("x", 100000), []string{"null -32700"}, "longer than"},
		{"body cut short", "Content-Length: 100\r\n\r\n{}", []string{"null -32700"}, "inside a message's body"},
		{"headers cut short", "Content-Length: 2\r\n", []string{"null -32700"}, "inside a message's headers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &script{in: strings.NewReader(tt.in)}
			done := make(chan error, 1)
			go func() { done <- Serve(context.Background(), s, "test") }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the server did not stop")
			}
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("Serve: %v, want no error", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("Serve: %v, want an error with %q", err, tt.err)
			}
			s.mu.Lock()
			got := replies(t, s.out.Bytes())
			s.mu.Unlock()
			if strings.Join(got, ", ") != strings.Join(tt.replies, ", ") {
				t.Errorf("replies %v, want %v", got, tt.replies)
			}
		})
	}
}
