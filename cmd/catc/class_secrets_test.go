package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// classSecretSite holds a secret in each place of a site with classes:
// a resource in a class, in a define and in a node, a Sensitive-typed
// parameter's default and an argument given for one, a parameter and a
// local fed to a secret, a defaults block and a collector's override.
const classSecretSite = `define "app::db" {
  variable "pw" {
    type = "Variant[String, Sensitive[String]]"
  }
  resource "account" "db-${self.title}" {
    password = var.pw
  }
}
class "app" {
  variable "pw" {
    type    = "Variant[String, Sensitive[String]]"
    default = "hunter2-default"
  }
  variable "fed" {
    type = "String"
  }
  locals {
    lpw = "hunter2-local"
  }
  defaults "account" {
    password = "hunter2-defaults"
  }
  resource "account" "class" {
    password = "hunter2-class"
  }
  resource "account" "param" {
    password = var.pw
  }
  resource "account" "fed" {
    token = var.fed
  }
  resource "account" "local" {
    token = local.lpw
  }
  resource "account" "defaulted" {}
  resource "account" "collected" {}
  collect "account" {
    where    = self.title == "collected"
    password = "hunter2-collected"
  }
}
include "app" {
  fed = "hunter2-argument"
}
node "default" {
  resource "account" "node" {
    password = "hunter2-node"
  }
  resource "app::db" "main" {
    pw = "hunter2-define"
  }
}
`

// TestClassSecretsEveryOutput: the secrets of a site with classes reach
// no output: not the commands' (their resources carry them, sensitive),
// not the diagnostics of an error on a secret's line, in any format,
// nor catc fmt's.
func TestClassSecretsEveryOutput(t *testing.T) {
	t.Parallel()
	write := func(site string) string {
		dir := t.TempDir()
		for file, src := range map[string]string{"types.hcl": secretTypes, "site.hcl": site} {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	dir := write(classSecretSite)
	for _, args := range [][]string{
		{"validate", dir}, {"plan", dir}, {"plan", dir, "--format", "json"}, {"compile", dir},
		{"compile", dir, "--format", "puppet", "--redact-secrets"}, {"graph", dir, "--format", "json"}, {"why", dir, "Account[local]"},
	} {
		code, out, errOut := runCatc(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d:\n%s", args, code, errOut)
		}
		noSecret(t, strings.Join(args[:1], " "), out+errOut)
	}
	_, plan, _ := runCatc(t, "plan", dir, "--format", "json")
	for _, title := range []string{"class", "param", "fed", "local", "defaulted", "collected", "node", "db-main"} {
		if !strings.Contains(plan, "Account["+title+"]") {
			t.Errorf("the plan has no Account[%s]:\n%s", title, plan)
		}
	}
	// an error on each secret's line: what follows the secret on it (the
	// parser reports the first syntax error of a file only)
	for _, secret := range []string{"hunter2-default", "hunter2-local", "hunter2-defaults", "hunter2-class", "hunter2-argument", "hunter2-collected", "hunter2-node", "hunter2-define"} {
		dir := write(strings.Replace(classSecretSite, `"`+secret+`"`, `"`+secret+`" shell = 1`, 1))
		for _, args := range [][]string{
			{"validate", dir}, {"validate", dir, "--diagnostics", "json"}, {"validate", dir, "--diagnostics", "github"}, {"fmt", "--check", dir},
		} {
			code, out, errOut := runCatc(t, args...)
			if code != 1 || !strings.Contains(errOut, "Missing newline after argument") {
				t.Errorf("%s: %v: exit %d, want the syntax error:\n%s", secret, args, code, errOut)
			}
			noSecret(t, strings.Join(args, " "), out+errOut)
		}
	}
	// an error about a value computed from each secret
	dir = write(strings.ReplaceAll(strings.ReplaceAll(classSecretSite, "password = var.pw", "password = var.pw\n    shell    = tonumber(var.pw)"),
		"token = local.lpw", "token = local.lpw\n    shell = tonumber(local.lpw)"))
	for _, format := range []string{"text", "json", "github"} {
		code, out, errOut := runCatc(t, "validate", dir, "--diagnostics", format)
		if code != 1 || !strings.Contains(errOut, "Invalid function argument") {
			t.Errorf("%s: exit %d, want the function's error:\n%s", format, code, errOut)
		}
		noSecret(t, format+" diagnostics", out+errOut)
	}
}
