package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// hieraSite opens a site of the Hiera oracle corpus.
func hieraSite(t *testing.T, site string) *hiera.Data {
	t.Helper()
	d, diags := hiera.Open(testutil.Fixture("oracle", "hiera", "sites", site))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return d
}

func hieraFacts(node string) string {
	return filepath.Join(testutil.Fixture("oracle", "hiera", "facts"), node+".json")
}

// TestLookupFunction: lookup() in a resource gives Puppet's answer for
// the node (fixtures/oracle/hiera: b01, b06, m06, i25), its options, and
// HCL's lookup(map, key, default) still works.
func TestLookupFunction(t *testing.T) {
	t.Parallel()
	src := `
resource "notify" "message" { message = lookup("message") }
resource "notify" "port" { message = lookup("port_string") }
resource "notify" "typed" { message = tostring(lookup("port_int", { value_type = "Integer" }) + 1) }
resource "notify" "default" { message = lookup("absent", { default_value = "fallback" }) }
resource "notify" "positional" { message = lookup("absent", "String", "first", "pos") }
resource "notify" "hcl" { message = lookup({ a = "from map" }, "a", "none") }
resource "notify" "dotted" { message = tostring(lookup("hash.nested.deep")[1]) }
`
	cases := []struct{ node, title, want string }{
		{"web01.example.com", "message", "web01 own"},
		{"db01.example.com", "message", "redhat"},
		{"bare.example.org", "message", "common"},
		{"web01.example.com", "port", "80"},
		{"web01.example.com", "typed", "81"},
		{"web01.example.com", "default", "fallback"},
		{"web01.example.com", "positional", "pos"},
		{"web01.example.com", "hcl", "from map"},
		{"web01.example.com", "dotted", "2"},
	}
	data := hieraSite(t, "h01_basic")
	for _, c := range cases {
		cat, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, withFacts(t, LoadOptions{Hiera: data}, hieraFacts(c.node)))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		r := cat.Lookup("notify", c.title)
		got, _ := r.Attributes.Get("message")
		if got != c.want {
			t.Errorf("%s on %s: message = %#v, want %q", c.title, c.node, got, c.want)
		}
	}
}

// TestLookupFunctionErrors: a missing key and a value of the wrong type
// are Puppet's errors, naming the hierarchy and the data file.
func TestLookupFunctionErrors(t *testing.T) {
	t.Parallel()
	data := hieraSite(t, "h01_basic")
	for _, c := range []struct{ expr, want string }{
		{`lookup("absent")`, "Function lookup() did not find a value for the name 'absent'"},
		{`lookup("absent")`, "common.yaml"},
		{`lookup("port_string", { value_type = "Integer" })`, "Found value has wrong type, expects an Integer value, got String"},
		{`lookup("port_string", { value_type = "Integer" })`, "data/common.yaml, line 2"},
		{`lookup("list", { merge = "nosuch" })`, "Unknown merge strategy: 'nosuch'"},
	} {
		src := `resource "notify" "x" { message = ` + c.expr + ` }`
		_, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, withFacts(t, LoadOptions{Hiera: data}, hieraFacts("web01.example.com")))
		if !diags.HasErrors() || !strings.Contains(diags.Error(), c.want) {
			t.Errorf("%s: diagnostics %v, want one saying %q", c.expr, diags, c.want)
		}
	}
}

// TestLookupFunctionSecret: an eyaml value is a secret in the catalog;
// its ciphertext shows in no diagnostic.
func TestLookupFunctionSecret(t *testing.T) {
	t.Parallel()
	data := hieraSite(t, "h06_eyaml")
	src := `resource "notify" "x" { message = lookup("db_password") }`
	cat, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, withFacts(t, LoadOptions{Hiera: data}, hieraFacts("web01.example.com")))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	v, _ := cat.Lookup("notify", "x").Attributes.Get("message")
	s, ok := v.(types.Sensitive)
	if !ok || !strings.HasPrefix(s.Value.(string), "ENC[PKCS7,") {
		t.Fatalf("message = %T, want a secret holding the ciphertext", v)
	}
	src = `resource "notify" "x" { message = lookup("db_password", { value_type = "Integer" }) }`
	_, diags = LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, withFacts(t, LoadOptions{Hiera: data}, hieraFacts("web01.example.com")))
	if !diags.HasErrors() || strings.Contains(diags.Error(), "ENC[") {
		t.Fatalf("diagnostics %v: want an error without the ciphertext", diags)
	}
}

// TestLookupSecretDigest: the digest of an eyaml secret changes when its
// ciphertext does, and only then, so a diff sees a secret change.
func TestLookupSecretDigest(t *testing.T) {
	t.Parallel()
	key, err := secretdigest.NewKey([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	src := testutil.Fixture("oracle", "hiera", "sites", "h06_eyaml")
	marker := func(secrets string) string {
		dir := t.TempDir()
		for _, f := range []string{"hiera.yaml", "data/common.yaml"} {
			b, err := os.ReadFile(filepath.Join(src, f))
			if err != nil {
				t.Fatal(err)
			}
			testutil.WriteFiles(t, dir, map[string]string{f: string(b)})
		}
		testutil.WriteFiles(t, dir, map[string]string{"data/secrets.eyaml": secrets})
		data, diags := hiera.Open(dir)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		cat, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(`resource "notify" "x" { message = lookup("db_password") }`)},
			withFacts(t, LoadOptions{Hiera: data}, hieraFacts("db01.example.com")))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		v, _ := cat.Lookup("notify", "x").Attributes.Get("message")
		return key.Marker(v)
	}
	a := marker("db_password: ENC[PKCS7,AAAA]\n")
	if b := marker("db_password: ENC[PKCS7,AAAA]\n"); a != b {
		t.Errorf("one ciphertext, two digests: %s %s", a, b)
	}
	if c := marker("db_password: ENC[PKCS7,BBBB]\n"); a == c {
		t.Errorf("a changed ciphertext keeps its digest %s", a)
	}
}
