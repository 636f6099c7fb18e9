package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// groupHCL has resources that depend on the node, which the workspace
// (no facts in the settings) does not declare.
const groupHCL = `resource "file" "/etc/motd" {}

group "web" {
  only_if = try(facts.role, "") == "web"

  resource "vhost" "www.example.com" {
    ensure  = "present"
    verison = "1"
    require = file["/etc/motd"]
  }
}

resource "package" "${each.key}" {
  for_each = toset(try(facts.packages, []))
  ensure   = 5
}
`

// TestGroupBlocks: the editor sees the resource blocks in a group, with
// only_if or for_each, though no node declares them: their diagnostics,
// hover, definition and completion.
func TestGroupBlocks(t *testing.T) {
	t.Parallel()
	c := startClient(t, map[string]string{"types.hcl": typesHCL, "site.hcl": groupHCL}, nil)
	summaries := messages(c.waitDiags("site.hcl", 1))
	for _, want := range []string{"8:5 Unsupported attribute", "15:14 Invalid attribute value"} {
		if !strings.Contains(summaries, want) {
			t.Errorf("missing %q in\n%s", want, summaries)
		}
	}

	hovers := []struct {
		name, marker string
		delta        int
		want         string
	}{
		{"attribute in a group", `ensure  = "present"`, 1, "vhost.ensure"},
		{"resource in a group", `"www.example.com" {`, 3, "Not declared here: it depends on the node"},
		{"type label in a for_each block", `"package" "${`, 2, "type package"},
	}
	for _, h := range hovers {
		var got *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, c.at("site.hcl", posIn(t, groupHCL, h.marker, h.delta)), &got)
		if v := hoverValue(got); !strings.Contains(v, h.want) {
			t.Errorf("%s: hover lacks %q:\n%s", h.name, h.want, v)
		}
	}

	defs := []struct{ name, marker, want string }{
		{"reference in a group", `file["/etc/motd"]`, "site.hcl:1:1"},
		{"type label in a group", `"vhost" "www.example.com"`, "types.hcl:1:1"},
		{"attribute in a group", `ensure  = "present"`, "types.hcl:8:3"},
	}
	for _, d := range defs {
		got := c.locs(t, protocol.MethodTextDocumentDefinition, c.at("site.hcl", posIn(t, groupHCL, d.marker, 2)))
		if len(got) != 1 || got[0] != d.want {
			t.Errorf("%s: definition %v, want %s", d.name, got, d.want)
		}
	}

	params := protocol.ReferenceParams{TextDocumentPositionParams: c.at("site.hcl", posIn(t, groupHCL, `"/etc/motd" {}`, 2)),
		Context: protocol.ReferenceContext{IncludeDeclaration: true}}
	if got := c.locs(t, protocol.MethodTextDocumentReferences, params); strings.Join(got, " ") != "site.hcl:1:1 site.hcl:9:15" {
		t.Errorf("references to File[/etc/motd]: %v, want its declaration and the group's require", got)
	}

	params.TextDocumentPositionParams = c.at("site.hcl", posIn(t, groupHCL, `"package" "${`, 2))
	params.Context.IncludeDeclaration = false
	if got := c.locs(t, protocol.MethodTextDocumentReferences, params); strings.Join(got, " ") != "site.hcl:13:10 types.hcl:32:5" {
		t.Errorf("references to type package: %v, want the for_each block's label and the auto rule", got)
	}

	completions := []struct {
		name, text string
		want       []string
	}{
		{"group keys", "group \"g\" {\n  |\n}", []string{"only_if", "resource"}},
		{"type label in a group", "group \"g\" {\n  only_if = true\n  resource \"|", []string{"file", "package"}},
		{"attributes in a group", "group \"g\" {\n  only_if = true\n  resource \"file\" \"/x\" {\n    |\n  }\n}", []string{"path", "ensure", "content", "require"}},
		{"references in a group", "group \"g\" {\n  only_if = true\n  resource \"file\" \"/x\" {\n    require = [|]\n  }\n}", []string{"File[/etc/motd]"}},
	}
	for i, tc := range completions {
		labels, _ := c.complete(t, "edit.hcl", i+1, tc.text)
		if !has(labels, tc.want...) {
			t.Errorf("%s: offered %v, want %v among them", tc.name, labels, tc.want)
		}
	}
}
