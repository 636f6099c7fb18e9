package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/testutil"
)

// classFiles is testdata/classes.txtar: a class, a define, their
// declarations and references.
var classFiles = testutil.MustTxtar(filepath.Join("testdata", "classes.txtar"))

// lineOf is the 0-based line of the first occurrence of marker in text.
func lineOf(t *testing.T, text, marker string) int {
	t.Helper()
	return int(posIn(t, text, marker, 0).Line)
}

// TestClassDefinition: go to definition of a class or define from its
// declarations, instances and references, and of a parameter from a
// declaration's argument; a reference's title of a define instance still
// goes to the instance.
func TestClassDefinition(t *testing.T) {
	t.Parallel()
	c := startClient(t, classFiles, nil)
	cases := []struct {
		name, file, marker string
		delta              int
		wantFile, wantAt   string // the line the answer starts on
	}{
		{"include label", "site.hcl", `include "profile::web"`, 12, "classes.hcl", `class "profile::web"`},
		{"contain label", "site.hcl", `contain "profile::base"`, 10, "classes.hcl", `class "profile::base"`},
		{"define instance type", "classes.hcl", `resource "shop::vhost"`, 12, "classes.hcl", `define "shop::vhost"`},
		{"Class[...] string", "site.hcl", `Class[Profile::Web]`, 8, "classes.hcl", `class "profile::web"`},
		{"define type in a reference", "site.hcl", `Shop::Vhost[shop]`, 3, "classes.hcl", `define "shop::vhost"`},
		{"define instance title in a reference", "site.hcl", `Shop::Vhost[shop]`, 13, "classes.hcl", `resource "shop::vhost" "shop"`},
		{"class[...] traversal", "site.hcl", `class["profile::base"]`, 9, "classes.hcl", `class "profile::base"`},
		{"class parameter from an argument", "site.hcl", `workers = 4`, 2, "classes.hcl", `variable "workers"`},
		{"define parameter from an argument", "classes.hcl", `port = 8080`, 1, "classes.hcl", `variable "port"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := classFiles[tc.file]
			var locs []protocol.Location
			c.call(protocol.MethodTextDocumentDefinition, c.at(tc.file, posIn(t, text, tc.marker, tc.delta)), &locs)
			if len(locs) != 1 {
				t.Fatalf("%d locations, want 1", len(locs))
			}
			want := lineOf(t, classFiles[tc.wantFile], tc.wantAt)
			if locs[0].URI != c.uri(tc.wantFile) || int(locs[0].Range.Start.Line) != want {
				t.Errorf("went to %s line %d, want %s line %d", locs[0].URI, locs[0].Range.Start.Line, tc.wantFile, want)
			}
		})
	}
}

// TestClassReferences: the references of a class are its declarations
// and the references to it; those of a define its instances and the
// references to them.
func TestClassReferences(t *testing.T) {
	t.Parallel()
	c := startClient(t, classFiles, nil)
	refs := func(file, marker string, delta int) []string {
		var locs []protocol.Location
		c.call(protocol.MethodTextDocumentReferences, protocol.ReferenceParams{
			TextDocumentPositionParams: c.at(file, posIn(t, classFiles[file], marker, delta)),
			Context:                    protocol.ReferenceContext{IncludeDeclaration: true}}, &locs)
		var out []string
		for _, l := range locs {
			out = append(out, filepath.Base(uriToPath(l.URI))+":"+itoa(int(l.Range.Start.Line)))
		}
		return out
	}
	at := func(file, marker string) string { return file + ":" + itoa(lineOf(t, classFiles[file], marker)) }
	want := []string{at("classes.hcl", `class "profile::web"`), at("site.hcl", `include "profile::web"`), at("site.hcl", `Class[Profile::Web]`)}
	if got := refs("classes.hcl", `class "profile::web"`, 9); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("references of profile::web: %v, want %v", got, want)
	}
	want = []string{at("classes.hcl", `define "shop::vhost"`), at("classes.hcl", `resource "shop::vhost"`), at("site.hcl", `Shop::Vhost[shop]`)}
	if got := refs("site.hcl", `Shop::Vhost[shop]`, 2); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("references of shop::vhost: %v, want %v", got, want)
	}
}

// TestClassSymbols: document symbols list the classes and defines with
// their parameters, the nodes, and the declared classes and instances;
// workspace symbols find classes, defines and nodes.
func TestClassSymbols(t *testing.T) {
	t.Parallel()
	c := startClient(t, classFiles, nil)
	c.open("classes.hcl", "")
	c.open("site.hcl", "")
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("classes.hcl")}}, &syms)
	names := map[string][]string{}
	for _, s := range syms {
		var kids []string
		for _, k := range s.Children {
			kids = append(kids, k.Name)
		}
		names[s.Name] = kids
	}
	if kids, ok := names["profile::web"]; !ok || strings.Join(kids, ",") != "workers,docroot" {
		t.Errorf("profile::web: %v (present %v), want its parameters workers,docroot; symbols %v", kids, ok, names)
	}
	for _, n := range []string{"shop::vhost", "profile::base", "Shop::Vhost[shop]", "File[/etc/web.conf]"} {
		if _, ok := names[n]; !ok {
			t.Errorf("no symbol %s among %v", n, names)
		}
	}
	c.call(protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("site.hcl")}}, &syms)
	var siteNames []string
	for _, s := range syms {
		siteNames = append(siteNames, s.Name)
	}
	if !has(siteNames, "default", "Class[Profile::Web]", "File[/etc/motd]") {
		t.Errorf("site.hcl symbols %v, want the node, the declared class and the file", siteNames)
	}
	var ws []protocol.SymbolInformation
	c.call(protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: "profile"}, &ws)
	var found []string
	for _, s := range ws {
		found = append(found, s.Name)
	}
	if !has(found, "profile::web", "profile::base", "Class[Profile::Web]") {
		t.Errorf("workspace symbols for profile: %v", found)
	}
	c.call(protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: "default"}, &ws)
	found = nil
	for _, s := range ws {
		found = append(found, s.Name)
	}
	if !has(found, "node default") {
		t.Errorf("workspace symbols for default: %v", found)
	}
}

// TestClassCompletion: class names after include, contain and require;
// define names among the types of a resource; a class's or define's
// parameters (type and default as detail) in its declaration; Class[…]
// and define instances in references, also inside a class.
func TestClassCompletion(t *testing.T) {
	t.Parallel()
	c := startClient(t, classFiles, nil)
	cases := []completionCase{
		{"include", `include "|`, []string{"profile::web", "profile::base"}, []string{"shop::vhost", "file"}},
		{"contain in a class", "class \"x\" {\n  contain \"|\"\n}", []string{"profile::web"}, []string{"shop::vhost"}},
		{"require block", `require "profile::b|`, []string{"profile::base"}, nil},
		{"resource type", `resource "|`, []string{"shop::vhost", "file"}, []string{"profile::web"}},
		{"resource type in a class", "class \"x\" {\n  resource \"|\n}", []string{"shop::vhost", "file"}, nil},
		{"class parameters", "include \"profile::web\" {\n  |\n}", []string{"workers", "docroot", "require", "stage"}, []string{"port", "ensure"}},
		{"define parameters", "resource \"shop::vhost\" \"y\" {\n  |\n}", []string{"port", "require", "tag"}, []string{"workers"}},
		{"references", "resource \"file\" \"/z\" {\n  require = \"|\"\n}", []string{"Class[Profile::Web]", "Class[Profile::Base]", "Shop::Vhost[shop]"}, nil},
		{"references in a class body", "class \"x\" {\n  resource \"file\" \"/z\" {\n    before = [|]\n  }\n}", []string{"Class[Profile::Web]", `class["Profile::Web"]`, "Class[X]", `class["x"]`}, nil},
		{"references of a declaration", "include \"profile::web\" {\n  require = \"Class[Profile::B|\"\n}", []string{"Class[Profile::Base]"}, []string{"Class[Profile::Web]"}},
	}
	checkCompletions(t, c, cases)
	_, items := c.complete(t, "edit.hcl", len(cases)+1, "include \"profile::web\" {\n  |\n}")
	details := map[string]string{}
	for _, it := range items {
		if it.Detail != nil {
			details[it.Label] = *it.Detail
		}
	}
	if details["workers"] != "Integer[1, 64] = 2" || details["docroot"] != `String = "/srv/www"` {
		t.Errorf("parameter details %q, %q", details["workers"], details["docroot"])
	}
}

// completionCase is a text with the cursor at "|", what must be offered
// there and what must not.
type completionCase struct {
	name, text string
	want, not  []string
}

// checkCompletions runs the cases in turn on the buffer edit.hcl.
func checkCompletions(t *testing.T, c *client, cases []completionCase) {
	t.Helper()
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			labels, _ := c.complete(t, "edit.hcl", i+1, tc.text)
			if !has(labels, tc.want...) {
				t.Errorf("offered %v, want %v among them", labels, tc.want)
			}
			for _, n := range tc.not {
				if has(labels, n) {
					t.Errorf("offered %q, which does not belong here", n)
				}
			}
		})
	}
}

// TestClassNameDiagnostics: a define name Puppet refuses is an error on
// its label in the editor, in the CLI's words (Puppet's, the reason, a
// valid name close to it); the definition is not offered after include
// or as a resource type, and renaming it clears the error.
func TestClassNameDiagnostics(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	for n, s := range classFiles {
		files[n] = s
	}
	bad := "define \"Shop::Cart\" {\n  resource \"file\" \"/etc/cart/${self.title}\" {}\n}\n"
	files["names.hcl"] = bad
	c := startClient(t, files, nil)
	got := c.waitDiags("names.hcl", 1)
	checkSameAsCLI(t, c, "names.hcl", got)
	if len(got) != 1 || got[0].Range.Start.Line != 0 || got[0].Range.Start.Character != 7 ||
		!strings.HasPrefix(got[0].Message, "Invalid name\n\nUnacceptable name. The name 'Shop::Cart' is unacceptable as the name of a 'define' expression") ||
		!strings.Contains(got[0].Message, `Did you mean "shop::cart"?`) {
		t.Fatalf("diagnostics:\n%s", messages(got))
	}
	checkCompletions(t, c, []completionCase{
		{"resource type", `resource "|`, []string{"shop::vhost"}, []string{"shop::cart"}},
	})
	c.open("names.hcl", bad)
	c.change("names.hcl", 2, strings.Replace(bad, "Shop::Cart", "shop::cart", 1))
	if got := c.waitDiags("names.hcl", 3); len(got) != 0 {
		t.Errorf("after the rename: %s", messages(got))
	}
}
