package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForEachSecretsEveryOutput runs every command that prints titles or
// values on sites where a secret flows through for_each: a value written
// in the for_each expression that reaches a sensitive attribute (copied
// into a plain one too), and a key computed from a secret (refused).
func TestForEachSecretsEveryOutput(t *testing.T) {
	t.Parallel()
	sites := map[string]struct {
		site string
		ok   bool
	}{
		"value written in for_each": {site: `resource "account" "${each.key}" {
  for_each = { app = "hunter2-app", ops = "hunter2-ops" }
  password = each.value
  shell    = each.value
}
`, ok: true},
		"value written in a for expression": {site: `resource "account" "${each.key}" {
  for_each = { for k in ["app"] : k => "hunter2-${k}" }
  password = each.value
  shell    = "/bin/${each.value}"
}
`, ok: true},
		"key computed from a secret": {site: `locals {
  pw = "hunter2-key"
}
resource "account" "app" {
  password = local.pw
}
resource "account" "${each.key}" {
  for_each = tomap({ (local.pw) = "x" })
  shell    = each.value
}
`},
	}
	for name, tt := range sites {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for file, src := range map[string]string{"types.hcl": secretTypes, "site.hcl": tt.site} {
				if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, args := range [][]string{
				{"validate", dir}, {"validate", dir, "--diagnostics", "json"}, {"validate", dir, "--diagnostics", "github"},
				{"plan", dir}, {"plan", dir, "--format", "json"}, {"compile", dir}, {"compile", dir, "--format", "puppet", "--redact-secrets"},
				{"graph", dir}, {"graph", dir, "--format", "json"}, {"why", dir, "Account[app]"},
			} {
				code, out, errOut := runCatc(t, args...)
				if (code == 0) != tt.ok {
					t.Errorf("%v: exit %d:\n%s", args, code, errOut)
				}
				if !tt.ok && !strings.Contains(errOut, "for_each key") {
					t.Errorf("%v: no error about the key:\n%s", args, errOut)
				}
				noSecret(t, strings.Join(args[:1], " "), out+errOut)
			}
		})
	}
}
