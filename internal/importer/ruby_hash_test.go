package importer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
)

// TestImportAutoRuleDefinedType: an auto rule whose key names a defined
// type ('bind::zone') is valid Ruby; it is written in the object form,
// which loads, keeps the rules' order, and warns at the Ruby key.
func TestImportAutoRuleDefinedType(t *testing.T) {
	t.Parallel()
	src := `Puppet::ResourceApi.register_type(
  name: 'dns_record',
  desc: 'A record.',
  attributes: {
    name: { type: 'String', desc: 'The name.', behaviour: :namevar },
    zone: { type: 'String', desc: 'The zone.' },
  },
  autorequire: {
    'bind::zone' => '$zone',
    dns_record: ['root'],
  },
)
`
	// The label form 'bind::zone': makes the same symbol.
	if _, diags := importOne(t, strings.Replace(src, `'bind::zone' =>`, `'bind::zone':`, 1)); diags.HasErrors() {
		t.Errorf("label form: %v", diags)
	}
	outs, diags := importOne(t, src)
	if diags.HasErrors() || len(outs) != 1 {
		t.Fatalf("import: %v", diags)
	}
	if !strings.Contains(string(outs[0].Src), `"bind::zone" = "$zone"`) {
		t.Errorf("written:\n%s", outs[0].Src)
	}
	got := summary(loadOutputs(t, outs))
	want := []string{
		`  autorequire bind::zone title="" attr="zone"`,
		`  autorequire dns_record title="root" attr=""`,
	}
	if d := cmp.Diff(want, got[len(got)-2:]); d != "" {
		t.Errorf("rules (-want +got):\n%s", d)
	}
	lines := diagLines(diags)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], `warning 9:5 Unknown automatic relationship target: The autorequire rule of type "dns_record" names "bind::zone", a defined type`) {
		t.Errorf("diagnostics: %v", lines)
	}
}

// TestImportDuplicateKeys: Ruby keeps a duplicated key's last value in
// its first place; the import does too, warning at the later key with
// the earlier one's place, in every hash (definition, attributes,
// options, rules).
func TestImportDuplicateKeys(t *testing.T) {
	t.Parallel()
	src := `Puppet::ResourceApi.register_type(
  name: 'dup',
  desc: 'First.',
  attributes: {
    name: { type: 'String', desc: 'The name.', behaviour: :namevar },
    zone: { type: 'String', desc: 'The zone.' },
    port: { type: 'Integer', desc: 'A port.', desc: 'The port.' },
    zone: { type: 'Integer', desc: 'The zone again.' },
  },
  autorequire: { dup: 'a', dup: 'b' },
  desc: 'Second.',
)
`
	outs, diags := importOne(t, src)
	if diags.HasErrors() || len(outs) != 1 {
		t.Fatalf("import: %v", diags)
	}
	got := summary(loadOutputs(t, outs))
	want := []string{
		`type dup desc="Second." features=[]`,
		`  attribute name type="String" desc="The name." behaviour=namevar default= sensitive=false`,
		`  attribute zone type="Integer" desc="The zone again." behaviour=property default= sensitive=false`,
		`  attribute port type="Integer" desc="The port." behaviour=property default= sensitive=false`,
		`  autorequire dup title="b" attr=""`,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
	var warnings []string
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning && d.Summary == "Duplicate key" {
			cited := d.Detail[strings.Index(d.Detail, " at ")+4 : strings.Index(d.Detail, ": Ruby")]
			warnings = append(warnings, fmt.Sprintf("%d:%d %s", d.Subject.Start.Line, d.Subject.Start.Column, cited))
		}
	}
	// the later key, and the place of the earlier one
	wantWarnings := []string{"7:47 x.rb:7:30", "8:5 x.rb:6:5", "10:28 x.rb:10:18", "11:3 x.rb:3:3"}
	if d := cmp.Diff(wantWarnings, warnings); d != "" {
		t.Errorf("warnings (-want +got):\n%s", d)
	}
}
