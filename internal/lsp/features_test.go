package lsp

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/gen"
)

// posIn is the position of the first occurrence of marker in text, moved
// by delta bytes (ASCII text).
func posIn(t *testing.T, text, marker string, delta int) protocol.Position {
	t.Helper()
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("%q not in the text", marker)
	}
	li := newLineIndex([]byte(text))
	return li.position(i + delta)
}

func (c *client) at(name string, p protocol.Position) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(name)}, Position: p}
}

// complete opens (or changes) name to text with the cursor at "|" and
// returns the labels and items offered there.
func (c *client) complete(t *testing.T, name string, version int, text string) ([]string, []protocol.CompletionItem) {
	t.Helper()
	i := strings.Index(text, "|")
	text = text[:i] + text[i+1:]
	if version == 1 {
		c.open(name, text)
	} else {
		c.change(name, version, text)
	}
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, c.at(name, newLineIndex([]byte(text)).position(i)), &list)
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	return labels, list.Items
}

func has(list []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, x := range list {
			found = found || x == w
		}
		if !found {
			return false
		}
	}
	return true
}

// TestCompletion: what is offered at each kind of place.
func TestCompletion(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	cases := []completionCase{
		{"top level", "res|", []string{"resource", "type", "type_alias", "group", "variable", "locals"}, nil},
		{"resource type label", `resource "|`, []string{"vhost", "package", "file"}, []string{"resource"}},
		{"attributes and metaparameters", "resource \"vhost\" \"x\" {\n  |\n}", []string{"name", "ensure", "content", "port", "require", "before", "notify", "subscribe", "alias", "tag", "noop"}, []string{"path"}},
		{"half-typed attribute", "resource \"vhost\" \"x\" {\n  ens|", []string{"ensure", "package"}, nil},
		{"Enum values", "resource \"vhost\" \"x\" {\n  ensure = |\n}", []string{"absent", "present"}, []string{"true"}},
		{"Enum values in quotes", "resource \"vhost\" \"p\" {\n  ensure = \"|\"\n}", []string{"absent", "present"}, nil},
		{"Boolean values", "resource \"vhost\" \"x\" {\n  backup = |\n}", []string{"true", "false"}, nil},
		{"references, both forms", "resource \"file\" \"/x\" {\n  require = [|]\n}", []string{`package.nginx`, `Package[nginx]`, `vhost["www.example.com"]`, `Vhost[www.example.com]`, `File[/etc/motd]`}, nil},
		{"references matching what is typed", "resource \"file\" \"/x\" {\n  require = [ngi|]\n}", []string{`package.nginx`, `Package[nginx]`}, []string{`File[/etc/motd]`}},
		{"references in a string", "resource \"vhost\" \"x\" {\n  before = \"|\"\n}", []string{`Package[nginx]`}, []string{"package.nginx"}},
		{"type keys", "type \"t\" {\n  |\n}", []string{"attribute", "desc", "title_pattern", "autorequire", "features"}, nil},
		{"attribute keys", "type \"t\" {\n  attribute \"a\" {\n    |\n  }\n}", []string{"type", "behaviour", "default", "desc", "sensitive"}, nil},
		{"behaviours", "type \"t\" {\n  attribute \"a\" {\n    behaviour = \"|\"\n  }\n}", []string{"namevar", "parameter", "read_only", "init_only"}, nil},
		{"data types and aliases", "type \"t\" {\n  attribute \"a\" {\n    type = \"|\"\n  }\n}", []string{"String", "Enum", "RichData", "Iterable", "Mymod::Port"}, nil},
		{"features", "type \"t\" {\n  features = [\"|\"]\n}", []string{"canonicalize", "supports_noop"}, nil},
		{"auto rule target types", "type \"file\" {\n  autobefore {\n    |\n  }\n}", []string{"package", "file"}, nil},
		{"$attr in auto rules", "type \"thing\" {\n  attribute \"path\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n  }\n  attribute \"owner\" {\n    type = \"String\"\n  }\n  autobefore {\n    package = \"|\"\n  }\n}", []string{"$path", "$owner"}, []string{"$package"}},
		{"$attr while half-typed", "type \"thing\" {\n  attribute \"path\" {\n    type = \n  }\n  autobefore {\n    package = |", []string{"$path"}, nil},
	}
	checkCompletions(t, c, cases)
}

// TestCompletionDocumentation: an attribute's item documents its type,
// behaviour and desc; a sensitive default is never shown.
func TestCompletionDocumentation(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL}, nil)
	_, items := c.complete(t, "edit.hcl", 1, "resource \"vhost\" \"x\" {\n  |\n}")
	docs := map[string]string{}
	for _, it := range items {
		raw, _ := json.Marshal(it.Documentation)
		docs[it.Label] = string(raw)
		if it.Detail != nil {
			docs[it.Label] += " " + *it.Detail
		}
		if it.TextEdit == nil {
			t.Errorf("%s: no text edit", it.Label)
		}
	}
	for _, want := range []string{"Enum[present, absent]", "property", "Whether it exists."} {
		if !strings.Contains(docs["ensure"], want) {
			t.Errorf("ensure's documentation %s lacks %q", docs["ensure"], want)
		}
	}
	if !strings.Contains(docs["name"], "namevar") {
		t.Errorf("name's documentation %s lacks its behaviour", docs["name"])
	}
	if strings.Contains(docs["content"], "s3cr3t") || !strings.Contains(docs["content"], "(sensitive)") {
		t.Errorf("content's documentation shows or does not redact its sensitive default: %s", docs["content"])
	}
}

// TestHover: attributes, resources and references.
func TestHover(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	cases := []struct {
		name, file, marker string
		delta              int
		want               []string
		not                []string
	}{
		{"attribute in a resource", "site.hcl", "ensure  = \"present\"", 1, []string{"vhost.ensure", "Enum[present, absent]", "property", "Whether it exists."}, nil},
		{"sensitive attribute", "site.hcl", "content = ", 1, []string{"vhost.content", "(sensitive)"}, []string{"s3cr3t", "hunter2"}},
		{"attribute with a default", "types.hcl", `attribute "ensure" {
    type    = "Enum`, 12, []string{"vhost.ensure", "default: `'present'`"}, nil},
		{"resource", "site.hcl", `"www.example.com" {`, 3, []string{"Vhost[www.example.com]", "namevars: name = `'www.example.com'`", "step 2", "Waits for (1)", "Package[nginx]: autorequire package", "Comes before (1)", "File[/etc/motd]: require"}, []string{"hunter2"}},
		{"reference", "site.hcl", `"Package[nginx]"]`, 3, []string{"→ Package[nginx]", "site.hcl:1", "step 1"}, nil},
		{"type label", "site.hcl", `"vhost" "www`, 2, []string{"type vhost", "A virtual host of the site's web server."}, nil},
		{"metaparameter", "site.hcl", `require = [`, 2, []string{"**require** (metaparameter)", "applied before this one"}, nil},
		{"alias", "types.hcl", `Mymod::Port]`, 3, []string{"type alias Mymod::Port", "Integer[0, 65535]", "A TCP port."}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := siteHCL
			if tc.file == "types.hcl" {
				text = typesHCL
			}
			var h *protocol.Hover
			c.call(protocol.MethodTextDocumentHover, c.at(tc.file, posIn(t, text, tc.marker, tc.delta)), &h)
			v := hoverValue(h)
			for _, w := range tc.want {
				if !strings.Contains(v, w) {
					t.Errorf("hover lacks %q:\n%s", w, v)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(v, n) {
					t.Errorf("hover shows %q:\n%s", n, v)
				}
			}
		})
	}
}

func (c *client) locs(t *testing.T, method string, params any) []string {
	t.Helper()
	var locs []protocol.Location
	c.call(method, params, &locs)
	var out []string
	for _, l := range locs {
		rel, _ := filepath.Rel(c.root, uriToPath(l.URI))
		out = append(out, rel+":"+itoa(int(l.Range.Start.Line)+1)+":"+itoa(int(l.Range.Start.Character)+1))
	}
	sort.Strings(out)
	return out
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// TestDefinition: reference → resource, type label → type, attribute or
// "$attr" → attribute, alias name → alias.
func TestDefinition(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	cases := []struct {
		name, file, marker string
		delta              int
		want               string
	}{
		{"traversal reference", "site.hcl", `vhost["www.example.com"]`, 2, "site.hcl:3:1"},
		{"string reference", "site.hcl", `"Package[nginx]"`, 2, "site.hcl:1:1"},
		{"type label", "site.hcl", `"vhost" "www`, 2, "types.hcl:1:1"},
		{"built-in type label", "site.hcl", `"file" "/etc/motd"`, 2, ""},
		{"attribute name", "site.hcl", `package = "nginx"`, 2, "types.hcl:19:3"},
		{"$attr", "types.hcl", `"$package"`, 3, "types.hcl:19:3"},
		{"auto rule target", "types.hcl", `package = "$package"`, 2, ""}, // built in: no file
		{"alias name", "types.hcl", `Mymod::Port]`, 2, "types.hcl:36:1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := siteHCL
			if tc.file == "types.hcl" {
				text = typesHCL
			}
			got := c.locs(t, protocol.MethodTextDocumentDefinition, c.at(tc.file, posIn(t, text, tc.marker, tc.delta)))
			if tc.want == "" && len(got) != 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
				t.Errorf("definition %v, want %q", got, tc.want)
			}
		})
	}
}

// TestReferences: every reference to a resource, and the auto rule's
// relation (where its title came from and the resource at the other end).
func TestReferences(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	params := protocol.ReferenceParams{TextDocumentPositionParams: c.at("site.hcl", posIn(t, siteHCL, `"nginx" {}`, 2)),
		Context: protocol.ReferenceContext{IncludeDeclaration: true}}
	got := c.locs(t, protocol.MethodTextDocumentReferences, params)
	// its declaration, the string reference in /etc/motd, and the
	// autorequire from Vhost[www.example.com] (its package attribute and
	// its declaration)
	want := []string{"site.hcl:10:40", "site.hcl:1:1", "site.hcl:3:1", "site.hcl:5:3"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("references %v, want %v", got, want)
	}
}

// TestSymbols: the file's types, attributes, aliases and resources; the
// workspace's by query.
func TestSymbols(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	var doc []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("types.hcl")}}, &doc)
	var names []string
	for _, s := range doc {
		names = append(names, s.Name)
		for _, ch := range s.Children {
			names = append(names, s.Name+"."+ch.Name)
		}
	}
	if got := strings.Join(names, " "); got != "vhost vhost.name vhost.ensure vhost.content vhost.package vhost.port vhost.backup Mymod::Port" {
		t.Errorf("document symbols: %s", got)
	}
	var ws []protocol.SymbolInformation
	c.call(protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: "etc"}, &ws)
	names = nil
	for _, s := range ws {
		names = append(names, s.Name)
	}
	if got := strings.Join(names, " "); got != "File[/etc/motd]" {
		t.Errorf("workspace symbols for etc: %s", got)
	}
}

// TestFormatting: the edit is `catc fmt`'s output; a formatted file gets
// none, and one that does not parse is left alone.
func TestFormatting(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL}, nil)
	format := func(version int, text string) []protocol.TextEdit {
		if version == 1 {
			c.open("f.hcl", text)
		} else {
			c.change("f.hcl", version, text)
		}
		var edits []protocol.TextEdit
		c.call(protocol.MethodTextDocumentFormatting, protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("f.hcl")}}, &edits)
		return edits
	}
	edits := format(1, "resource \"package\" \"a\" {\nensure = \"present\"\n  alias= [\"b\"]\n}\n")
	if len(edits) != 1 || edits[0].NewText != "resource \"package\" \"a\" {\n  ensure = \"present\"\n  alias  = [\"b\"]\n}\n" {
		t.Errorf("edits %+v", edits)
	}
	if edits := format(2, edits[0].NewText); len(edits) != 0 {
		t.Errorf("a formatted file got edits %+v", edits)
	}
	if edits := format(3, "resource \"package\" {{\n"); len(edits) != 0 {
		t.Errorf("a broken file got edits %+v", edits)
	}
}

// TestWhy: the code action on a reference runs `catc why` for the two
// resources, and the command answers as the CLI does.
func TestWhy(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL}, nil)
	var actions []protocol.CodeAction
	p := posIn(t, siteHCL, `"Package[nginx]"`, 2)
	c.call(protocol.MethodTextDocumentCodeAction, protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("site.hcl")}, Range: protocol.Range{Start: p, End: p}}, &actions)
	if len(actions) == 0 || actions[0].Title != "catc why Package[nginx] File[/etc/motd]" || actions[0].Command == nil {
		t.Fatalf("code actions %+v", actions)
	}
	var text string
	c.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: actions[0].Command.Command, Arguments: actions[0].Command.Arguments}, &text)
	if !strings.HasPrefix(text, "Package[nginx] comes before File[/etc/motd] through 1 edge:\n  1. Package[nginx] => File[/etc/motd]\n       require") {
		t.Errorf("why: %s", text)
	}
	c.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: CommandWhy, Arguments: []any{"File[/etc/motd]", "Package[nginx]"}}, &text)
	if !strings.Contains(text, "the reverse holds") {
		t.Errorf("why reversed: %s", text)
	}
}

// TestCompletionReferencesBounded: in a big workspace the references
// offered are at most maxRefItems, the list says it is incomplete, and
// typing narrows it.
func TestCompletionReferencesBounded(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	for _, f := range gen.Generate(gen.Options{Resources: 500, Files: 2}) {
		files[f.Name] = string(f.Src)
	}
	c := startClient(t, files, nil)
	list := func(version int, text string) protocol.CompletionList {
		i := strings.Index(text, "|")
		text = text[:i] + text[i+1:]
		if version == 1 {
			c.open("edit.hcl", text)
		} else {
			c.change("edit.hcl", version, text)
		}
		var l protocol.CompletionList
		c.call(protocol.MethodTextDocumentCompletion, c.at("edit.hcl", newLineIndex([]byte(text)).position(i)), &l)
		return l
	}
	all := list(1, "resource \"package\" \"x\" {\n  require = [|]\n}\n")
	if !all.IsIncomplete || len(all.Items) != maxRefItems {
		t.Errorf("all references: incomplete %v, %d items", all.IsIncomplete, len(all.Items))
	}
	some := list(2, "resource \"package\" \"x\" {\n  require = [svc-49|]\n}\n")
	var labels []string
	for _, it := range some.Items {
		labels = append(labels, it.Label)
	}
	if some.IsIncomplete || strings.Join(labels, " ") != "Service[svc-49] service.svc-49" {
		t.Errorf("narrowed: incomplete %v, %v", some.IsIncomplete, labels)
	}
}

// TestDefinitionAutoCallAttr: a "$attr" argument of an auto-rule
// function leads to the attribute, like a "$attr" term.
func TestDefinitionAutoCallAttr(t *testing.T) {
	t.Parallel()
	types := `type "node_dir" {
  desc = "A directory."
  attribute "path" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Where."
  }
  autorequire {
    node_dir = first_managed(ancestors("$path"))
  }
}
`
	c := startClient(t, map[string]string{"types.hcl": types}, nil)
	got := c.locs(t, protocol.MethodTextDocumentDefinition, c.at("types.hcl", posIn(t, types, `"$path"`, 3)))
	if len(got) != 1 || got[0] != "types.hcl:3:3" {
		t.Errorf("definition %v, want types.hcl:3:3", got)
	}
}
