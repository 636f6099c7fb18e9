package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/hclpaths"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

var seedDir = testutil.Fixture("seed")

// seedTypes is the seed's type file, loaded with each table case.
func seedTypes(t *testing.T) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(seedDir, "types.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// loadWithSeed loads the seed types and src (as decl.hcl).
func loadWithSeed(t *testing.T, src string) (*catalog.Catalog, hcl.Diagnostics) {
	t.Helper()
	return LoadFiles([]string{"types.hcl", "decl.hcl"}, [][]byte{seedTypes(t), []byte(src)}, LoadOptions{})
}

func errorsOnly(diags hcl.Diagnostics) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			out = append(out, d)
		}
	}
	return out
}

func TestSeedGolden(t *testing.T) {
	t.Parallel()
	c, diags := Load([]string{seedDir}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("seed has errors:\n%s", describeDiags(diags))
	}
	var got bytes.Buffer
	if err := catalogjson.WriteCatalog(&got, c); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "seed.json"), got.Bytes())
}

func TestDeterministic(t *testing.T) {
	t.Parallel()
	load := func() []byte {
		c, diags := Load([]string{seedDir, testutil.Fixture("valid")}, LoadOptions{})
		if diags.HasErrors() {
			t.Fatalf("errors:\n%s", describeDiags(diags))
		}
		var b bytes.Buffer
		if err := catalogjson.WriteCatalog(&b, c); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	first := load()
	for i := 0; i < 3; i++ {
		if again := load(); !bytes.Equal(first, again) {
			t.Fatalf("run %d differs:\n%s", i, cmp.Diff(string(first), string(again)))
		}
	}
}

func TestSoftwareTitles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		decl     string
		pkg, mgr types.Value
	}{
		{`resource "software" "php-yum" {}`, "php", "yum"},
		{`resource "software" "php-gem" { ensure = "absent" }`, "php", "gem"},
		{`resource "software" "php" { manager = "yum" }`, "php", "yum"},
		{`resource "software" "php-" {}`, "php", ""},
		{`resource "software" "php" {}`, "php", nil},
		{`resource "software" "a-b-c" {}`, "a-b", "c"},
		{`resource "software" "php--yum" {}`, "php", "-yum"},
		{`resource "software" "-yum" {}`, "-yum", nil},
		{`resource "software" "php-yum" { manager = "gem" }`, "php", "gem"},
		{`resource "software" "php-yum" { package = "perl" }`, "perl", "yum"},
		{"resource \"software\" \"multi\\nline\" {}", "multi", nil},
	}
	for _, tc := range tests {
		t.Run(tc.decl, func(t *testing.T) {
			c, diags := loadWithSeed(t, tc.decl)
			if errs := errorsOnly(diags); len(errs) > 0 {
				t.Fatalf("errors:\n%s", describeDiags(errs))
			}
			r := c.Resources[0]
			pkg, _ := r.Namevars.Get("package")
			mgr, _ := r.Namevars.Get("manager")
			if pkg != tc.pkg || mgr != tc.mgr {
				t.Errorf("namevars = (%#v, %#v), want (%#v, %#v)", pkg, mgr, tc.pkg, tc.mgr)
			}
		})
	}
}

func TestAptKeyIDs(t *testing.T) {
	t.Parallel()
	ids := []string{"ABCD1234", "0xabcd1234", "ABCDEF0123456789", "0xABCDEF0123456789",
		"6F6B15509CF8E59E6E469F327F438280EF8D349F", "0x6F6B15509CF8E59E6E469F327F438280EF8D349F"}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			_, diags := loadWithSeed(t, `resource "apt_key" "`+id+`" {
  ensure = "present"
  source = "https://example.com/key.gpg"
}`)
			if errs := errorsOnly(diags); len(errs) > 0 {
				t.Errorf("errors:\n%s", describeDiags(errs))
			}
		})
	}
	_, diags := loadWithSeed(t, `resource "apt_key" "xyz" {}`)
	want := `apt_key.id expects a match for Pattern[/\A(0x)?[0-9a-fA-F]{8}\Z/, /\A(0x)?[0-9a-fA-F]{16}\Z/, /\A(0x)?[0-9a-fA-F]{40}\Z/], got 'xyz'. Use a string that one of the patterns matches.`
	if errs := errorsOnly(diags); len(errs) != 1 || errs[0].Detail != want {
		t.Errorf("xyz: got\n%s\nwant one error %q", describeDiags(errs), want)
	}
}

func TestValues(t *testing.T) {
	t.Parallel()
	src := `type "v" {
  desc = "Values of every kind."
  attribute "name" {
    type      = "String"
    desc      = "n"
    behaviour = "namevar"
  }
  attribute "any" {
    type = "Optional[Any]"
    desc = "a"
  }
}
`
	tests := []struct {
		expr string
		want types.Value
	}{
		{`"s"`, "s"},
		{`1`, int64(1)},
		{`-1`, int64(-1)},
		{`1.0`, 1.0},
		{`1e3`, 1000.0},
		{`-2.5`, -2.5},
		{`true`, true},
		{`null`, nil},
		{`[1, 1.5, "x"]`, []types.Value{int64(1), 1.5, "x"}},
		{`{ b = 1, a = 2.0 }`, &types.Hash{Keys: []string{"b", "a"}, Values: []types.Value{int64(1), 2.0}}},
		{`"a${"b"}"`, "ab"},
		{`1 + 1`, int64(2)},
		{`3 / 2`, 1.5},
	}
	for _, tc := range tests {
		t.Run(tc.expr, func(t *testing.T) {
			decl := src + `resource "v" "x" { any = ` + tc.expr + " }\n"
			c, diags := LoadFiles([]string{"v.hcl"}, [][]byte{[]byte(decl)}, LoadOptions{})
			if diags.HasErrors() {
				t.Fatalf("errors:\n%s", describeDiags(diags))
			}
			got, _ := c.Resources[0].Attr("any")
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("value of %s (-want +got):\n%s", tc.expr, d)
			}
		})
	}
}

func TestNumberOutOfRange(t *testing.T) {
	t.Parallel()
	for _, expr := range []string{"99999999999999999999", "1e999999999", "1e999999999 + 0", "-1e400"} {
		t.Run(expr, func(t *testing.T) {
			c, diags := loadWithSeed(t, `resource "apt_key" "ABCD1234" { source = `+expr+` }`)
			errs := errorsOnly(diags)
			if len(errs) != 1 || errs[0].Summary != catalog.SummaryIntegerRange {
				t.Errorf("got\n%s\nwant one %q", describeDiags(errs), catalog.SummaryIntegerRange)
			}
			if len(c.Resources) != 1 {
				t.Errorf("%d resources, want 1", len(c.Resources))
			}
		})
	}
}

func TestLookup(t *testing.T) {
	t.Parallel()
	c, diags := loadWithSeed(t, `
resource "software" "x" {
  package = "php"
  manager = "yum"
  alias   = "the-php"
}
resource "apt_key" "ABCD1234" {}
resource "software" "perl-gem" {
  require = [software.php-yum, "Software['the-php']", "software[x]", apt_key["ABCD1234"]]
}
`)
	if errs := errorsOnly(diags); len(errs) > 0 {
		t.Fatalf("errors:\n%s", describeDiags(errs))
	}
	x := c.Resources[0]
	for _, title := range []string{"x", "php-yum", "the-php"} {
		if got := c.Lookup("Software", title); got != x {
			t.Errorf("Lookup(Software, %q) = %v, want Software[x]", title, got)
		}
	}
	if got := c.Lookup("software", "php-gem"); got != nil {
		t.Errorf("Lookup(software, php-gem) = %v, want nil", got.Ref())
	}
	rels := c.Resources[2].Relations
	var got []string
	for _, r := range rels {
		got = append(got, r.Kind.String()+" "+r.RefText+" -> "+r.Target.Ref())
	}
	want := []string{
		"require Software[php-yum] -> Software[x]",
		"require Software[the-php] -> Software[x]",
		"require Software[x] -> Software[x]",
		"require Apt_key[ABCD1234] -> Apt_key[ABCD1234]",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("relations (-want +got):\n%s", d)
	}
}

func TestAutoTitles(t *testing.T) {
	t.Parallel()
	c, diags := loadWithSeed(t, `resource "apt_key" "ABCD1234" {
  ensure = "present"
  source = "/etc/key.gpg"
}`)
	if errs := errorsOnly(diags); len(errs) > 0 {
		t.Fatalf("errors:\n%s", describeDiags(errs))
	}
	r := c.Resources[0]
	var got []string
	for _, rule := range r.Type.AutoRules {
		got = append(got, rule.Kind.String()+" "+rule.Target+" "+strings.Join(r.AutoTitles(rule), ","))
	}
	want := []string{"autorequire file /etc/key.gpg", "autorequire package apt"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("auto titles (-want +got):\n%s", d)
	}
}

func TestSensitiveRedacted(t *testing.T) {
	t.Parallel()
	src := `type "secret" {
  desc = "s"
  attribute "name" {
    type      = "String"
    desc      = "n"
    behaviour = "namevar"
  }
  attribute "password" {
    type      = "String"
    desc      = "p"
    sensitive = true
  }
}
resource "secret" "a" { password = "hunter2hunter2" }
resource "secret" "b" { password = "hunter3hunter3" }
`
	c, diags := LoadFiles([]string{"s.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("errors:\n%s", describeDiags(diags))
	}
	var b bytes.Buffer
	if err := catalogjson.WriteCatalog(&b, c); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "hunter") {
		t.Errorf("sensitive value printed:\n%s", out)
	}
	if got := strings.Count(out, `"sensitive": "redacted"`); got != 2 {
		t.Errorf("without a digest key, want 2 markers without digest, got %d:\n%s", got, out)
	}
	key, err := secretdigest.NewKey([]byte("0123456789abcdef-test"))
	if err != nil {
		t.Fatal(err)
	}
	c, diags = LoadFiles([]string{"s.hcl"}, [][]byte{[]byte(src)}, LoadOptions{DigestKey: key})
	if diags.HasErrors() {
		t.Fatalf("errors:\n%s", describeDiags(diags))
	}
	b.Reset()
	if err := catalogjson.WriteCatalog(&b, c); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	da := c.SensitiveMarker("hunter2hunter2")
	db := c.SensitiveMarker("hunter3hunter3")
	if da == db || !strings.Contains(out, da) || !strings.Contains(out, db) {
		t.Errorf("digests missing or equal:\n%s", out)
	}
}

func TestFileOrder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.hcl", `resource "software" "a" {}`)
	write("a/b.hcl", `resource "software" "ab" {}`)
	write("b.hcl", `resource "software" "b1" {}
resource "software" "b2" {}`)
	write("skip.txt", `not hcl`)
	write("z/types.hcl", string(seedTypes(t)))
	c, diags := Load([]string{dir}, LoadOptions{})
	if errs := errorsOnly(diags); len(errs) > 0 {
		t.Fatalf("errors:\n%s", describeDiags(errs))
	}
	var got []string
	for _, r := range c.Resources {
		got = append(got, r.Title)
	}
	if d := cmp.Diff([]string{"a", "ab", "b1", "b2"}, got); d != "" {
		t.Errorf("declaration order (-want +got):\n%s", d)
	}
}

// TestSeedDuplicate is the documentation's three declarations: one error,
// in Puppet's words, citing both declarations.
func TestSeedDuplicate(t *testing.T) {
	t.Parallel()
	_, diags := loadWithSeed(t, `resource "software" "php-yum" {
  ensure = "present"
}
resource "software" "php-gem" {
  ensure = "absent"
}
resource "software" "php" {
  manager = "yum"
  ensure  = "present"
}
`)
	errs := errorsOnly(diags)
	want := `Cannot alias Software[php] to ["yum", "php"] at (file: decl.hcl, line: 7); resource ["Software", "yum", "php"] already declared (file: decl.hcl, line: 1). Software[php] clashes with Software[php-yum], declared at decl.hcl:1. Give one of them other values for manager or package, or remove the duplicate.`
	if len(errs) != 1 || errs[0].Detail != want {
		t.Fatalf("got\n%s\nwant one error %q", describeDiags(errs), want)
	}
	if s := errs[0].Subject; s.Filename != "decl.hcl" || s.Start.Line != 7 || s.Start.Column != 21 {
		t.Errorf("subject %s, want decl.hcl:7,21", s)
	}
}

// TestOptionalSensitive checks that a value for Optional[Sensitive[...]] is
// wrapped (HCL cannot mark it Sensitive), checked, and never shown.
func TestOptionalSensitive(t *testing.T) {
	t.Parallel()
	src := `
type "secret" {
  desc = "A secret."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The name."
  }
  attribute "password" {
    type = "Optional[Sensitive[String]]"
    desc = "The password."
  }
}
resource "secret" "a" { password = "hunter2" }
resource "secret" "b" {}
resource "secret" "c" { password = 5 }
`
	c, diags := LoadFiles([]string{"s.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	var errs []string
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs = append(errs, d.Detail)
		}
	}
	want := "secret.password expects a value of type Undef or Sensitive[String], got Sensitive[Integer]"
	if len(errs) != 1 || !strings.HasPrefix(errs[0], want) {
		t.Fatalf("errors %q, want one starting %q", errs, want)
	}
	var b strings.Builder
	if err := catalogjson.WriteCatalog(&b, c); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "hunter2") || !strings.Contains(b.String(), `"password": {`) {
		t.Errorf("the password is not redacted in the catalog JSON:\n%s", b.String())
	}
}

// A directory's var files (given with VarFiles) and hidden directories
// are not read as declarations, as the language server does not read
// them either.
func TestLoadSkipsVarFilesAndHiddenDirs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("site.hcl", "variable \"port\" {\n  default = 1\n}\n")
	write("vars/prod.hcl", "port = 8080\n")
	write(".cache/junk.hcl", "this is not HCL {\n")
	_, diags := Load([]string{dir}, LoadOptions{VarFiles: []string{filepath.Join(dir, "vars", "prod.hcl")}})
	if diags.HasErrors() {
		t.Errorf("diagnostics: %s", describeDiags(diags))
	}
	names, _ := hclpaths.Expand([]string{dir}, nil)
	if len(names) != 2 {
		t.Errorf("Expand = %v, want site.hcl and vars/prod.hcl", names)
	}
}
