package coretypes_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
)

// probe is one line of fixtures/oracle/core/values.jsonl: a value of an
// attribute given to Puppet 7.23's agent (values.rb there), and whether
// the agent accepted it.
type probe struct {
	Type      string `json:"type"`
	Attribute string `json:"attribute"`
	Value     any    `json:"value"`
	Accepted  bool   `json:"accepted"`
	Message   string `json:"message"`
}

func (p probe) key() string {
	v, _ := json.Marshal(p.Value)
	return p.Type + "." + p.Attribute + "=" + string(v)
}

// exceptions are the probes where catc's verdict is not the agent's, with
// the reason; the test asserts catc's documented verdict instead.
var exceptions = map[string]struct {
	accepted bool
	why      string
}{
	// Provider features: another provider than the one the probes pinned
	// (apt, systemd, useradd) accepts these, and catc does not know the
	// node's provider.
	`package.ensure="disabled"`: {true, "needs the disableable feature (dnfmodule has it, apt not)"},
	`service.enable="manual"`:   {true, "needs manual_startable (the windows provider has it, systemd not)"},
	`service.enable="delayed"`:  {true, "needs delayed_startable (the windows provider has it, systemd not)"},
	`user.ensure="role"`:        {true, "needs manages_roles (Solaris' user_role_add has it, useradd not)"},
	// The agent knows the providers of its modules too; catc accepts
	// any name.
	`package.provider="bogus"`: {true, "which providers exist depends on the agent's modules"},
	// A manifest cannot give an empty title: the compiler refuses it
	// before any agent sees it, and so does catc.
	`ssh_authorized_key.name=""`: {false, "the compiler refuses an empty title"},
	// The agent knows every type of its modules; catc accepts any name.
	`resources.name="nosuchtype"`: {true, "which types exist depends on the agent's modules"},
}

func readProbes(t *testing.T) []probe {
	t.Helper()
	f, err := os.Open("../../fixtures/oracle/core/values.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []probe
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var p probe
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	if len(out) != 478 {
		t.Fatalf("%d probes, want 478", len(out))
	}
	return out
}

// hclString is s as an HCL quoted string, as a user would write it.
func hclString(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q, "${", "$${")
	return strings.ReplaceAll(q, "%{", "%%{")
}

// hclLiteral is a JSON value as the HCL literal a user would write.
func hclLiteral(v any) string {
	switch x := v.(type) {
	case string:
		return hclString(x)
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = hclLiteral(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	panic(fmt.Sprintf("probe value %T", v))
}

// declaration is the resource a probe makes: the value of a title
// attribute (the type's only namevar) is the title when it is a string,
// as in values.rb; the other values are set on a resource with a title
// of the type's own kind.
func declaration(td *catalog.TypeDef, p probe) string {
	nv := td.Namevars()
	if s, ok := p.Value.(string); ok && len(nv) == 1 && nv[0].Name == p.Attribute {
		return fmt.Sprintf("resource %q %s {}\n", p.Type, hclString(s))
	}
	title := "probe"
	switch p.Type {
	case "file", "tidy":
		title = "/tmp/catc-core/probe"
	case "exec":
		title = "/bin/true"
	}
	return fmt.Sprintf("resource %q %q {\n  %s = %s\n}\n", p.Type, title, p.Attribute, hclLiteral(p.Value))
}

func errorsOf(diags hcl.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			fmt.Fprintf(&b, "%s: %s; ", d.Summary, d.Detail)
		}
	}
	return b.String()
}

// TestValuesAsPuppetsAgent runs every probe of values.jsonl through catc
// and asserts catc's verdict is the agent's (or the exception's).
func TestValuesAsPuppetsAgent(t *testing.T) {
	types := map[string]*catalog.TypeDef{}
	for _, td := range builtinTypes(t) {
		types[td.Name] = td
	}
	used := map[string]bool{}
	for _, p := range readProbes(t) {
		td := types[p.Type]
		if td == nil {
			t.Errorf("%s: no built-in type %s", p.key(), p.Type)
			continue
		}
		src := declaration(td, p)
		_, diags := compiler.LoadFiles([]string{"probe.hcl"}, [][]byte{[]byte(src)}, compiler.LoadOptions{})
		got := !diags.HasErrors()
		want, why := p.Accepted, "Puppet's verdict"
		if e, ok := exceptions[p.key()]; ok {
			want, why = e.accepted, "exception: "+e.why
			used[p.key()] = true
		}
		if got != want {
			t.Errorf("%s: catc accepted=%v, want %v (%s; Puppet: %q)\n%s%s", p.key(), got, want, why, p.Message, src, errorsOf(diags))
		}
	}
	for k := range exceptions {
		if !used[k] {
			t.Errorf("exception %s matches no probe", k)
		}
	}
}
