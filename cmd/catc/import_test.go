package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// catc import on the seed's types written in Ruby prints HCL that catc
// validates with the same findings as the seed's own types.hcl.
func TestImportStdout(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "import", filepath.Join(testutil.Root(), "internal/importer/testdata/seed"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	assertGolden(t, "import_seed.hcl", out)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "types.hcl"), []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCatc(t, "validate", dir)
	if code != 0 || !strings.Contains(errOut, "Valid: 2 types, 0 resources, 0 edges, 3 warnings.") {
		t.Errorf("validate of the imported types: exit %d\n%s", code, errOut)
	}
}

// With -o, one file per definition; a definition with an error is not
// written, is named in a diagnostic at its Ruby line, and the run exits 1.
func TestImportOutputDir(t *testing.T) {
	t.Parallel()
	src := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("lib/puppet/type/good.rb", `Puppet::ResourceApi.register_type(
  name: 'good',
  desc: 'A good type.',
  attributes: {
    name: { type: 'String', desc: 'The name.', behaviour: :namevar },
    port: { type: 'Mymod::Port', desc: 'A port.' },
  },
)
`)
	write("lib/puppet/type/bad.rb", `Puppet::ResourceApi.register_type(
  name: 'bad',
  desc: 'No namevar.',
  attributes: {
    name: { type: 'String', desc: 'The name.', behaviour: 'namevar' },
  },
)
`)
	write("types/port.pp", "# @summary A TCP port\ntype Mymod::Port = Integer[0, 65535]\n")
	out := filepath.Join(t.TempDir(), "imported")
	code, stdout, errOut := runCatc(t, "import", src, "-o", out)
	if code != 1 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, want 1 and nothing", code, stdout)
	}
	for _, want := range []string{
		"on " + filepath.Join(src, "lib/puppet/type/bad.rb") + " line 5:",
		"`namevar` is not a valid behaviour value",
		"catc: 1 of 3 imported definitions have errors and were not written",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	names := dirNames(t, out)
	if strings.Join(names, " ") != "good.hcl mymod-port.hcl" {
		t.Errorf("written: %v", names)
	}
	alias, _ := os.ReadFile(filepath.Join(out, "mymod-port.hcl"))
	if !strings.Contains(string(alias), `type_alias "Mymod::Port" {`) || !strings.Contains(string(alias), `desc = "A TCP port"`) {
		t.Errorf("alias file:\n%s", alias)
	}
	if code, _, errOut := runCatc(t, "validate", "--strict", out); code != 0 {
		t.Errorf("the written files do not validate: %s", errOut)
	}
}

// TestImportSameFile: a type and a type alias that share a file name
// (type port, alias Port) leave the alias unwritten, with a diagnostic
// at its Puppet line; the type is written and the run exits 1.
func TestImportSameFile(t *testing.T) {
	t.Parallel()
	src := writeTree(t, map[string]string{
		"lib/puppet/type/port.rb": "Puppet::ResourceApi.register_type(\n  name: 'port',\n  desc: 'A port.',\n  attributes: {\n    name: { type: 'String', desc: 'The name.', behaviour: :namevar },\n  },\n)\n",
		"types/port.pp":           "type Port = Integer[0, 65535]\n",
	}, nil)
	out := filepath.Join(t.TempDir(), "imported")
	code, _, errOut := runCatc(t, "import", src, "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, errOut)
	}
	for _, want := range []string{
		"on " + filepath.Join(src, "types/port.pp") + " line 1:",
		"Two definitions would be written to port.hcl: port (from",
		"catc: 1 of 2 imported definitions have errors and were not written",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	written, err := os.ReadFile(filepath.Join(out, "port.hcl"))
	if err != nil || !strings.Contains(string(written), `type "port" {`) {
		t.Errorf("port.hcl (%v):\n%s", err, written)
	}
}

// TestImportAliasesReused: the aliases an earlier import wrote are given
// to a later one with --aliases (stdlib's .pp need not be imported again)
// and to catc match; without them, the error says how to give them.
func TestImportAliasesReused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	stdlib := filepath.Join(dir, "stdlib", "types")
	if err := os.MkdirAll(stdlib, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stdlib, "port.pp"), []byte("type Stdlib::Port = Integer[0, 65535]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	svc := filepath.Join(dir, "svc.rb")
	if err := os.WriteFile(svc, []byte(`Puppet::ResourceApi.register_type(
  name: 'svc',
  desc: 'A service.',
  attributes: {
    name: { type: 'String', desc: 'The name.', behaviour: :namevar },
    port: { type: 'Stdlib::Port', desc: 'The port.' },
  },
)
`), 0o644); err != nil {
		t.Fatal(err)
	}
	aliases := filepath.Join(dir, "aliases")
	if code, _, errOut := runCatc(t, "import", "-o", aliases, stdlib); code != 0 {
		t.Fatalf("import of the aliases: exit %d\n%s", code, errOut)
	}
	code, _, errOut := runCatc(t, "import", svc)
	if code != 1 || !strings.Contains(errOut, "with --aliases PATH") {
		t.Errorf("without --aliases: exit %d, want 1 and advice\n%s", code, errOut)
	}
	code, out, errOut := runCatc(t, "import", "--aliases", aliases, svc)
	if code != 0 || !strings.Contains(out, `type = "Stdlib::Port"`) || strings.Contains(out, "type_alias") {
		t.Errorf("with --aliases: exit %d, want the type alone\n%s\n%s", code, out, errOut)
	}
	code, out, _ = runCatc(t, "match", "--aliases", aliases, "Stdlib::Port", "80000")
	if code != 1 || !strings.Contains(out, "expects a Stdlib::Port = Integer[0, 65535] value, got Integer[80000, 80000]") {
		t.Errorf("match --aliases: exit %d\n%s", code, out)
	}
	if code, _, _ = runCatc(t, "match", "--aliases", aliases, "Stdlib::Port", "80"); code != 0 {
		t.Errorf("match --aliases of a valid port: exit %d", code)
	}
}

// TestImportDiagnosticsHideSecrets: in every diagnostics format, import
// neither quotes nor shows in a snippet the default of a sensitive
// attribute (by flag, by type, by an alias to Sensitive), while the
// diagnostics about them are still there.
func TestImportDiagnosticsHideSecrets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"lib/puppet/type/x.rb": "Puppet::ResourceApi.register_type(\n  name: 'x', desc: 'd',\n  attributes: {\n" +
			"    n: {type: 'String', behaviour: :namevar, desc: 'n'},\n" +
			"    a: {type: 'String', desc: 'a', default: 'hunter2-flag' + suffix, sensitive: true},\n" +
			"    b: {type: 'Optional[Sensitive[String]]', desc: 'b', default: 'hunter2-type' + suffix},\n" +
			"    c: {type: 'Secret::Token', desc: 'c', default: 'hunter2-alias' + suffix},\n" +
			"    d: {type: 'Sensitive[Integer]', desc: 'd', default: 'hunter2-bad'},\n  })\n",
		"types/token.pp": "type Secret::Token = Sensitive[String]\n",
	}
	for name, src := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, format := range []string{"text", "json", "github"} {
		t.Run(format, func(t *testing.T) {
			code, _, errOut := runCatc(t, "import", dir, "--diagnostics", format)
			if code != 1 {
				t.Errorf("exit %d, want 1 (d's default is refused)", code)
			}
			if strings.Contains(errOut, "hunter2") {
				t.Errorf("the diagnostics show a secret default:\n%s", errOut)
			}
			if n := strings.Count(errOut, "Not a literal"); n < 3 {
				t.Errorf("%d Not a literal diagnostics, want one per computed default:\n%s", n, errOut)
			}
			if !strings.Contains(errOut, "Invalid default") {
				t.Errorf("the refused default is not reported:\n%s", errOut)
			}
		})
	}
}

// TestImportNewtypeRerun: catc import writes a Puppet::Type.newtype type
// with the header it recognises as its own, so a second run into the
// same directory replaces the file (an edited module re-imported) rather
// than refusing to overwrite it.
func TestImportNewtypeRerun(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "lib", "puppet", "type")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	rb := filepath.Join(src, "compose_app.rb")
	write := func(param string) {
		t.Helper()
		text := "Puppet::Type.newtype(:compose_app) do\n  newparam(:name, namevar: true)\n  newparam(:" + param + ")\n  def refresh\n  end\nend\n"
		if err := os.WriteFile(rb, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "types")
	write("files")
	if code, _, errOut := runCatc(t, "import", rb, "-o", out); code != 0 {
		t.Fatalf("first import: exit %d: %s", code, errOut)
	}
	write("project_dir")
	if code, _, errOut := runCatc(t, "import", rb, "-o", out); code != 0 {
		t.Fatalf("second import into the same directory: exit %d: %s", code, errOut)
	}
	got, _ := os.ReadFile(filepath.Join(out, "compose_app.hcl"))
	for _, want := range []string{"# Imported by catc import from ", `attribute "project_dir"`, "refreshable = true"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("compose_app.hcl lacks %q:\n%s", want, got)
		}
	}
}
