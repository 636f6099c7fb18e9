package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// secretSite declares a user whose password is only marked sensitive
// and a key of a Sensitive type.
const secretSite = `
type "account" {
  desc = "An account."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "password" {
    type      = "Optional[String]"
    desc      = "The password."
    sensitive = true
  }
  attribute "api_key" {
    type = "Optional[Sensitive[String]]"
    desc = "The API key."
  }
}
resource "account" "alice" {
  password = "hunter2"
  api_key  = "s3cret"
}
resource "account" "bob" {
  password = "swordfish"
}
`

func writeSecretSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "site.hcl"), []byte(secretSite), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// By default a Puppet catalog with secrets is refused: it would carry
// markers that puppet apply takes as the values. The error names every
// attribute and says how to write the real values.
func TestCompilePuppetRefusesSecrets(t *testing.T) {
	t.Parallel()
	dir := writeSecretSite(t)
	out := filepath.Join(t.TempDir(), "catalog.json")
	for _, args := range [][]string{
		{"compile", dir, "--format", "puppet"},
		{"compile", dir, "--format", "puppet", "-o", out},
	} {
		code, stdout, stderr := runCatc(t, args...)
		if code != 1 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want 1 and nothing", args, code, stdout)
		}
		for _, want := range []string{"Account[alice] password (", "Account[alice] api_key (", "Account[bob] password (", "--reveal-secrets -o FILE"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, want, stderr)
			}
		}
		for _, secret := range []string{"hunter2", "s3cret", "swordfish"} {
			if strings.Contains(stderr, secret) {
				t.Errorf("%v: stderr shows a secret:\n%s", args, stderr)
			}
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o file written on refusal (%v)", err)
	}
}

// --reveal-secrets writes Puppet's representation into a file only its
// owner can read, also when the file existed with a wider mode.
func TestCompilePuppetRevealSecrets(t *testing.T) {
	t.Parallel()
	dir := writeSecretSite(t)
	out := filepath.Join(t.TempDir(), "catalog.json")
	for _, existed := range []bool{false, true} {
		if existed { // the catalog of the first run, made readable
			if err := os.Chmod(out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, _, stderr := runCatc(t, "compile", dir, "--format", "puppet", "--reveal-secrets", "-o", out)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		st, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("existed %v: mode %v, want 0600", existed, st.Mode().Perm())
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Resources []struct {
			Title      string         `json:"title"`
			Parameters map[string]any `json:"parameters"`
			Sensitive  []string       `json:"sensitive_parameters"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range doc.Resources {
		if r.Title == "alice" || r.Title == "bob" {
			got[r.Title] = r.Parameters["password"].(string) + " " + strings.Join(r.Sensitive, ",")
			if r.Title == "alice" && r.Parameters["api_key"] != "s3cret" {
				t.Errorf("alice api_key %v, want s3cret", r.Parameters["api_key"])
			}
		}
	}
	want := map[string]string{"alice": "hunter2 api_key", "bob": "swordfish "}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: password and sensitive_parameters %q, want %q", k, got[k], v)
		}
	}
	// a pipe (here a buffer) takes the catalog too
	code, stdout, stderr := runCatc(t, "compile", dir, "--format", "puppet", "--reveal-secrets")
	if code != 0 || !strings.Contains(stdout, `"hunter2"`) {
		t.Errorf("to a pipe: exit %d, stderr %s", code, stderr)
	}
}

// The secret flags apply to --format puppet only, one at a time;
// --redact-secrets writes markers knowingly.
func TestCompileSecretFlags(t *testing.T) {
	t.Parallel()
	dir := writeSecretSite(t)
	tests := []struct {
		args []string
		code int
		want string // in stdout on success, stderr on failure
	}{
		{[]string{"--reveal-secrets"}, 1, "--reveal-secrets has no effect without --format puppet"},
		{[]string{"--redact-secrets"}, 1, "--redact-secrets has no effect without --format puppet"},
		{[]string{"--format", "puppet", "--reveal-secrets", "--redact-secrets"}, 1, "give one"},
		{[]string{"--format", "puppet", "--redact-secrets"}, 0, `"password": "redacted"`},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCatc(t, append([]string{"compile", dir}, tc.args...)...)
		text := stderr
		if tc.code == 0 {
			text = stdout
		}
		if code != tc.code || !strings.Contains(text, tc.want) {
			t.Errorf("%v: exit %d, want %d and %q in:\n%s", tc.args, code, tc.code, tc.want, text)
		}
		if strings.Contains(stdout+stderr, "hunter2") {
			t.Errorf("%v: a secret is shown", tc.args)
		}
	}
}
