package lsp

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/testutil"
)

// cliDiagnostics is what `catc validate DIR` reports, by file: the load's
// diagnostics, then the cycles' when the load has no errors.
func cliDiagnostics(t *testing.T, dir string) map[string][]*hcl.Diagnostic {
	t.Helper()
	cat, diags := compiler.Load([]string{dir}, compiler.LoadOptions{})
	if !diags.HasErrors() {
		_, cyc := graph.Order(graph.Build(cat), graph.Ordering{})
		diags = append(diags, render.WhyHints(cyc, []string{dir})...)
	}
	out := map[string][]*hcl.Diagnostic{}
	for _, d := range diags {
		out[d.Subject.Filename] = append(out[d.Subject.Filename], d)
	}
	return out
}

// checkSameAsCLI compares what a file got published with the CLI's
// diagnostics of the same workspace: the same words, severities and
// ranges (lines and columns; the columns are ASCII here).
func checkSameAsCLI(t *testing.T, c *client, name string, got []protocol.Diagnostic) {
	t.Helper()
	want := cliDiagnostics(t, c.root)[filepath.Join(c.root, name)]
	if len(got) != len(want) {
		t.Fatalf("%s: %d diagnostics, the CLI has %d:\n%s", name, len(got), len(want), messages(got))
	}
	for i, d := range want {
		g := got[i]
		if g.Message != d.Summary+"\n\n"+d.Detail {
			t.Errorf("%s #%d: message %q, the CLI says %q / %q", name, i, g.Message, d.Summary, d.Detail)
		}
		wantSev := protocol.DiagnosticSeverityError
		if d.Severity == hcl.DiagWarning {
			wantSev = protocol.DiagnosticSeverityWarning
		}
		if g.Severity == nil || *g.Severity != wantSev {
			t.Errorf("%s #%d: severity %v, want %v", name, i, g.Severity, wantSev)
		}
		s := d.Subject
		wantRange := protocol.Range{Start: pos(s.Start.Line-1, s.Start.Column-1), End: pos(s.End.Line-1, s.End.Column-1)}
		if g.Range != wantRange {
			t.Errorf("%s #%d (%s): range %v, the CLI's is %v", name, i, d.Summary, g.Range, wantRange)
		}
	}
}

func messages(ds []protocol.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %d:%d %s\n", d.Range.Start.Line+1, d.Range.Start.Character+1, strings.SplitN(d.Message, "\n", 2)[0])
	}
	return b.String()
}

// TestDiagnosticsLikeValidate: every kind of error validate reports
// reaches the editor per file, in the CLI's words and ranges, for files
// never opened too; fixing the error clears the file's list.
func TestDiagnosticsLikeValidate(t *testing.T) {
	t.Parallel()
	bad := `resource "vhost" "/etc/a" {
  ensure = "presnt"
  colour = "red"
}

resource "vhost" "/etc/a" {}

resource "vhost" "/etc/b" {
  require = vhost["/etc/none"]
}

resource "servce" "x" {}
`
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL, "sub/bad.hcl": bad}, nil)
	got := c.waitDiags("sub/bad.hcl", 1)
	checkSameAsCLI(t, c, "sub/bad.hcl", got)
	summaries := messages(got)
	for _, want := range []string{"2:12 Invalid attribute value", "3:3 Unsupported attribute", "6:18 Duplicate declaration", "9:13 Reference to nothing", "12:10 Unknown resource type"} {
		if !strings.Contains(summaries, want) {
			t.Errorf("missing %q in\n%s", want, summaries)
		}
	}
	if n := c.published("site.hcl"); n != 0 {
		t.Errorf("site.hcl has no diagnostics but got %d publications", n)
	}

	c.open("sub/bad.hcl", "")
	c.change("sub/bad.hcl", 2, `resource "vhost" "/etc/a" {}`+"\n")
	if got := c.waitDiags("sub/bad.hcl", 3); len(got) != 0 {
		t.Errorf("after the fix: %s", messages(got))
	}
}

// TestDiagnosticsHalfTyped: a file in the middle of an edit gets HCL's
// syntax errors with the CLI's ranges, the rest of the workspace still
// loads, and the server keeps answering.
func TestDiagnosticsHalfTyped(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	for i, text := range []string{
		"resource \"file\" \"/x\" {\n  ens",
		"resource \"file\" \"/x\" {\n  ensure = ",
		"resource \"file\" \"/x\" {\n  ensure = \"pre",
		"resource \"file\"",
		"resource {{{{ \x00 ]]]",
		"resource \"file\" \"/x\" {\n  require = [file[\n",
	} {
		name := fmt.Sprintf("edit%d.hcl", i)
		testutil.WriteFiles(t, c.root, map[string]string{name: text})
		c.open(name, text)
		got := c.waitDiags(name, 1)
		if len(got) == 0 {
			t.Errorf("%q: no diagnostics", text)
		}
		checkSameAsCLI(t, c, name, got)
	}
	var hover *protocol.Hover
	c.call(protocol.MethodTextDocumentHover, c.textPos("site.hcl", 2, 20), &hover)
	if hover == nil || !strings.Contains(hoverValue(hover), "Vhost[www.example.com]") {
		t.Errorf("hover after broken edits: %v", hover)
	}
}

// TestCycleRelatedInformation: a cycle is one error on its smallest
// member, with a related location for every edge of the cycle, the auto
// edge included (its rule in the type, and where the title came from).
func TestCycleRelatedInformation(t *testing.T) {
	t.Parallel()
	site := `resource "package" "nginx" {
  require = file["/etc/motd"]
}

resource "vhost" "www.example.com" {
  package = "nginx"
}

resource "file" "/etc/motd" {
  require = vhost["www.example.com"]
}
`
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": site}, nil)
	got := c.waitDiags("site.hcl", 1)
	checkSameAsCLI(t, c, "site.hcl", got)
	if len(got) != 1 || !strings.HasPrefix(got[0].Message, "Dependency cycle: (File[/etc/motd] => Package[nginx] => Vhost[www.example.com] => File[/etc/motd])") {
		t.Fatalf("want one cycle, got:\n%s", messages(got))
	}
	var rel []string
	for _, r := range got[0].RelatedInformation {
		rel = append(rel, fmt.Sprintf("%s:%d:%d %s", filepath.Base(uriToPath(r.Location.URI)), r.Location.Range.Start.Line+1, r.Location.Range.Start.Character+1, r.Message))
	}
	sort.Strings(rel)
	want := []string{
		"site.hcl:10:13 Vhost[www.example.com] => File[/etc/motd]: require on File[/etc/motd] at " + filepath.Join(c.root, "site.hcl") + ":10",
		"site.hcl:2:13 File[/etc/motd] => Package[nginx]: require on Package[nginx] at " + filepath.Join(c.root, "site.hcl") + ":2",
		"site.hcl:6:3 Package[nginx] => Vhost[www.example.com]: autorequire package (" + filepath.Join(c.root, "types.hcl") + ":32) on Vhost[www.example.com] at " + filepath.Join(c.root, "site.hcl") + ":6",
		"types.hcl:32:15 Package[nginx] => Vhost[www.example.com]: the autorequire package rule of type vhost",
	}
	if strings.Join(rel, "\n") != strings.Join(want, "\n") {
		t.Errorf("related information:\n%s\nwant:\n%s", strings.Join(rel, "\n"), strings.Join(want, "\n"))
	}
}

// TestSettings: variables come from the project file and
// initializationOptions (which win), and var files are not loaded as
// declarations.
func TestSettings(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"types.hcl": typesHCL,
		"vars.hcl":  "ensure = \"absent\"\n",
		"site.hcl": `variable "ensure" { type = "String" }
variable "name" { type = "String" }
resource "package" "${var.name}" { ensure = var.ensure }
`,
		".catc.json": `{"vars": {"name": "from-project"}, "var_files": ["vars.hcl"]}`,
	}
	c := startClient(t, files, map[string]any{"vars": map[string]string{"name": "bad name!"}})
	c.open("site.hcl", "")
	c.waitDiags("site.hcl", 1)
	var syms []protocol.SymbolInformation
	c.call(protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: "package["}, &syms)
	if len(syms) != 1 || syms[0].Name != "Package[bad name!]" {
		t.Errorf("symbols %v, want Package[bad name!] (initializationOptions over the project file)", syms)
	}
	if n := c.published("vars.hcl"); n != 0 {
		t.Errorf("the var file was loaded as declarations (%d publications)", n)
	}
}

func hoverValue(h *protocol.Hover) string {
	if h == nil {
		return ""
	}
	if m, ok := h.Contents.(protocol.MarkupContent); ok {
		return m.Value
	}
	return fmt.Sprint(h.Contents)
}

// TestEditParsesOneFile: after an edit in one file of a workspace only
// that file is parsed again.
func TestEditParsesOneFile(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}
	for i := range 20 {
		files[fmt.Sprintf("more/%02d.hcl", i)] = fmt.Sprintf("resource \"package\" \"p%d\" {}\n", i)
	}
	testutil.WriteFiles(t, root, files)
	ws := newWorkspace()
	ws.folders = []string{root}
	ws.scan()
	first := ws.load()
	if n := ws.cache.Reparsed(); n != 22 || len(first.cat.Resources) != 23 {
		t.Fatalf("first load parsed %d files, %d resources", n, len(first.cat.Resources))
	}
	ws.open[filepath.Join(root, "more/07.hcl")] = []byte("resource \"package\" \"p7\" { ensure = \"absent\" }\n")
	snap := ws.load()
	if n := ws.cache.Reparsed(); n != 1 {
		t.Errorf("an edit in one file parsed %d files", n)
	}
	r := snap.cat.Lookup("package", "p7")
	if v, _ := r.Attr("ensure"); v != "absent" {
		t.Errorf("the edit is not in the catalog: ensure = %v", v)
	}
}

// TestBuffersOverDisk: an open buffer replaces its file's disk content;
// closing it goes back to disk; a file created on disk is read when the
// client reports it.
func TestBuffersOverDisk(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	c.open("site.hcl", siteHCL+"resource \"package\" \"nginx\" {}\n")
	if got := c.waitDiags("site.hcl", 1); len(got) != 1 || !strings.HasPrefix(got[0].Message, "Duplicate declaration") {
		t.Fatalf("the buffer's duplicate: %s", messages(got))
	}
	c.notify(protocol.MethodTextDocumentDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("site.hcl")}})
	if got := c.waitDiags("site.hcl", 2); len(got) != 0 {
		t.Errorf("after close, disk has no error: %s", messages(got))
	}
	testutil.WriteFiles(t, c.root, map[string]string{"zz/more.hcl": "resource \"package\" \"nginx\" {}\n"})
	c.notify(protocol.MethodWorkspaceDidChangeWatchedFiles, protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{
		{URI: c.uri("zz/more.hcl"), Type: protocol.FileChangeTypeCreated}}})
	if got := c.waitDiags("zz/more.hcl", 1); len(got) != 1 || !strings.HasPrefix(got[0].Message, "Duplicate declaration") {
		t.Errorf("the new file's duplicate: %s", messages(got))
	}
}

// TestSettingsEmptyTable: Neovim sends init_options = {} as [], which is
// no settings, not an error.
func TestSettingsEmptyTable(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, []any{})
	c.open("site.hcl", "")
	c.waitDiags("site.hcl", 1)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.msgs) != 0 {
		t.Errorf("messages: %+v", c.msgs)
	}
}

// TestSettingsBroken: a project file that does not decode is an error
// message, and the workspace still loads.
func TestSettingsBroken(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL + "resource \"package\" \"nginx\" {}\n", ".catc.json": "{nope"}, nil)
	if got := c.waitDiags("site.hcl", 1); len(got) != 1 {
		t.Errorf("diagnostics: %s", messages(got))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.msgs) != 1 || c.msgs[0].Type != protocol.MessageTypeError || !strings.Contains(c.msgs[0].Message, ".catc.json: invalid character 'n'") {
		t.Errorf("messages: %+v", c.msgs)
	}
}

// TestWatchersAndFolders: a client that allows it gets file watchers
// registered for *.hcl and the project file; a folder added later is
// loaded, and a removed one dropped.
func TestWatchersAndFolders(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	c.waitDiags("site.hcl", 0)
	deadline := time.Now().Add(5 * time.Second)
	var reg string
	for reg == "" && time.Now().Before(deadline) {
		c.mu.Lock()
		for _, r := range c.requests {
			if r.Method == "client/registerCapability" && r.Params != nil {
				reg = string(*r.Params)
			}
		}
		c.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(reg, `"method":"workspace/didChangeWatchedFiles"`) || !strings.Contains(reg, `"globPattern":"**/*.hcl"`) || !strings.Contains(reg, `"globPattern":"**/.catc.json"`) {
		t.Errorf("registration: %s", reg)
	}

	other := t.TempDir()
	testutil.WriteFiles(t, other, map[string]string{"more.hcl": "resource \"package\" \"nginx\" {}\n"})
	folder := protocol.WorkspaceFolder{URI: pathToURI(other), Name: "other"}
	c.notify(protocol.MethodWorkspaceDidChangeWorkspaceFolders, protocol.DidChangeWorkspaceFoldersParams{Event: protocol.WorkspaceFoldersChangeEvent{Added: []protocol.WorkspaceFolder{folder}}})
	uri := pathToURI(filepath.Join(other, "more.hcl"))
	waitFor(t, c, func() bool {
		return len(c.diags[uri]) == 1 && strings.HasPrefix(c.diags[uri][0].Message, "Duplicate declaration")
	})
	c.notify(protocol.MethodWorkspaceDidChangeWorkspaceFolders, protocol.DidChangeWorkspaceFoldersParams{Event: protocol.WorkspaceFoldersChangeEvent{Removed: []protocol.WorkspaceFolder{folder}}})
	waitFor(t, c, func() bool { return c.count[uri] == 2 && len(c.diags[uri]) == 0 })
}

// waitFor waits until cond (called with the client locked) holds.
func waitFor(t *testing.T, c *client, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		c.mu.Lock()
		ok := cond()
		c.mu.Unlock()
		if ok {
			return
		}
	}
	t.Fatal("timed out")
}

// TestBufferOutsideFolders: a buffer opened outside every workspace
// folder is loaded with the workspace (after its files) and gets its
// diagnostics.
func TestBufferOutsideFolders(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	elsewhere := filepath.Join(t.TempDir(), "scratch.hcl")
	uri := pathToURI(elsewhere)
	c.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "hcl", Version: 1, Text: "resource \"package\" \"nginx\" {}\n"}})
	waitFor(t, c, func() bool {
		return len(c.diags[uri]) == 1 && strings.HasPrefix(c.diags[uri][0].Message, "Duplicate declaration")
	})
}

// TestLooseDiagnosticShownOnce: a diagnostic that belongs to no file
// (a var file that does not exist) pops up once, not on every edit; it
// shows again only once the set has changed.
func TestLooseDiagnosticShownOnce(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL, ".catc.json": `{"var_files": ["missing.hcl"]}`}, nil)
	c.open("site.hcl", siteHCL)
	c.waitDiags("site.hcl", 1)
	for v := 2; v <= 4; v++ {
		c.change("site.hcl", v, siteHCL+strings.Repeat("\n", v))
		c.waitDiags("site.hcl", v)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.msgs) != 1 || !strings.Contains(c.msgs[0].Message, "missing.hcl") {
		t.Errorf("messages after three edits: %+v", c.msgs)
	}
}
