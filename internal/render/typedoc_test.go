package render

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// loadTypes loads a fixture directory, which must have no errors.
func loadTypes(t *testing.T, dir string) []*catalog.TypeDef {
	t.Helper()
	c, diags := compiler.Load([]string{testutil.Fixture(dir)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load %s: %s", dir, diags.Error())
	}
	return c.Types
}

func TestTypeDocsGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dir, golden string
	}{
		{"seed", "doc_seed.md"},
		{"graph/web", "doc_web.md"},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			var b bytes.Buffer
			if err := TypeDocs(&b, loadTypes(t, tt.dir)); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", tt.golden), b.Bytes())
		})
	}
}

func TestTypeDocAndIndexGolden(t *testing.T) {
	t.Parallel()
	defs := loadTypes(t, "seed")
	var index bytes.Buffer
	if err := TypeIndex(&index, defs); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "doc_seed_index.md"), index.Bytes())
	// The seed's own apt_key, not the built-in package it uses.
	i := slices.IndexFunc(defs, func(d *catalog.TypeDef) bool { return d.Name == "apt_key" })
	if i < 0 {
		t.Fatal("the seed has no apt_key type")
	}
	var one bytes.Buffer
	if err := TypeDoc(&one, defs[i]); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "doc_seed_apt_key.md"), one.Bytes())
}

// awkwardTypes has what Markdown tables choke on: pipes, backticks,
// several paragraphs, a sensitive default, and no description at all.
const awkwardTypes = `
type "vault_secret" {
  desc = <<-EOT
    Stores a secret.

    Use **only** for tokens | keys.
  EOT
  title_pattern {
    pattern = "^(?<name>[^|]+)\\|(?<mount>` + "`" + `x` + "`" + `.*)$"
    desc    = "name|mount"
  }
  attribute "name" {
    type      = "String[1]"
    behaviour = "namevar"
  }
  attribute "mount" {
    type      = "Enum[kv, 'a|b']"
    behaviour = "namevar"
    default   = "kv"
  }
  attribute "value" {
    type      = "String"
    desc      = "The secret.\n\nNever printed."
    sensitive = true
    default   = "hunter2"
  }
  attribute "meta" {
    type      = "Hash[String, Variant[Integer, Float]]"
    behaviour = "parameter"
    default   = { b = 1, a = 2.0 }
  }
  autonotify {
    vault_secret = ["$name", "constant"]
  }
}

type "bare" {
  attribute "id" {
    type      = "String"
    behaviour = "namevar"
  }
}
`

func TestTypeDocsAwkward(t *testing.T) {
	t.Parallel()
	c, diags := compiler.LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(awkwardTypes)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %s", diags.Error())
	}
	var b bytes.Buffer
	if err := TypeDocs(&b, c.Types); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if strings.Contains(got, "hunter2") {
		t.Errorf("the sensitive default is printed:\n%s", got)
	}
	testutil.Golden(t, filepath.Join("testdata", "doc_awkward.md"), b.Bytes())
	for _, line := range strings.Split(got, "\n") {
		if strings.HasPrefix(line, "| ") && tableCells(line) != tableCells(headerOf(got, line)) {
			t.Errorf("row %q has %d cells, its header %d", line, tableCells(line), tableCells(headerOf(got, line)))
		}
	}
}

// tableCells counts the cells of a table row: unescaped pipes minus one.
func tableCells(row string) int {
	n := strings.Count(row, "|") - strings.Count(row, `\|`)
	return n - 1
}

// headerOf finds the header row of the table that row belongs to.
func headerOf(doc, row string) string {
	lines := strings.Split(doc, "\n")
	header := ""
	for _, l := range lines {
		if !strings.HasPrefix(l, "|") {
			header = ""
			continue
		}
		if header == "" {
			header = l
		}
		if l == row {
			return header
		}
	}
	return row
}

func TestTypeDocsEmpty(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := TypeDocs(&b, nil); err != nil {
		t.Fatal(err)
	}
	if want := "# Resource types\n\nThis catalog defines no types.\n"; b.String() != want {
		t.Errorf("TypeDocs(nil) = %q, want %q", b.String(), want)
	}
}

func TestMarkdownCells(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, code, text string
	}{
		{name: "plain", in: "String[1]", code: "`String[1]`", text: "String[1]"},
		{name: "empty", in: "", code: "", text: ""},
		{name: "pipe", in: "a|b", code: "`a\\|b`", text: "a\\|b"},
		{name: "backticks", in: "a`b``c", code: "```a`b``c```", text: "a`b``c"},
		{name: "leading backtick", in: "`x", code: "`` `x ``", text: "`x"},
		{name: "paragraphs", in: "one\ntwo\n  \nthree", code: "`one two three`", text: "one two<br><br>three"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cellCode(tt.in); got != tt.code {
				t.Errorf("cellCode(%q) = %q, want %q", tt.in, got, tt.code)
			}
			if got := cellText(tt.in); got != tt.text {
				t.Errorf("cellText(%q) = %q, want %q", tt.in, got, tt.text)
			}
		})
	}
}
