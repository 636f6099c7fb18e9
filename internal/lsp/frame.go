package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// Limits of one message's framing: a client that sends a header line or
// a body without end must not make the server hold it all in memory.
const (
	maxHeaderLine = 4096
	maxHeaders    = 32
	maxBody       = 64 << 20
)

// frameStream reads and writes the base protocol's messages (headers, a
// blank line, a body of Content-Length bytes). Unlike jsonrpc2's codec,
// which ends the session at the first body that is not a JSON-RPC
// message, it answers such a message with the JSON-RPC error the
// protocol gives (parse error, invalid request) and reads on. Only a
// message it cannot delimit (a missing or bad Content-Length, a header
// without end, the stream ending inside a message) ends the session:
// then nothing after it can be trusted to start a message.
type frameStream struct {
	rc io.ReadWriteCloser
	r  *bufio.Reader

	mu sync.Mutex // serializes writes and guards broken
	w  *bufio.Writer

	// broken is the framing error that ended the session, nil while
	// messages are well framed and after a clean end of the stream.
	broken error
}

// framingError is the error that ended the session, if the client's
// messages could not be delimited.
func (s *frameStream) framingError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.broken
}

func newFrameStream(rc io.ReadWriteCloser) *frameStream {
	return &frameStream{rc: rc, r: bufio.NewReader(rc), w: bufio.NewWriter(rc)}
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *frameStream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", len(data))
	s.w.Write(data)
	return s.w.Flush()
}

// ReadObject implements jsonrpc2.ObjectStream: the next message that is
// a JSON-RPC object, after answering those that are not.
func (s *frameStream) ReadObject(v any) error {
	for {
		body, err := readFrame(s.r)
		if errors.Is(err, io.EOF) {
			return err // the client closed the stream between messages
		}
		if err != nil {
			s.mu.Lock()
			s.broken = err
			s.mu.Unlock()
			_ = s.WriteObject(errorResponse(nil, jsonrpc2.CodeParseError, err.Error()+"; the session ends: the next message cannot be found"))
			return err
		}
		if !json.Valid(body) {
			_ = s.WriteObject(errorResponse(nil, jsonrpc2.CodeParseError, "the message body is not JSON"))
			continue
		}
		if t := bytes.TrimSpace(body); len(t) == 0 || t[0] != '{' {
			// batches (arrays) are not part of the language server protocol
			_ = s.WriteObject(errorResponse(nil, jsonrpc2.CodeInvalidRequest, "a message must be a JSON object (a request, a notification or a response)"))
			continue
		}
		if err := json.Unmarshal(body, v); err != nil {
			_ = s.WriteObject(errorResponse(messageID(body), jsonrpc2.CodeInvalidRequest, "not a JSON-RPC request, notification or response: "+err.Error()))
			continue
		}
		return nil
	}
}

// Close implements jsonrpc2.ObjectStream.
func (s *frameStream) Close() error { return s.rc.Close() }

// errorResponse is a JSON-RPC error response; id is null when the
// request's id could not be read.
func errorResponse(id any, code int64, msg string) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}}
}

// messageID is the id of a JSON object that is not a valid message, when
// it is one a response may carry (a number or a string), else nil.
func messageID(body []byte) any {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &m) != nil {
		return nil
	}
	var n json.Number
	if json.Unmarshal(m.ID, &n) == nil {
		return n
	}
	var s string
	if json.Unmarshal(m.ID, &s) == nil {
		return s
	}
	return nil
}

// readFrame reads one message's headers and returns its body. io.EOF
// means the stream ended before the message began.
func readFrame(r *bufio.Reader) ([]byte, error) {
	length := -1
	for n := 0; ; n++ {
		line, err := readHeaderLine(r)
		if err != nil {
			if errors.Is(err, io.EOF) && n > 0 {
				return nil, errors.New("the stream ended inside a message's headers")
			}
			return nil, err
		}
		if line == "" {
			break
		}
		if n == maxHeaders {
			return nil, fmt.Errorf("a message has more than %d header lines", maxHeaders)
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("header line %q is not \"Name: value\"", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			l, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || l < 0 {
				return nil, fmt.Errorf("Content-Length %q is not a number of bytes", strings.TrimSpace(value))
			}
			if l > maxBody {
				return nil, fmt.Errorf("Content-Length %d is more than the %d bytes catc reads in one message", l, maxBody)
			}
			length = l
		}
	}
	if length < 0 {
		return nil, errors.New("a message has no Content-Length header")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("the stream ended inside a message's body (%d bytes announced)", length)
	}
	return body, nil
}

// readHeaderLine reads one header line without its "\r\n", at most
// maxHeaderLine bytes. io.EOF means the stream ended before the line began.
func readHeaderLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		c, err := r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) && len(b) > 0 {
				return "", errors.New("the stream ended inside a message's headers")
			}
			return "", err
		}
		if c == '\n' {
			if len(b) == 0 || b[len(b)-1] != '\r' {
				return "", errors.New(`a header line does not end with "\r\n"`)
			}
			return string(b[:len(b)-1]), nil
		}
		if len(b) == maxHeaderLine {
			return "", fmt.Errorf("a header line is longer than %d bytes", maxHeaderLine)
		}
		b = append(b, c)
	}
}
