package render

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// shopDocs are the docs of the README walkthrough's shop site.
func shopDocs(t *testing.T) *compiler.SiteDocs {
	t.Helper()
	site, diags := compiler.LoadDocs([]string{filepath.Join(testutil.Root(), "docs", "walkthrough", "shop")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	return site
}

// TestSiteDocsGolden: catc doc of the walkthrough's shop site documents
// its types, then its class and its define with their comments and
// parameters; -o's index links a page per class and define.
func TestSiteDocsGolden(t *testing.T) {
	t.Parallel()
	site := shopDocs(t)
	var all, index bytes.Buffer
	if err := SiteDocs(&all, site.Types, site.Defs); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "doc_shop.md"), all.Bytes())
	if err := SiteIndex(&index, site.Types, site.Defs); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "doc_shop_index.md"), index.Bytes())
	for _, d := range site.Defs {
		var one bytes.Buffer
		if err := DefDoc(&one, d); err != nil {
			t.Fatal(err)
		}
		testutil.Golden(t, filepath.Join("testdata", "doc_shop_"+DefDocFile(d)), one.Bytes())
	}
}

// awkwardDefs have what Markdown tables choke on, a secret default, a
// parameter fed to a password, and no comment at all.
const awkwardDefs = `
# Keeps a secret | or two.
#
# Second paragraph with ` + "`code`" + `.
class "vault::client" {
  variable "token" {
    type        = "Sensitive[String]"
    default     = "hunter2"
    description = "The token | never printed."
  }
  variable "pw" {
    default = "swordfish"
  }
  variable "paths" {
    type    = "Array[String]"
    default = [
      "a|b",
      "c",
    ]
  }
  variable "mount" { type = "String" }
  resource "user" "vault" {
    password = var.pw
  }
}
define "bare" {
  variable "x" {}
}
`

func TestSiteDocsAwkward(t *testing.T) {
	t.Parallel()
	defs := compiler.DefDocs([]string{"awkward.hcl"}, [][]byte{[]byte(awkwardDefs)})
	var b bytes.Buffer
	if err := SiteDocs(&b, nil, defs); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "doc_defs_awkward.md"), b.Bytes())
	for _, secret := range []string{"hunter2", "swordfish"} {
		if strings.Contains(b.String(), secret) {
			t.Errorf("the doc prints the secret %q", secret)
		}
	}
}

// TestSiteDocsFlat: a site without classes is documented as before.
func TestSiteDocsFlat(t *testing.T) {
	t.Parallel()
	defs := loadTypes(t, "seed")
	var flat, site bytes.Buffer
	if err := TypeDocs(&flat, defs); err != nil {
		t.Fatal(err)
	}
	if err := SiteDocs(&site, defs, nil); err != nil {
		t.Fatal(err)
	}
	if flat.String() != site.String() {
		t.Error("SiteDocs of a flat site differs from TypeDocs")
	}
}
