package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// secretHCL is a file outside the checkout that a committed link would
// make catc read: it does not parse, so catc would quote it in the
// syntax error's snippet.
const secretHCL = "TOKEN = s3cr3t-t0ken {\n"

// TestInputLinksStayInside: a checkout's symbolic link cannot make catc
// read outside the directory it was given (or, for a file named
// directly, the directory holding it), into /proc, /sys or /dev, or into
// .git: the link is refused with an error naming it and the file's
// content is never shown. Variants: /proc/self/environ, a file outside,
// a chain of links, a directory outside, .git/config, a catalog JSON
// named directly and one in a directory of catalogs, facts, a var file
// and facts in a --nodes directory.
func TestInputLinksStayInside(t *testing.T) {
	t.Parallel()
	elsewhere := t.TempDir()
	writeFile(t, filepath.Join(elsewhere, "secret.hcl"), secretHCL)
	writeFile(t, filepath.Join(elsewhere, "secret.json"), `{"TOKEN": "s3cr3t-t0ken",`)
	secret := filepath.Join(elsewhere, "secret.hcl")
	types := readFile(t, filepath.Join(seed, "types.hcl"))
	checkout := func(t *testing.T, links map[string]string) string {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "site", "types.hcl"), types)
		for name, target := range links {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	const outside = "a symbolic link in the input may lead only below the directory it was given in"
	for _, tc := range []struct {
		name  string
		links map[string]string
		args  func(dir string) []string
		want  string
	}{
		{"/proc/self/environ", map[string]string{"site/env.hcl": "/proc/self/environ"},
			func(dir string) []string { return []string{"validate", filepath.Join(dir, "site")} }, "catc never reads /proc"},
		{"a file outside", map[string]string{"site/secret.hcl": secret},
			func(dir string) []string { return []string{"validate", filepath.Join(dir, "site")} }, outside},
		{"a chain of links", map[string]string{"site/a.hcl": "b.hcl", "site/b.hcl": "../c.hcl", "c.hcl": secret},
			func(dir string) []string { return []string{"validate", filepath.Join(dir, "site")} }, outside},
		{"a directory outside", map[string]string{"site/vendor": elsewhere},
			func(dir string) []string { return []string{"validate", filepath.Join(dir, "site")} }, outside},
		{"into .git", map[string]string{"site/token.hcl": "../.git/config"},
			func(dir string) []string {
				writeFile(t, filepath.Join(dir, ".git", "config"), secretHCL)
				return []string{"validate", dir}
			}, "inside a .git directory"},
		{"the link named", map[string]string{"site/secret.hcl": secret},
			func(dir string) []string {
				return []string{"validate", filepath.Join(dir, "site", "types.hcl"), filepath.Join(dir, "site", "secret.hcl")}
			}, outside},
		{"a catalog JSON", map[string]string{"old.json": filepath.Join(elsewhere, "secret.json")},
			func(dir string) []string {
				return []string{"diff", filepath.Join(dir, "old.json"), filepath.Join(dir, "site")}
			}, outside},
		{"a catalog in a directory of catalogs", map[string]string{"old/web01.json": filepath.Join(elsewhere, "secret.json")},
			func(dir string) []string {
				catalog := readFile(t, filepath.Join("..", "..", "fixtures", "oracle", "catalogs", "ntp.catalog.json"))
				writeFile(t, filepath.Join(dir, "old", "db01.json"), catalog)
				writeFile(t, filepath.Join(dir, "new", "web01.json"), catalog)
				return []string{"diff", filepath.Join(dir, "old"), filepath.Join(dir, "new")}
			}, "1 node compiles only with the change: Cannot read the catalog\n  web01"},
		{"facts", map[string]string{"facts.json": filepath.Join(elsewhere, "secret.json")},
			func(dir string) []string {
				return []string{"validate", filepath.Join(dir, "site"), "--facts", filepath.Join(dir, "facts.json")}
			}, outside},
		{"facts of a node", map[string]string{"nodes/web01.json": filepath.Join(elsewhere, "secret.json")},
			func(dir string) []string {
				return []string{"diff", filepath.Join(dir, "site"), filepath.Join(dir, "site"), "--nodes", filepath.Join(dir, "nodes")}
			}, outside},
		{"var file", map[string]string{"vars.hcl": secret},
			func(dir string) []string {
				return []string{"validate", filepath.Join(dir, "site"), "--var-file", filepath.Join(dir, "vars.hcl")}
			}, outside},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := checkout(t, tc.links)
			code, out, errOut := runCatc(t, tc.args(dir)...)
			// A fleet reports a node it cannot read among the others.
			if code == 0 && !strings.Contains(out, tc.want) || code != 0 && (code != 1 || !strings.Contains(errOut, tc.want)) {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant %q", code, out, errOut, tc.want)
			}
			for _, leak := range []string{"s3cr3t", "PATH="} {
				if strings.Contains(out+errOut, leak) {
					t.Errorf("the content behind the link is shown (%q):\n%s%s", leak, out, errOut)
				}
			}
		})
	}
}

// TestNamedLinksStayInWorkTree: a path named on the command line whose
// link lies in the working directory's tree (the checkout) may lead only
// inside it: `catc validate site` where the pull request made site a link
// to a directory elsewhere is refused; the target named itself is read.
func TestNamedLinksStayInWorkTree(t *testing.T) {
	elsewhere := t.TempDir()
	writeFile(t, filepath.Join(elsewhere, "types.hcl"), readFile(t, filepath.Join(seed, "types.hcl")))
	dir := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(dir, "site")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	code, _, errOut := runCatc(t, "validate", "site")
	if code != 1 || !strings.Contains(errOut, "Cannot read site: it is a symbolic link to "+elsewhere+", outside the working directory") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	if code, _, errOut := runCatc(t, "validate", elsewhere); code != 0 {
		t.Errorf("the target named: exit %d, stderr:\n%s", code, errOut)
	}
}
