package lsp

// This file implements the server: the connection, the requests it
// answers, the open documents and the debounced runs.

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Options are a server's settings.
type Options struct {
	// Dir is the working directory, the workspace root when the editor
	// names none.
	Dir string
	// Version is crdgen's, and ConfigFile crdgen.yaml when given
	// ($CRDGEN_CONFIG; "" finds it from the workspace root), as app.Env's.
	Version, ConfigFile string
	// Args are crdgen crd's flags and packages for every run.
	Args []string
	// Debounce is how long after the last change a run starts (0: 150 ms).
	Debounce time.Duration
}

// server is one editor's session.
type server struct {
	opts   Options
	client protocol.Client
	reg    *markers.Registry

	mu   sync.Mutex
	root string
	docs map[uri.URI]string
	// timer is the pending debounced run (nil: none).
	timer *time.Timer
	// published are the files the last run published diagnostics for,
	// and their diagnostics (for code actions).
	published map[uri.URI][]markers.Diagnostic

	// runMu serializes runs.
	runMu sync.Mutex
	// exited is closed when the editor says exit.
	exited   chan struct{}
	exitOnce sync.Once
}

// Serve answers the editor on rw until it exits or the connection ends.
func Serve(ctx context.Context, rw io.ReadWriteCloser, opts Options) error {
	if opts.Debounce == 0 {
		opts.Debounce = 150 * time.Millisecond
	}
	s := &server{opts: opts, reg: markers.DefaultRegistry(), docs: map[uri.URI]string{}, published: map[uri.URI][]markers.Diagnostic{}, exited: make(chan struct{})}
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(rw))
	s.client = protocol.ClientDispatcher(conn, zap.NewNop())
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn.Go(ctx, protocol.Handlers(func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		return s.handle(ctx, reply, req)
	}))
	// Exit ends the session even while the connection's reader is still
	// blocked on standard input.
	select {
	case <-conn.Done():
	case <-s.exited:
	}
	return nil
}

// handle answers one request or notification.
func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req.Method() {
	case protocol.MethodInitialize:
		var p protocol.InitializeParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.initialize(&p), nil)
	case protocol.MethodInitialized, protocol.MethodWorkDoneProgressCancel, protocol.MethodSetTrace:
		return reply(ctx, nil, nil)
	case protocol.MethodShutdown:
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		err := reply(ctx, nil, nil)
		s.exitOnce.Do(func() { close(s.exited) })
		return err
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			s.setText(p.TextDocument.URI, p.TextDocument.Text, 0)
		}
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentDidChange:
		var p protocol.DidChangeTextDocumentParams
		if err := json.Unmarshal(req.Params(), &p); err == nil && len(p.ContentChanges) > 0 {
			// Full sync: each change is the whole text.
			s.setText(p.TextDocument.URI, p.ContentChanges[len(p.ContentChanges)-1].Text, s.opts.Debounce)
		}
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentDidSave:
		var p protocol.DidSaveTextDocumentParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			s.schedule(0)
		}
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			s.mu.Lock()
			delete(s.docs, p.TextDocument.URI)
			s.mu.Unlock()
			s.schedule(0)
		}
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.hover(p.TextDocument.URI, p.Position), nil)
	case protocol.MethodTextDocumentCompletion:
		var p protocol.CompletionParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.complete(p.TextDocument.URI, p.Position), nil)
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.codeActions(p.TextDocument.URI, p.Range), nil)
	}
	return jsonrpc2.MethodNotFoundHandler(ctx, reply, req)
}

// initialize takes the workspace root and says what the server does.
func (s *server) initialize(p *protocol.InitializeParams) *protocol.InitializeResult {
	root := s.opts.Dir
	switch {
	case len(p.WorkspaceFolders) > 0:
		root = uri.URI(p.WorkspaceFolders[0].URI).Filename()
	case p.RootURI != "":
		root = uri.URI(p.RootURI).Filename()
	case p.RootPath != "":
		root = p.RootPath
	}
	s.mu.Lock()
	s.root = filepath.Clean(root)
	s.mu.Unlock()
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindFull,
				Save:      &protocol.SaveOptions{},
			},
			HoverProvider:      true,
			CompletionProvider: &protocol.CompletionOptions{TriggerCharacters: []string{"+", ":"}},
			CodeActionProvider: true,
		},
		ServerInfo: &protocol.ServerInfo{Name: "crdgen", Version: s.opts.Version},
	}
}

// setText records a document's text and schedules a run after delay.
func (s *server) setText(u uri.URI, text string, delay time.Duration) {
	s.mu.Lock()
	s.docs[u] = text
	s.mu.Unlock()
	s.schedule(delay)
}

// schedule starts a run after delay, replacing one still pending: edits
// in quick succession make one run.
func (s *server) schedule(delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.timer != nil {
		s.timer.Stop()
	}
	s.timer = time.AfterFunc(delay, s.run)
}

// text is an open document's text, or the file's on disk.
func (s *server) text(u uri.URI) (string, bool) {
	s.mu.Lock()
	t, ok := s.docs[u]
	s.mu.Unlock()
	if ok {
		return t, true
	}
	data, err := readFile(u.Filename())
	return string(data), err == nil
}
