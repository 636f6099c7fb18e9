package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// leaksCiphertext reports what of an eyaml value an answer shows.
func leaksCiphertext(answer any) string {
	raw, _ := json.Marshal(answer)
	for _, leak := range []string{"ENC[", "MIIBiQYJKoZIhvcNAQcD", "PKCS7,"} {
		if strings.Contains(string(raw), leak) {
			return leak
		}
	}
	return ""
}

// TestEyamlNeverShownByTheServer: on a site whose Hiera data holds
// ENC[PKCS7,…] values fed to a class parameter and to a lookup(), no
// answer of the server shows the ciphertext: the diagnostics (also of a
// secret given to a parameter of the wrong type), hover, definition,
// references and completion at every position of the site, document and
// workspace symbols, code actions and the why command they run.
func TestEyamlNeverShownByTheServer(t *testing.T) {
	t.Parallel()
	site := hieraFiles["site.hcl"] + "\nclass \"profile::pin\" {\n  variable \"pin\" {\n    type = \"Integer\"\n  }\n}\ninclude \"profile::pin\" {}\n"
	files := withFiles(map[string]string{
		"site.hcl":           site,
		"data/secrets.eyaml": hieraFiles["data/secrets.eyaml"] + "profile::pin::pin: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEwDQYJKoZIhvcNAQEBBQAEggEAUElO]\n",
	})
	bad := startClient(t, files, nil)
	bad.open("site.hcl", "")
	bad.waitDiags("site.hcl", 1)
	wrong := bad.waitDiags("data/secrets.eyaml", 1)
	if len(wrong) != 1 || !strings.Contains(wrong[0].Message, "parameter 'pin' expects an Integer value") {
		t.Fatalf("the secret of the wrong type: %+v", wrong)
	}
	bad.mu.Lock()
	leak := leaksCiphertext(bad.diags)
	bad.mu.Unlock()
	if leak != "" {
		t.Errorf("the diagnostics show %q", leak)
	}

	// every answer on the site that compiles
	site = hieraFiles["site.hcl"]
	c := startClient(t, hieraFiles, nil)
	c.open("site.hcl", "")
	if d := c.waitDiags("site.hcl", 1); len(d) != 0 {
		t.Fatalf("the site does not load: %v", d)
	}
	li := newLineIndex([]byte(site))
	for off := 0; off < len(site); off += 2 {
		at := c.at("site.hcl", li.position(off))
		var hover *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, at, &hover)
		var defs, refs []protocol.Location
		c.call(protocol.MethodTextDocumentDefinition, at, &defs)
		c.call(protocol.MethodTextDocumentReferences, protocol.ReferenceParams{TextDocumentPositionParams: at, Context: protocol.ReferenceContext{IncludeDeclaration: true}}, &refs)
		var list protocol.CompletionList
		c.call(protocol.MethodTextDocumentCompletion, at, &list)
		for what, answer := range map[string]any{"hover": hover, "definition": defs, "references": refs, "completion": list} {
			if leak := leaksCiphertext(answer); leak != "" {
				t.Fatalf("%s at %v shows %q: %+v", what, li.position(off), leak, answer)
			}
		}
	}
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("site.hcl")}}, &syms)
	var ws []protocol.SymbolInformation
	c.call(protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: ""}, &ws)
	var actions []protocol.CodeAction
	lines := strings.Count(site, "\n")
	c.call(protocol.MethodTextDocumentCodeAction, protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("site.hcl")},
		Range: protocol.Range{Start: pos(0, 0), End: pos(lines, 0)}}, &actions)
	for what, answer := range map[string]any{"document symbols": syms, "workspace symbols": ws, "code actions": actions} {
		if leak := leaksCiphertext(answer); leak != "" {
			t.Errorf("%s show %q: %+v", what, leak, answer)
		}
	}
	for _, ref := range []string{"File[/etc/token]", "User[db]", "Class[Profile::Db]"} {
		var out any
		c.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: CommandWhy, Arguments: []any{ref}}, &out)
		if leak := leaksCiphertext(out); leak != "" {
			t.Errorf("why %s shows %q: %v", ref, leak, out)
		}
	}
	c.mu.Lock()
	msgs := append([]protocol.ShowMessageParams(nil), c.msgs...)
	c.mu.Unlock()
	if leak := leaksCiphertext(msgs); leak != "" {
		t.Errorf("the messages show %q: %v", leak, msgs)
	}
}
