package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// TestBuiltinTypesInEditor: the built-in types are completed (names,
// attributes, values), also while the declaration does not parse yet,
// and hovered like any type; they have no file to jump to.
func TestBuiltinTypesInEditor(t *testing.T) {
	t.Parallel()
	site := "resource \"service\" \"nginx\" {\n  ensure = true\n}\n"
	c := startClient(t, map[string]string{"site.hcl": site}, nil)
	cases := []struct {
		name, text string
		want, not  []string
	}{
		{"type names", `resource "|`, []string{"service", "file", "package", "zpool", "ssh_authorized_key"}, []string{"resource"}},
		{"attributes of an unfinished block", "resource \"cron\" \"backup\" {\n  |", []string{"command", "minute", "special", "user", "provider", "require", "audit", "schedule"}, []string{"consume", "stage"}},
		{"Enum values", "resource \"mount\" \"/srv\" {\n  ensure = |\n}\n", []string{"mounted", "unmounted", "absent"}, nil},
	}
	for i, tc := range cases {
		labels, _ := c.complete(t, "edit.hcl", i+1, tc.text)
		if !has(labels, tc.want...) {
			t.Errorf("%s: %v, want %v", tc.name, labels, tc.want)
		}
		for _, n := range tc.not {
			if has(labels, n) {
				t.Errorf("%s: offers %q", tc.name, n)
			}
		}
	}

	for _, h := range []struct {
		marker string
		delta  int
		want   []string
	}{
		{"ensure = true", 1, []string{"service.ensure", "Whether the service is running"}},
		{`"service" "nginx"`, 2, []string{"type service", "A system service"}},
	} {
		var hv *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, c.at("site.hcl", posIn(t, site, h.marker, h.delta)), &hv)
		v := hoverValue(hv)
		for _, w := range h.want {
			if !strings.Contains(v, w) {
				t.Errorf("hover at %q lacks %q:\n%s", h.marker, w, v)
			}
		}
	}
	if locs := c.locs(t, protocol.MethodTextDocumentDefinition, protocol.DefinitionParams{TextDocumentPositionParams: c.at("site.hcl", posIn(t, site, `"service"`, 2))}); len(locs) != 0 {
		t.Errorf("definition of a built-in type: %v, want none", locs)
	}
}
