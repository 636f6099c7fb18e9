package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const secretTypes = `type "account" {
  desc = "An account."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "token" {
    type    = "Sensitive[String]"
    desc    = "Typed sensitive."
    default = "hunter2-default"
  }
  attribute "password" {
    type      = "Optional[String]"
    desc      = "Marked sensitive."
    sensitive = true
  }
  attribute "shell" {
    type = "Optional[String]"
    desc = "Not sensitive."
  }
}
`

// secretPair writes old/ and new/ catalogs in which only the token of
// Account[app] changes; every secret contains "hunter2".
func secretPair(t *testing.T) (oldDir, newDir string) {
	t.Helper()
	dir := t.TempDir()
	write := func(side, site string) string {
		d := filepath.Join(dir, side)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, src := range map[string]string{"types.hcl": secretTypes, "site.hcl": site} {
			if err := os.WriteFile(filepath.Join(d, name), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	oldDir = write("old", `resource "account" "app" {
  token    = "hunter2-old"
  password = "hunter2-pw"
}
resource "account" "ops" {
  token = "hunter2-same"
}
`)
	newDir = write("new", `resource "account" "app" {
  token    = "hunter2-new"
  password = "hunter2-pw"
}
resource "account" "ops" {
  token = "hunter2-same"
}
`)
	return oldDir, newDir
}

func noSecret(t *testing.T, what, out string) {
	t.Helper()
	for _, s := range []string{"hunter2", "hmac-sha256"} {
		if strings.Contains(out, s) {
			t.Errorf("%s shows %q:\n%s", what, s, out)
		}
	}
}

// TestCompileDiffSecrets: compile marks Sensitive[...]-typed attributes
// sensitive in "types"; without a digest key the files carry no digest
// and diff says it cannot tell; with one key (environment or key file)
// diff sees exactly the changed secret; no output shows a digest.
func TestCompileDiffSecrets(t *testing.T) {
	oldDir, newDir := secretPair(t)
	tmp := t.TempDir()
	compile := func(dir, out string, args ...string) string {
		t.Helper()
		code, _, errOut := runCatc(t, append([]string{"compile", dir, "-o", out}, args...)...)
		if code != 0 {
			t.Fatalf("compile %s: %d %s", dir, code, errOut)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "hunter2") {
			t.Fatalf("the compiled catalog shows a secret:\n%s", b)
		}
		return string(b)
	}
	oldJSON, newJSON := filepath.Join(tmp, "old.json"), filepath.Join(tmp, "new.json")

	t.Run("no key", func(t *testing.T) {
		j := compile(oldDir, oldJSON)
		compile(newDir, newJSON)
		if !strings.Contains(j, `{"name": "token", "behaviour": "property", "sensitive": true}`) &&
			!strings.Contains(strings.Join(strings.Fields(j), " "), `"name": "token", "behaviour": "property", "sensitive": true`) {
			t.Errorf("token is not marked sensitive in types:\n%s", j)
		}
		if strings.Contains(j, "hmac-sha256") || !strings.Contains(j, `"sensitive": "redacted"`) {
			t.Errorf("without a key, want markers without digest:\n%s", j)
		}
		_, out, errOut := runCatc(t, "diff", oldJSON, newJSON)
		noSecret(t, "diff", out+errOut)
		if strings.Count(out, "cannot tell whether it changed") != 3 {
			t.Errorf("want 3 undetermined secrets (two tokens, one password):\n%s", out)
		}
	})
	t.Run("environment key", func(t *testing.T) {
		t.Setenv("CATC_DIGEST_KEY", "0123456789abcdef0123")
		compile(oldDir, oldJSON)
		compile(newDir, newJSON)
		_, out, errOut := runCatc(t, "diff", oldJSON, newJSON)
		noSecret(t, "diff", out+errOut)
		if !strings.Contains(out, "token: (sensitive value changed)") || strings.Count(out, "sensitive value") != 1 || strings.Contains(out, "Account[ops]") {
			t.Errorf("want only Account[app]'s token changed:\n%s", out)
		}
		_, md, _ := runCatc(t, "diff", oldJSON, newJSON, "--format", "markdown")
		_, js, _ := runCatc(t, "diff", oldJSON, newJSON, "--format", "json")
		noSecret(t, "diff markdown", md)
		noSecret(t, "diff json", js)
	})
	t.Run("key file", func(t *testing.T) {
		keyFile := filepath.Join(tmp, "key")
		if err := os.WriteFile(keyFile, []byte("a key read from a file\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		compile(oldDir, oldJSON, "--digest-key-file", keyFile)
		compile(newDir, newJSON, "--digest-key-file", keyFile)
		_, out, _ := runCatc(t, "diff", oldJSON, newJSON, "--digest-key-file", keyFile)
		if !strings.Contains(out, "token: (sensitive value changed)") || strings.Count(out, "sensitive value") != 1 {
			t.Errorf("want only Account[app]'s token changed:\n%s", out)
		}
		// The key makes digests differ from those of another key: no
		// guess can be checked without it.
		other := filepath.Join(tmp, "other.json")
		t.Setenv("CATC_DIGEST_KEY", "another key, also long enough")
		compile(newDir, other)
		_, out, _ = runCatc(t, "diff", newJSON, other)
		if strings.Count(out, "cannot tell whether it changed") != 3 {
			t.Errorf("digests under two keys must not compare:\n%s", out)
		}
	})
	t.Run("short key", func(t *testing.T) {
		t.Setenv("CATC_DIGEST_KEY", "short")
		code, _, errOut := runCatc(t, "compile", oldDir, "-o", oldJSON)
		if code != 1 || !strings.Contains(errOut, "use at least 16 random bytes") {
			t.Errorf("code %d, stderr %q", code, errOut)
		}
	})
	t.Run("in process", func(t *testing.T) {
		_, out, errOut := runCatc(t, "diff", oldDir, newDir)
		noSecret(t, "diff", out+errOut)
		if !strings.Contains(out, "token: (sensitive value changed)") || strings.Count(out, "sensitive value") != 1 {
			t.Errorf("want only Account[app]'s token changed:\n%s", out)
		}
	})
}

// TestDiagnosticsHideSecrets checks the three diagnostic formats on
// errors next to and about secrets, and the type docs.
func TestDiagnosticsHideSecrets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	site := `locals {
  pw = "hunter2-local"
}
resource "account" "app" {
  token    = "hunter2-token"
  password = local.pw
  shell    = tonumber(local.pw)
  colour   = "red"
}
`
	for name, src := range map[string]string{"types.hcl": secretTypes, "site.hcl": site} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, format := range []string{"text", "json", "github"} {
		code, out, errOut := runCatc(t, "validate", dir, "--diagnostics", format)
		if code != 1 || !strings.Contains(errOut, "colour") {
			t.Errorf("%s: code %d, want the unknown attribute reported:\n%s", format, code, errOut)
		}
		noSecret(t, format+" diagnostics", out+errOut)
	}
	_, doc, _ := runCatc(t, "doc", filepath.Join(dir, "types.hcl"))
	if !strings.Contains(doc, "token") {
		t.Fatalf("no doc:\n%s", doc)
	}
	noSecret(t, "doc", doc)
}

// TestFmtDiagnosticsHideSecrets: fmt reports a syntax error on the line
// of a secret without showing it.
func TestFmtDiagnosticsHideSecrets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, src := range map[string]string{
		"types.hcl": secretTypes,
		"site.hcl":  "resource \"account\" \"app\" {\n  token = \"hunter2\" shell = 1\n}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCatc(t, "fmt", "--check", dir)
	if code != 1 || !strings.Contains(errOut, "Missing newline after argument") {
		t.Errorf("code %d, want the syntax error:\n%s", code, errOut)
	}
	noSecret(t, "fmt diagnostics", out+errOut)
}
