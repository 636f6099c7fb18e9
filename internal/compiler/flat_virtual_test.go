package compiler

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestFlatSiteVirtualExported: a site without classes gives virtual and
// exported Puppet's meaning, as a site with classes does: a virtual
// resource never realized is not in the catalog (puppet apply of
// `@notify { 'a': } notify { 'b': }` applies Notify[b] alone), and an
// exported one is refused as out of scope, in the same words. Load and a
// fleet's site (LoadSite, Site.Compile) agree.
func TestFlatSiteVirtualExported(t *testing.T) {
	t.Parallel()
	const exportedWords = "exported resources are out of scope: catc compiles one node's catalog and cannot collect what other nodes export."
	for _, tc := range []struct {
		name, src string
		want      []string // the catalog's notify and file resources, in order
		err       string   // an error's detail starts with it
	}{
		{name: "virtual never realized", src: `
resource "notify" "a" {
  virtual = true
}
resource "notify" "b" {}
`, want: []string{"Notify[b]"}},
		{name: "virtual false", src: `
resource "notify" "a" {
  virtual = false
}
`, want: []string{"Notify[a]"}},
		{name: "virtual in a for_each and a group", src: `
resource "file" "/tmp/${each.key}" {
  for_each = toset(["x", "y"])
  virtual  = each.key == "x"
}
group "g" {
  only_if = true
  resource "notify" "in group" {
    virtual = true
  }
  resource "notify" "plain" {}
}
`, want: []string{"File[/tmp/y]", "Notify[plain]"}},
		{name: "virtual realized at the top level", src: `
resource "notify" "a" {
  virtual = true
}
realize = ["Notify[a]"]
`, want: []string{"Notify[a]"}},
		{name: "exported", src: `
resource "notify" "a" {
  exported = true
}
`, err: exportedWords},
		{name: "exported in a class", src: `
class "x" {
  resource "notify" "a" {
    exported = true
  }
}
include "x" {}
`, err: exportedWords},
		{name: "virtual not a bool", src: `
resource "notify" "a" {
  virtual = "yes"
}
`, err: "virtual is true or false."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cat, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(tc.src)}, LoadOptions{})
			checkVirtualOutcome(t, "LoadFiles", cat, diags, tc.want, tc.err)
			dir := t.TempDir()
			testutil.WriteFiles(t, dir, map[string]string{"main.hcl": tc.src})
			site, diags := LoadSite([]string{filepath.Join(dir, "main.hcl")}, LoadOptions{})
			if diags.HasErrors() {
				checkVirtualOutcome(t, "LoadSite", nil, diags, tc.want, tc.err)
				return
			}
			cat, diags = site.Compile(nil)
			checkVirtualOutcome(t, "Site.Compile", cat, diags, tc.want, tc.err)
		})
	}
}

func checkVirtualOutcome(t *testing.T, how string, cat *catalog.Catalog, diags hcl.Diagnostics, want []string, err string) {
	t.Helper()
	if err != "" {
		for _, d := range diags {
			if d.Severity == hcl.DiagError && strings.HasPrefix(d.Detail, err) {
				return
			}
		}
		t.Errorf("%s: no error %q in %v", how, err, diags)
		return
	}
	if diags.HasErrors() {
		t.Fatalf("%s: %s", how, diags.Error())
	}
	var got []string
	for _, r := range cat.Resources {
		if ref := r.Ref(); strings.HasPrefix(ref, "Notify[") || strings.HasPrefix(ref, "File[") {
			got = append(got, ref)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: resources %v, want %v", how, got, want)
	}
}
