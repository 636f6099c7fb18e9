package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// summary prints what a catalog's types define, for comparing two ways
// of writing the same types.
func summary(c *catalog.Catalog) []string {
	var out []string
	for _, t := range c.Types {
		out = append(out, fmt.Sprintf("type %s desc=%q features=%q", t.Name, strings.TrimSpace(t.Desc), t.Features))
		for _, a := range t.Attributes {
			def := ""
			if a.HasDefault {
				def = fmt.Sprint(a.Default)
			}
			out = append(out, fmt.Sprintf("  attribute %s type=%q desc=%q behaviour=%v default=%s sensitive=%v",
				a.Name, a.TypeText, a.Desc, a.Behaviour, def, a.Sensitive))
		}
		for _, p := range t.TitlePatterns {
			out = append(out, fmt.Sprintf("  title_pattern %q desc=%q", p.Source, p.Desc))
		}
		for _, r := range t.AutoRules {
			for _, term := range r.Terms {
				out = append(out, fmt.Sprintf("  %s %s title=%q attr=%q", r.Kind, r.Target, term.Title, term.Attr))
			}
		}
	}
	return out
}

func loadOutputs(t *testing.T, outs []Output) *catalog.Catalog {
	t.Helper()
	names := make([]string, len(outs))
	srcs := make([][]byte, len(outs))
	for i, o := range outs {
		names[i], srcs[i] = o.Name, o.Src
	}
	c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("the imported HCL does not load: %s", diags.Error())
	}
	return c
}

// The seed's two types, written in Ruby as a module would, import to
// the same types as fixtures/seed/types.hcl.
func TestImportSeedRoundTrip(t *testing.T) {
	t.Parallel()
	sources, err := FindSources([]string{"testdata/seed"})
	if err != nil {
		t.Fatal(err)
	}
	outs, diags, _ := importAll(sources)
	if diags.HasErrors() {
		t.Fatalf("import: %s", diags.Error())
	}
	got := summary(loadOutputs(t, outs))
	seed, err := os.ReadFile(testutil.Fixture("seed", "types.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := compiler.LoadFiles([]string{"types.hcl"}, [][]byte{seed}, compiler.LoadOptions{})
	if diff := cmp.Diff(summary(want), got); diff != "" {
		t.Errorf("imported types differ from the seed's (-seed +imported):\n%s", diff)
	}
	var warnings []string
	for _, d := range diags {
		warnings = append(warnings, fmt.Sprintf("%s: %s", d.Subject, d.Summary))
	}
	// The same warnings as the HCL seed gives, at the Ruby places (the
	// auto rules' file and package are built-in types: no warning).
	wantWarnings := []string{
		"testdata/seed/lib/puppet/type/software.rb:16,5-12: Missing documentation",
		"testdata/seed/lib/puppet/type/software.rb:17,5-13: Missing documentation",
		"testdata/seed/lib/puppet/type/software.rb:18,5-13: Missing documentation",
	}
	if diff := cmp.Diff(wantWarnings, warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

func importOne(t *testing.T, src string) ([]Output, hcl.Diagnostics) {
	t.Helper()
	outs, diags, _ := importAll([]Source{{Name: "x.rb", Src: []byte(src)}})
	return outs, diags
}

func diagLines(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		out = append(out, fmt.Sprintf("%s %d:%d %s: %s", sev, d.Subject.Start.Line, d.Subject.Start.Column, d.Summary, d.Detail))
	}
	return out
}

func TestImportDiagnostics(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      []string // prefixes of the diagnostic lines
	}{
		{"constant desc", `Puppet::ResourceApi.register_type(name: 'x', desc: Nexus3::Config.file_path, attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}})`,
			[]string{"warning 1:52 Not a literal: catc imports only literal values, and this is the method call Nexus3::Config.file_path (Nexus3::Config.file_path); the desc is dropped.",
				"warning 1:41 Missing documentation: `x` has no documentation"}},
		{"interpolated desc", "Puppet::ResourceApi.register_type(name: 'x', desc: \"v#{V}\", attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}})",
			[]string{"warning 1:54 Not a literal: catc imports only literal values, and this is string interpolation; the desc is dropped.",
				"warning 1:41 Missing documentation: `x` has no documentation"}},
		{"conditional", "if x\n  Puppet::ResourceApi.register_type(name: 'x', attributes: {})\nend\n",
			[]string{"warning 2:23 Conditional definition: This register_type is inside `if` (at x.rb:1:1), so whether it runs depends on Ruby code catc does not evaluate; catc imports it as if it runs.",
				"warning 2:43 Missing documentation", "error 2:43 Missing attributes"}},
		{"features built with +", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', features: ['a'] + extra, attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}})`,
			[]string{"warning 1:67 Not a literal: catc imports only literal values: the features after `+` are computed when Ruby runs (['a'] + extra) and are dropped; the 1 before it are imported."}},
		{"ignored keys", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', autorequires: {}, attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n', defaultto: 'a', dscmeta_x: 1}})`,
			[]string{"warning 1:57 Key ignored by the Resource API: The Resource API ignores the register_type key `autorequires`, so it is not imported. Did you mean `autorequire`?",
				"warning 1:140 Key ignored by the Resource API: The Resource API ignores the attribute option `defaultto` (on n)",
				"warning 1:156 Key ignored by the Resource API: The Resource API ignores the attribute option `dscmeta_x` (on n)"}},
		{"string behaviour", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', attributes: {n: {type: 'String', behaviour: 'namevar', desc: 'n'}})`,
			[]string{"error 1:101 Invalid behaviour: `namevar` is not a valid behaviour value",
				"error 1:41 No namevar"}},
		{"bad behaviour symbol", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', attributes: {n: {type: 'String', behaviour: :nomevar, desc: 'n'}})`,
			[]string{"error 1:101 Invalid behaviour: `nomevar` is not a valid behaviour value."}},
		{"no attributes", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', attributes: {})`,
			[]string{"error 1:41 Missing attributes: Puppet::ResourceApi::TypeDefinition must have `attributes`"}},
		{"both desc and docs", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', docs: 'e', attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}})`,
			[]string{"error 1:63 Conflicting documentation: `x` has both `desc` and `docs`"}},
		{"bad type string", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', attributes: {n: {type: 'Strin', behaviour: :namevar, desc: 'n'}})`,
			[]string{"error 1:80 Invalid attribute type: The type of the `n` attribute `Strin` references an unknown type `Strin`"}},
		{"no name", `Puppet::ResourceApi.register_type(desc: 'd', attributes: {})`,
			[]string{"error 1:21 Missing name"}},
		{"regexp RE2 cannot do", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', title_patterns: [{pattern: /(?<n>a)\k<n>/, desc: 'p'}], attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}})`,
			[]string{"error 1:84 Title pattern not supported: catc cannot use this Ruby regexp"}},
		{"string pattern", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', title_patterns: [{pattern: '^(?<n>.*)$'}], attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}})`,
			[]string{"error 1:84 Title pattern is not a regexp"}},
		{"symbol feature", `Puppet::ResourceApi.register_type(name: 'x', desc: 'd', features: [:canonicalize], attributes: {n: {type: 'String', behaviour: :namevar, desc: 'n'}})`,
			[]string{"warning 1:68 Feature not recognised"}},
		{"string key", `Puppet::ResourceApi.register_type('name' => 'x', :desc => 'd', :attributes => {n: {type: 'String', behaviour: :namevar, desc: 'n'}})`,
			[]string{"warning 1:35 Key ignored by the Resource API: The Resource API reads register_type keys as symbols", "error 1:21 Missing name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := importOne(t, tt.src)
			got := diagLines(diags)
			if len(got) < len(tt.want) {
				t.Fatalf("got %d diagnostics, want at least %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("diagnostic %d:\n got  %s\n want %s…\nall:\n%s", i, got[i], w, strings.Join(got, "\n"))
				}
			}
		})
	}
}

// TestFindSourcesTypesDir: a module's types/ folder, or a folder inside it,
// gives its alias files as the module does; .pp files elsewhere (manifests)
// are not alias files.
func TestFindSourcesTypesDir(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := map[string]string{
		"mod/types/port.pp":        "type Mod::Port = Integer[0, 65535]\n",
		"mod/types/ip/v4.pp":       "type Mod::Ip::V4 = Pattern[/\\A\\d+(\\.\\d+){3}\\z/]\n",
		"mod/manifests/init.pp":    "class mod {}\n",
		"mod/lib/puppet/type/x.rb": "Puppet::ResourceApi.register_type(name: 'x', attributes: {})\n",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		dir  string
		want []string
	}{
		{"mod", []string{"mod/lib/puppet/type/x.rb", "mod/types/ip/v4.pp", "mod/types/port.pp"}},
		{"mod/types", []string{"mod/types/ip/v4.pp", "mod/types/port.pp"}},
		{"mod/types/ip", []string{"mod/types/ip/v4.pp"}},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			sources, err := FindSources([]string{filepath.Join(root, tc.dir)})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range sources {
				rel, _ := filepath.Rel(root, s.Name)
				got = append(got, filepath.ToSlash(rel))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("sources (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := FindSources([]string{filepath.Join(root, "mod", "manifests")}); err == nil {
		t.Error("a manifests folder gave sources; want the error that it has no type or alias file")
	}
}

// A statement before an alias may hold a block comment with brackets and
// line breaks: the alias after it is still found.
func TestAliasAfterCommentedStatement(t *testing.T) {
	t.Parallel()
	src := "notice(1) /* an unclosed [ in a comment */\ntype Mymod::Port = Integer[0, 65535]\n"
	outs, diags, _ := importAll([]Source{{Name: "types/port.pp", Src: []byte(src)}})
	if diags.HasErrors() || len(outs) != 1 || outs[0].Type != "Mymod::Port" {
		t.Errorf("outs %v, diags %v", outs, diags)
	}
}

// TestImportSameFile: a type and a type alias that would be written to
// the same file (type port, alias Port: port.hcl) are an error at the
// later one, which is not written; the first is.
func TestImportSameFile(t *testing.T) {
	t.Parallel()
	rb := "Puppet::ResourceApi.register_type(\n  name: 'port',\n  desc: 'A port.',\n  attributes: {\n    name: { type: 'String', desc: 'The name.', behaviour: :namevar },\n  },\n)\n"
	outs, diags, _ := importAll([]Source{
		{Name: "mod/lib/puppet/type/port.rb", Src: []byte(rb)},
		{Name: "mod/types/port.pp", Src: []byte("type Port = Integer[0, 65535]\n")},
	})
	if len(outs) != 2 || outs[0].Failed || !outs[1].Failed {
		t.Fatalf("outputs: %+v", outs)
	}
	var errs hcl.Diagnostics
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs = append(errs, d)
		}
	}
	if len(errs) != 1 {
		t.Fatalf("errors: %v", errs)
	}
	d := errs[0]
	if d.Subject == nil || *d.Subject != outs[1].From {
		t.Errorf("at %v, want the alias %v", d.Subject, outs[1].From)
	}
	if want := "Two definitions would be written to port.hcl: port (from mod/lib/puppet/type/port.rb:1) and Port."; !strings.Contains(d.Detail, want) {
		t.Errorf("detail %q lacks %q", d.Detail, want)
	}
}

// importAll is ImportWith without options, as `catc import` runs by
// default.
func importAll(sources []Source) ([]Output, hcl.Diagnostics, []Source) {
	return ImportWith(sources, Options{})
}

// TestImportEscapesControls: a desc holding ESC, a carriage return, NUL,
// U+2028 and a right-to-left override over several lines is written as
// a quoted string with escapes (a heredoc would hold them raw), which
// import's own check loads (the output is not failed).
func TestImportEscapesControls(t *testing.T) {
	t.Parallel()
	rb := "Puppet::ResourceApi.register_type(\n  name: 'evil',\n  desc: \"Evil \\e[2J\\r\\u0000 \\u2028 \\u202egnp\\nline two\",\n  attributes: {\n    name: { type: 'String', desc: 'The name.', behaviour: :namevar },\n  },\n)\n"
	outs, diags, _ := importAll([]Source{{Name: "mod/lib/puppet/type/evil.rb", Src: []byte(rb)}})
	if diags.HasErrors() || len(outs) != 1 || outs[0].Failed {
		t.Fatalf("outs %+v, diags %v", outs, diags)
	}
	src := string(outs[0].Src)
	for _, raw := range []string{"\x1b", "\r", "\x00", "\u2028", "\u202e"} {
		if strings.Contains(src, raw) {
			t.Errorf("the HCL holds a raw %q:\n%s", raw, src)
		}
	}
	if want := `desc = "Evil \u001b[2J\r\u0000 \u2028 \u202egnp\nline two"`; !strings.Contains(src, want) {
		t.Errorf("the HCL lacks %s:\n%s", want, src)
	}
}
