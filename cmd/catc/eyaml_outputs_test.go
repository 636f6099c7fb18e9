package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestEyamlNeverShown: values that Hiera's eyaml files hold encrypted
// (ENC[PKCS7,…]) reach resources through lookup() as secrets. No output
// of any command (text, JSON, Markdown, HTML, DOT, SVG, diagnostics)
// holds the ciphertext or its plain text (every plain text of the
// corpus starts "s3cret"), and a changed ciphertext is a secret change.
func TestEyamlNeverShown(t *testing.T) {
	t.Setenv("CATC_SVG", buildSVGRenderer(t))
	site := testutil.Fixture("oracle", "hiera", "sites", "h06_eyaml")
	facts := testutil.Fixture("oracle", "hiera", "facts", "web01.example.com.json")
	main := `resource "notify" "db" { message = lookup("db_password") }
resource "notify" "mixed" { message = lookup("mixed") }
resource "file" "/etc/app.conf" {
  ensure  = "file"
  content = "token=${lookup("api_token")}"
  notify  = "Notify[db]"
}
`
	dir := t.TempDir()
	old, changed := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	for _, d := range []string{old, changed} {
		copyTree(t, site, d)
		writeFile(t, filepath.Join(d, "main.hcl"), main)
	}
	ciphertexts := enc.FindAllString(readFile(t, filepath.Join(site, "data", "secrets.eyaml"))+readFile(t, filepath.Join(site, "data", "nodes", "web01.example.com.eyaml")), -1)
	if len(ciphertexts) < 3 {
		t.Fatalf("the site holds %d ciphertexts", len(ciphertexts))
	}
	// The new side's database password is encrypted anew.
	secrets := filepath.Join(changed, "data", "nodes", "web01.example.com.eyaml")
	src := readFile(t, secrets)
	first := enc.FindString(src)
	writeFile(t, secrets, strings.Replace(src, first, "ENC[PKCS7,"+strings.Repeat("Q", 64)+"]", 1))
	ciphertexts = append(ciphertexts, "ENC[PKCS7,"+strings.Repeat("Q", 64)+"]")

	out := filepath.Join(dir, "out")
	runs := [][]string{
		{"validate", old, "--facts", facts},
		{"plan", old, "--facts", facts},
		{"plan", old, "--facts", facts, "--format", "json"},
		{"why", old, "--facts", facts, "File[/etc/app.conf]", "Notify[db]"},
		{"graph", old, "--facts", facts},
		{"graph", old, "--facts", facts, "--format", "json"},
		{"graph", old, "--facts", facts, "--format", "svg"},
		{"graph", old, "--facts", facts, "--format", "html"},
		{"compile", old, "--facts", facts},
		{"compile", old, "--facts", facts, "--format", "puppet", "--redact-secrets"},
		{"compile", old, "--facts", facts, "--format", "puppet"}, // refused: names the secrets' places
		{"lookup", "db_password", old, "--facts", facts},
		{"lookup", "db_password", old, "--facts", facts, "--format", "json"},
		{"lookup", "mixed", old, "--facts", facts, "--explain"},
		{"lookup", "db_password", old, "--facts", facts, "--merge", "unique"}, // an error
		{"diff", old, changed, "--facts", facts},
		{"diff", old, changed, "--facts", facts, "--format", "json"},
		{"diff", old, changed, "--facts", facts, "--format", "markdown"},
		{"diff", old, changed, "--facts", facts, "--format", "html", "-o", out},
		{"diff", old, changed, "--facts", facts, "--diagnostics", "json"},
	}
	var diffText string
	for _, args := range runs {
		os.Remove(out)
		_, stdout, stderr := runCatc(t, args...)
		all := stdout + stderr
		if b, err := os.ReadFile(out); err == nil {
			all += string(b)
		}
		if all == "" {
			t.Errorf("catc %s printed nothing", strings.Join(args, " "))
		}
		for _, leak := range append([]string{"s3cret", "ENC["}, ciphertexts...) {
			if strings.Contains(all, leak) {
				t.Errorf("catc %s shows %.40q", strings.Join(args, " "), leak)
			}
		}
		if args[0] == "diff" && len(args) == 5 {
			diffText = stdout
		}
	}
	if !strings.Contains(diffText, "Notify[db]") || !strings.Contains(diffText, "message: (sensitive value changed)") {
		t.Errorf("the diff does not show the changed ciphertext as a secret change:\n%s", diffText)
	}
	if strings.Contains(diffText, "Notify[mixed]") {
		t.Errorf("the diff shows a change of Notify[mixed], whose ciphertext did not change:\n%s", diffText)
	}
}

// enc is an eyaml ciphertext.
var enc = regexp.MustCompile(`ENC\[PKCS7,[A-Za-z0-9+/=]+\]`)
