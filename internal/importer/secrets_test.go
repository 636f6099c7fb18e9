package importer

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestImportHidesSecretDefaults: the default of an attribute that is a
// secret (sensitive: true before or after it, a flag catc cannot read, a
// type with Sensitive anywhere, an alias to Sensitive) is neither quoted
// by a diagnostic (the "Not a literal" message with its `+` expression,
// catc's own checks) nor shown in a snippet: the sources returned for the
// snippets have it masked, with lines and columns kept. A plain default
// is still quoted.
func TestImportHidesSecretDefaults(t *testing.T) {
	t.Parallel()
	alias := Source{Name: "types/token.pp", Src: []byte("type Secret::Token = Sensitive[String]\n")}
	tests := []struct {
		name, opts string
	}{
		{"sensitive after the default", `type: 'String', desc: 'p', default: 'hunter2-a' + suffix, sensitive: true`},
		{"sensitive before the default", "type: 'String', sensitive: true, desc: 'p', default: \"hunter2-b#{x}\""},
		{"Sensitive type", `type: 'Sensitive[String]', desc: 'p', default: 'hunter2-c' + suffix`},
		{"Sensitive inside", `type: 'Optional[Array[Sensitive[String]]]', desc: 'p', default: ['hunter2-d'] + more`},
		{"alias to Sensitive", `type: 'Secret::Token', desc: 'p', default: 'hunter2-e' + suffix`},
		{"a default catc refuses", `type: 'Sensitive[Integer]', desc: 'p', default: 'hunter2-f'`},
		{"flag not a literal", `type: 'String', desc: 'p', sensitive: SENS, default: 'hunter2-g' + suffix`},
		{"type not a literal", `type: TYPES[:pw], desc: 'p', default: 'hunter2-h' + suffix`},
		{"Struct with Sensitive", `type: 'Struct[{k => Sensitive[String]}]', desc: 'p', default: {'k' => 'hunter2-i'}.merge(x)`},
		{"ignored defaultto", `type: 'Sensitive[String]', desc: 'p', defaultto: 'hunter2-j'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "Puppet::ResourceApi.register_type(\n  name: 'x', desc: 'd',\n  attributes: {\n    n: {type: 'String', behaviour: :namevar, desc: 'n'},\n    pw: {" + tt.opts + "},\n  })\n"
			rb := Source{Name: "lib/puppet/type/x.rb", Src: []byte(src)}
			_, diags, shown := importAll([]Source{rb, alias})
			var text strings.Builder
			for _, d := range diags {
				fmt.Fprintf(&text, "%s: %s: %s\n", d.Subject, d.Summary, d.Detail)
			}
			if strings.Contains(text.String(), "hunter2") {
				t.Errorf("a diagnostic quotes the secret:\n%s", text.String())
			}
			masked := shown[0].Src
			if bytes.Contains(masked, []byte("hunter2")) {
				t.Errorf("the snippet source shows the secret:\n%s", masked)
			}
			if len(masked) != len(src) || bytes.Count(masked, []byte("\n")) != strings.Count(src, "\n") {
				t.Errorf("masking moved lines or columns:\n%s", masked)
			}
			if !onMasked(diags, masked) {
				t.Errorf("no diagnostic points at the secret (the test shows nothing):\n%s", text.String())
			}
			if string(shown[1].Src) != string(alias.Src) {
				t.Errorf("a source without secrets changed: %q", shown[1].Src)
			}
		})
	}
	t.Run("plain default still quoted", func(t *testing.T) {
		src := "Puppet::ResourceApi.register_type(name: 'x', desc: 'd', attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}, p: {type: 'String', desc: 'p', default: 'plainval' + suffix}})"
		_, diags, shown := importAll([]Source{{Name: "x.rb", Src: []byte(src)}})
		if lines := strings.Join(diagLines(diags), "\n"); !strings.Contains(lines, "('plainval' + suffix)") {
			t.Errorf("the plain default is not quoted:\n%s", lines)
		}
		if string(shown[0].Src) != src {
			t.Errorf("a source without secrets was masked: %s", shown[0].Src)
		}
	})
}

// onMasked reports whether a diagnostic's snippet (its subject's line)
// has a masked part of src.
func onMasked(diags hcl.Diagnostics, src []byte) bool {
	lines := bytes.Split(src, []byte("\n"))
	for _, d := range diags {
		if d.Subject != nil && d.Subject.Filename != "types/token.pp" && d.Subject.Start.Line <= len(lines) &&
			bytes.Contains(lines[d.Subject.Start.Line-1], []byte("*")) {
			return true
		}
	}
	return false
}
