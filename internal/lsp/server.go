package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"slices"
	"sort"
	"sync/atomic"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// serverName is what initialize reports.
const serverName = "catc"

// Server is one language server session.
type Server struct {
	version string
	handler protocol.Handler
	ws      *workspace
	snap    *snapshot
	pub     publisher
	// notify sends a notification to the client (set per request).
	notify glsp.NotifyFunc
	// watchFiles: the client lets the server register file watchers.
	watchFiles bool
	// configErr is a settings error met at initialize, shown once the
	// client is ready; loadErr a load that did not end in time.
	configErr, loadErr error
	// initOptions are the client's initializationOptions, kept to merge
	// over the project file when the folders change.
	initOptions json.RawMessage
	// shutdown and exited record the end of the session: exit without
	// shutdown first is a failure (the protocol's exit code 1).
	// (Atomic: the reader goroutine may go on after exit.)
	shutdown, exited atomic.Bool
	// deadline and grace bound every load (workspace.loadWithin).
	deadline, grace time.Duration
	// siteCache is the site index of the classes and defines (site.go).
	siteCache siteCache
}

// Serve runs a session on stream (stdin/stdout for `catc lsp`) until the
// client sends exit or closes the stream. version is reported to the
// client. It fails when the client sent exit before shutdown, or a
// message that cannot be delimited (which it answers with a parse error
// first); a message that is delimited but not JSON-RPC is answered with
// an error and the session goes on.
func Serve(ctx context.Context, stream io.ReadWriteCloser, version string) error {
	return serve(ctx, stream, NewServer(version))
}

func serve(ctx context.Context, stream io.ReadWriteCloser, s *Server) error {
	fs := newFrameStream(stream)
	// Serve returns the protocol errors it meets; the library would also
	// log them on stderr.
	quiet := jsonrpc2.SetLogger(log.New(io.Discard, "", 0))
	conn := jsonrpc2.NewConn(ctx, fs, jsonrpc2.HandlerWithError(s.handle), quiet)
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
		return nil
	}
	// exit decides first: what the client sends after it is not read
	// for the session
	switch {
	case s.exited.Load() && !s.shutdown.Load():
		return errors.New("lsp: the client sent exit without shutdown first")
	case !s.exited.Load() && fs.framingError() != nil:
		return fmt.Errorf("lsp: malformed message from the client: %w", fs.framingError())
	}
	return nil
}

// NewServer makes a session's state; Serve drives it.
func NewServer(version string) *Server {
	s := &Server{version: version, ws: newWorkspace(), deadline: loadDeadline, grace: loadGrace}
	s.handler = protocol.Handler{
		Initialize:                         s.initialize,
		Initialized:                        s.initialized,
		Shutdown:                           func(*glsp.Context) error { s.shutdown.Store(true); return nil },
		Exit:                               func(*glsp.Context) error { return nil },
		SetTrace:                           func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                      func(*glsp.Context, *protocol.CancelParams) error { return nil },
		TextDocumentDidOpen:                s.didOpen,
		TextDocumentDidChange:              s.didChange,
		TextDocumentDidSave:                func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentDidClose:               s.didClose,
		WorkspaceDidChangeWatchedFiles:     s.didChangeWatchedFiles,
		WorkspaceDidChangeConfiguration:    s.didChangeConfiguration,
		WorkspaceDidChangeWorkspaceFolders: s.didChangeFolders,
		TextDocumentCompletion:             s.completion,
		TextDocumentHover:                  s.hover,
		TextDocumentDefinition:             s.definition,
		TextDocumentReferences:             s.references,
		TextDocumentDocumentSymbol:         s.documentSymbols,
		WorkspaceSymbol:                    s.workspaceSymbols,
		TextDocumentFormatting:             s.formatting,
		TextDocumentCodeAction:             s.codeActions,
		WorkspaceExecuteCommand:            s.executeCommand,
	}
	return s
}

// handle adapts glsp's handler to the JSON-RPC connection: method and
// parameter errors become JSON-RPC errors, exit closes the connection.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	// A bug in one request must not end the session (the editor would
	// lose every feature): it becomes that request's error.
	defer func() {
		if p := recover(); p != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("catc lsp: internal error in %s: %v (please report it)", req.Method, p)}
		}
	}()
	gctx := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { _ = conn.Notify(ctx, method, params) },
		// A request to the client is sent from its own goroutine: its
		// answer comes through this connection's reader, which is busy
		// with the current request until the handler returns.
		Call: func(method string, params, result any) {
			go func() { _ = conn.Call(context.Background(), method, params, result) }()
		},
	}
	if req.Params != nil {
		gctx.Params = *req.Params
	}
	s.notify = gctx.Notify
	if req.Method == protocol.MethodExit {
		s.exited.Store(true)
		return nil, conn.Close()
	}
	r, validMethod, validParams, err := s.handler.Handle(gctx)
	switch {
	case !validMethod:
		if req.Notif {
			return nil, nil // unknown notifications are ignored, as the protocol says
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid parameters"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

func (s *Server) initialize(ctx *glsp.Context, p *protocol.InitializeParams) (any, error) {
	var folders []string
	for _, f := range p.WorkspaceFolders {
		if path := uriToPath(f.URI); path != "" {
			folders = append(folders, path)
		}
	}
	if len(folders) == 0 && p.RootURI != nil {
		if path := uriToPath(*p.RootURI); path != "" {
			folders = append(folders, path)
		}
	}
	if len(folders) == 0 && p.RootPath != nil && *p.RootPath != "" {
		folders = append(folders, filepath.Clean(*p.RootPath))
	}
	s.ws.folders = folders
	if w := p.Capabilities.Workspace; w != nil && w.DidChangeWatchedFiles != nil && w.DidChangeWatchedFiles.DynamicRegistration != nil {
		s.watchFiles = *w.DidChangeWatchedFiles.DynamicRegistration
	}
	if p.InitializationOptions != nil {
		s.initOptions, _ = json.Marshal(p.InitializationOptions)
	}
	// A broken settings file must not keep the server from starting: it
	// is reported once the client is ready, and the workspace loads
	// without those settings.
	s.configErr = s.configure()
	// Loaded now, published once the client says it is ready: the
	// protocol wants no notifications before the initialize response.
	s.loadErr = s.load()

	full := protocol.TextDocumentSyncKindIncremental
	yes := true
	caps := protocol.ServerCapabilities{
		TextDocumentSync: protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &full},
		CompletionProvider: &protocol.CompletionOptions{
			TriggerCharacters: []string{`"`, ".", "[", "$", "="},
		},
		HoverProvider:              true,
		DefinitionProvider:         true,
		ReferencesProvider:         true,
		DocumentSymbolProvider:     true,
		WorkspaceSymbolProvider:    true,
		DocumentFormattingProvider: true,
		CodeActionProvider:         true,
		ExecuteCommandProvider:     &protocol.ExecuteCommandOptions{Commands: []string{CommandWhy}},
		Workspace: &protocol.ServerCapabilitiesWorkspace{WorkspaceFolders: &protocol.WorkspaceFoldersServerCapabilities{
			Supported: &yes, ChangeNotifications: &protocol.BoolOrString{Value: true}}},
	}
	return protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   &protocol.InitializeResultServerInfo{Name: serverName, Version: &s.version},
	}, nil
}

func (s *Server) initialized(ctx *glsp.Context, p *protocol.InitializedParams) error {
	for _, err := range []error{s.configErr, s.loadErr} {
		if err != nil {
			s.showError(err)
		}
	}
	if s.watchFiles {
		// Files changed outside the editor (git checkout, generators)
		// come back as workspace/didChangeWatchedFiles.
		var none any
		ctx.Call(string(protocol.ServerClientRegisterCapability), protocol.RegistrationParams{Registrations: []protocol.Registration{{
			ID: "catc-watch", Method: protocol.MethodWorkspaceDidChangeWatchedFiles,
			RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: []protocol.FileSystemWatcher{
				{GlobPattern: "**/*.hcl"}, {GlobPattern: "**/" + ProjectFile}, {GlobPattern: dataGlob}}},
		}}}, &none)
	}
	s.publish("")
	return nil
}

// configure reads the settings (project file, then initializationOptions)
// and the files below the folders.
// A part that does not decode is left out and returned as the error.
func (s *Server) configure() error {
	set, err := projectSettings(s.ws.folders)
	dir := ""
	if len(s.ws.folders) > 0 {
		dir = s.ws.folders[0]
	}
	over, overErr := readSettings(s.initOptions, dir)
	if overErr != nil {
		over = Settings{}
		err = fmt.Errorf("initializationOptions: %w (they hold {\"vars\": {NAME: VALUE}, \"var_files\": [PATH], \"facts\": PATH})", overErr)
	}
	s.ws.settings = set.merge(over)
	s.ws.scan()
	return err
}

// reload compiles the workspace again and publishes what changed;
// edited is the file that must get its diagnostics in any case.
func (s *Server) reload(edited string) {
	always := edited
	early := func(loaded *snapshot) {
		// The load's diagnostics are what the editor shows but for the
		// cycles, which need the graph: they go out now when they are
		// the whole answer (a load with errors shows no cycles, as catc
		// validate) or when no cycle was shown (one the edit makes comes
		// with the graph); else the graph's answer is awaited, so that
		// a cycle shown does not blink out and back.
		if loaded.diags.HasErrors() || s.snap == nil || len(s.snap.cycleOf) == 0 {
			s.publishOf(loaded, always)
			always = ""
		}
	}
	if err := s.loadWith(early); err != nil {
		s.showError(err)
	}
	s.publish(always)
}

// load compiles the workspace within the deadline. A load that does not
// end in time is left to finish on its own; the last snapshot stays, and
// the error says so.
func (s *Server) load() error { return s.loadWith(nil) }

// loadWith is load, early given the catalog's snapshot before the graph
// (workspace.loadWithin).
func (s *Server) loadWith(early func(*snapshot)) error {
	snap, ok := s.ws.loadWithin(s.deadline, s.grace, early)
	if ok {
		s.snap = snap
		return nil
	}
	if s.snap == nil {
		s.snap = (loadInput{}).compile() // empty: every request still has an answer
	}
	return fmt.Errorf("loading the workspace did not end within %s; what the editor shows is from the last load that ended. A file makes loading too slow: check the files changed last", s.deadline+s.grace)
}

// publish sends the snapshot's diagnostics that changed, edited's in any
// case, and shows those that belong to no file.
func (s *Server) publish(edited string) { s.publishOf(s.snap, edited) }

// publishOf is publish of snap's diagnostics.
func (s *Server) publishOf(snap *snapshot, edited string) {
	notify := s.notify
	if notify == nil {
		notify = func(string, any) {}
	}
	loose := s.pub.publish(snap, edited, notify)
	for _, d := range loose {
		typ := protocol.MessageTypeError
		if d.Severity == hcl.DiagWarning {
			typ = protocol.MessageTypeWarning
		}
		notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: typ, Message: "catc: " + diagnosticMessage(d)})
	}
}

func (s *Server) didOpen(ctx *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path := uriToPath(p.TextDocument.URI)
	if path == "" {
		return nil
	}
	prev, known := s.ws.text(path)
	s.ws.open[path] = []byte(p.TextDocument.Text)
	if known && string(prev) == p.TextDocument.Text && s.snap != nil {
		s.publish(path) // opened as it is on disk: the snapshot holds it already
		return nil
	}
	s.reload(path)
	return nil
}

func (s *Server) didChange(ctx *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	path := uriToPath(p.TextDocument.URI)
	src, ok := s.ws.open[path]
	if !ok {
		return nil
	}
	for _, c := range p.ContentChanges {
		src = applyChange(src, c)
	}
	s.ws.open[path] = src
	s.reload(path)
	return nil
}

func (s *Server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	path := uriToPath(p.TextDocument.URI)
	delete(s.ws.open, path)
	s.ws.reread(path)
	s.reload(path)
	return nil
}

func (s *Server) didChangeWatchedFiles(ctx *glsp.Context, p *protocol.DidChangeWatchedFilesParams) error {
	rescan := false
	for _, c := range p.Changes {
		path := uriToPath(c.URI)
		if filepath.Base(path) == ProjectFile || s.isVarFile(path) {
			rescan = true
		}
		s.ws.reread(path)
	}
	if rescan {
		if err := s.configure(); err != nil {
			s.showError(err)
		}
	}
	s.reload("")
	return nil
}

func (s *Server) isVarFile(path string) bool {
	for _, f := range s.ws.settings.VarFiles {
		if f == path {
			return true
		}
	}
	return path == s.ws.settings.Facts
}

// didChangeFolders follows the folders the editor adds and removes.
func (s *Server) didChangeFolders(ctx *glsp.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	removed := map[string]bool{}
	for _, f := range p.Event.Removed {
		removed[uriToPath(f.URI)] = true
	}
	var folders []string
	for _, f := range s.ws.folders {
		if !removed[f] {
			folders = append(folders, f)
		}
	}
	for _, f := range p.Event.Added {
		if path := uriToPath(f.URI); path != "" && !slices.Contains(folders, path) {
			folders = append(folders, path)
		}
	}
	s.ws.folders = folders
	if err := s.configure(); err != nil {
		s.showError(err)
	}
	s.reload("")
	return nil
}

// didChangeConfiguration takes {"catc": SETTINGS} (or SETTINGS itself)
// in place of the initializationOptions.
func (s *Server) didChangeConfiguration(ctx *glsp.Context, p *protocol.DidChangeConfigurationParams) error {
	raw, _ := json.Marshal(p.Settings)
	var nested struct {
		Catc json.RawMessage `json:"catc"`
	}
	if json.Unmarshal(raw, &nested) == nil && len(nested.Catc) > 0 {
		raw = nested.Catc
	}
	if t := string(raw); t == "null" || t == "{}" || t == "[]" {
		return nil
	}
	s.initOptions = raw
	if err := s.configure(); err != nil {
		s.showError(err)
		return nil
	}
	s.reload("")
	return nil
}

func (s *Server) showError(err error) {
	if s.notify != nil {
		s.notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: "catc: " + err.Error()})
	}
}

// textOf is the current content of a document and its path.
func (s *Server) textOf(uri string) (string, []byte, bool) {
	path := uriToPath(uri)
	src, ok := s.ws.text(path)
	return path, src, ok
}

// linesOf is the line index of src, path's text: the snapshot's when it
// loaded these very bytes (it does after every change), else a new one.
func (s *Server) linesOf(path string, src []byte) *lineIndex {
	if s.snap != nil {
		if li := s.snap.lineIndexOf(path); li.holds(src) {
			return li
		}
	}
	return newLineIndex(src)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
