package lsp

// These tests drive the server through go.lsp.dev's client, as an editor
// would: diagnostics of an unsaved buffer, a quick fix, hover and
// completion of markers, and diagnostics cleared when the text is fixed.

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
)

// types is an API package with one kind; broken is it with a misspelt
// marker and a CEL rule naming a field that does not exist.
const types = `// +groupName=shop.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec              WidgetSpec ` + "`json:\"spec,omitempty\"`" + `
}

// WidgetSpec is a widget's spec.
// +kubebuilder:validation:XValidation:rule="self.size >= 0",message="size is not negative"
type WidgetSpec struct {
	// Size is the widget's size.
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:Minimum=0
	Size int32 ` + "`json:\"size\"`" + `
}
`

var broken = strings.NewReplacer("Maximum=10", "Maxmum=10", "self.size >= 0", "self.sise >= 0").Replace(types)

// client is the editor: it keeps what the server publishes.
type client struct {
	published chan *protocol.PublishDiagnosticsParams
}

func (c *client) PublishDiagnostics(_ context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.published <- p
	return nil
}
func (c *client) Progress(context.Context, *protocol.ProgressParams) error { return nil }
func (c *client) WorkDoneProgressCreate(context.Context, *protocol.WorkDoneProgressCreateParams) error {
	return nil
}
func (c *client) LogMessage(context.Context, *protocol.LogMessageParams) error   { return nil }
func (c *client) ShowMessage(context.Context, *protocol.ShowMessageParams) error { return nil }
func (c *client) ShowMessageRequest(context.Context, *protocol.ShowMessageRequestParams) (*protocol.MessageActionItem, error) {
	return nil, nil
}
func (c *client) Telemetry(context.Context, any) error                                   { return nil }
func (c *client) RegisterCapability(context.Context, *protocol.RegistrationParams) error { return nil }
func (c *client) UnregisterCapability(context.Context, *protocol.UnregistrationParams) error {
	return nil
}
func (c *client) ApplyEdit(context.Context, *protocol.ApplyWorkspaceEditParams) (bool, error) {
	return false, nil
}
func (c *client) Configuration(context.Context, *protocol.ConfigurationParams) ([]any, error) {
	return nil, nil
}
func (c *client) WorkspaceFolders(context.Context) ([]protocol.WorkspaceFolder, error) {
	return nil, nil
}

// wait is the next publication for u.
func (c *client) wait(t *testing.T, u uri.URI) *protocol.PublishDiagnosticsParams {
	t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case p := <-c.published:
			if p.URI == u {
				return p
			}
		case <-timeout:
			t.Fatalf("no diagnostics published for %s", u)
		}
	}
}

func TestServer(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := module(t)
	file := filepath.Join(dir, "api", "v1", "types.go")
	u := uri.File(file)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	serverEnd, clientEnd := net.Pipe()
	go Serve(ctx, serverEnd, Options{Dir: dir, Version: "test", Debounce: time.Millisecond})
	c := &client{published: make(chan *protocol.PublishDiagnosticsParams, 16)}
	ctx, _, server := protocol.NewClient(ctx, c, jsonrpc2.NewStream(clientEnd), zap.NewNop())

	init, err := server.Initialize(ctx, &protocol.InitializeParams{RootURI: protocol.DocumentURI(uri.File(dir))})
	if err != nil {
		t.Fatal(err)
	}
	if init.Capabilities.HoverProvider != true || init.Capabilities.CompletionProvider == nil {
		t.Errorf("capabilities %+v, want hover and completion", init.Capabilities)
	}
	if err := server.Initialized(ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}

	// The buffer, not the file on disk (which is clean), is what crdgen
	// reads.
	err = server.DidOpen(ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "go", Version: 1, Text: broken}})
	if err != nil {
		t.Fatal(err)
	}
	p := c.wait(t, u)
	var typo *protocol.Diagnostic
	got := map[string]bool{}
	for i, d := range p.Diagnostics {
		got[d.Code.(string)] = true
		if d.Code == "unknown-marker" {
			typo = &p.Diagnostics[i]
		}
	}
	if len(p.Diagnostics) != 2 || !got["unknown-marker"] || !got["cel"] {
		t.Fatalf("got diagnostics %+v, want unknown-marker and cel", p.Diagnostics)
	}
	if typo.Range.Start.Line != 18 || typo.Range.Start.Character != 4 || !strings.Contains(typo.Message, "did you mean +kubebuilder:validation:Maximum") {
		t.Errorf("got the typo at %+v: %s", typo.Range.Start, typo.Message)
	}

	actions, err := server.CodeAction(ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: typo.Range})
	if err != nil || len(actions) != 1 {
		t.Fatalf("code actions %+v, %v: want one", actions, err)
	}
	edit := actions[0].Edit.Changes[u][0]
	if actions[0].Title != "rename to +kubebuilder:validation:Maximum" || edit.NewText != "kubebuilder:validation:Maximum" || edit.Range.Start.Character != 5 || edit.Range.End.Character != 34 {
		t.Errorf("got the action %q, edit %+v", actions[0].Title, edit)
	}

	// Hover on +kubebuilder:validation:Minimum (line 20).
	hover, err := server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 19, Character: 12}}})
	if err != nil || hover == nil || !strings.Contains(hover.Contents.Value, "+kubebuilder:validation:Minimum") {
		t.Fatalf("hover: %+v, %v", hover, err)
	}

	// Completion after "// +kubebuilder:validation:Max" (line 19).
	list, err := server.Completion(ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 18, Character: 31}}})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	if !containsAll(labels, "kubebuilder:validation:Maximum", "kubebuilder:validation:MaxLength", "kubebuilder:validation:MaxItems") || containsAll(labels, "kubebuilder:validation:Minimum") {
		t.Errorf("completions %q", labels)
	}

	// The text fixed, the diagnostics are cleared.
	err = server.DidChange(ctx, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: types}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := c.wait(t, u); len(p.Diagnostics) != 0 {
		t.Errorf("after the fix, got %+v, want none", p.Diagnostics)
	}
	if err := server.Shutdown(ctx); err != nil {
		t.Error(err)
	}
}

func containsAll(list []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, l := range list {
			found = found || l == w
		}
		if !found {
			return false
		}
	}
	return true
}

// module writes the clean API package as a module of its own.
func module(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":          "module example.com/shop\n\ngo 1.26.8\n\nrequire k8s.io/apimachinery v0.37.2\n",
		"api/v1/types.go": types,
	}
	sum, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files["go.sum"] = string(sum)
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "mod", "tidy")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	return dir
}
