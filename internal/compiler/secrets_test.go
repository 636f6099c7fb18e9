package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/hashicorp/hcl/v2"
)

const secretType = `
type "secret" {
  desc = "A type with secrets."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "password" {
    type      = "Optional[Pattern[/\\A.{12,}\\z/]]"
    desc      = "Marked sensitive."
    sensitive = true
  }
  attribute "token" {
    type = "Optional[Sensitive[String]]"
    desc = "Typed sensitive."
  }
  attribute "pin" {
    type = "Optional[Sensitive[Integer]]"
    desc = "A sensitive number."
  }
  attribute "port" {
    type = "Optional[Integer]"
    desc = "Not sensitive."
  }
  attribute "mode" {
    type = "Optional[Enum[a, b]]"
    desc = "Not sensitive."
  }
}
`

// TestSecretsNeverInDiagnostics loads catalogs whose errors touch a secret
// (all secrets contain "hunter2") and checks that no diagnostic shows
// it: not its summary or detail (what the json and github formats print),
// not the text format's snippets, made from Files.
func TestSecretsNeverInDiagnostics(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		varFile   string   // content of a --var-file
		vars      []string // --var flags
		want      string   // a substring of some diagnostic (the error is still reported)
		secret    string   // what must not show; "hunter2" when empty
	}{
		{name: "literal of the wrong type", src: `resource "secret" "db" {
  password = "hunter2"
}`, want: "got a value that is not shown"},
		{name: "another error in the block", src: `resource "secret" "db" {
  token  = "hunter2"
  colour = 1
}`, want: "no parameter named 'colour'"},
		{name: "another error on the secret's line", src: `resource "secret" "db" {
  token = "hunter2" port = 1
}`, want: "Missing newline after argument"},
		{name: "a secret the parser cannot read", src: `resource "secret" "db" {
  token == "hunter2"
}`, want: "Argument or block definition required"},
		{name: "multi-line secret as context", src: `resource "secret" "db" {
  token = <<EOT
hunter2
EOT
  port = "x"
}`, want: "secret.port expects"},
		{name: "number out of range", src: `resource "secret" "db" {
  pin = 92233720368547758070000
}`, secret: "92233720368547758070000", want: "Number out of range"},
		{name: "function of a literal", src: `resource "secret" "db" {
  token = tonumber("hunter2")
}`, want: "Invalid function argument"},
		{name: "local through a function", src: `locals {
  lpw = "hunter2-LOCAL"
  n   = tonumber(local.lpw)
}
resource "secret" "db" {
  token = local.lpw
}`, want: "Invalid function argument"},
		{name: "local through another local", src: `locals {
  lpw = "hunter2-LOCAL"
  up  = upper(local.lpw)
}
resource "secret" "db" {
  token = local.lpw
  port  = "${local.up}" + 1
}`, want: "Invalid operand"},
		{name: "local into a non-sensitive attribute", src: `locals {
  lpw = "hunter2"
}
resource "secret" "db" {
  token = local.lpw
  mode  = local.lpw
}`, want: "secret.mode expects a value of type Optional[Enum[a, b]], got a value that is not shown (it is computed from a sensitive value)"},
		{name: "variable default of the wrong type", src: `variable "pw" {
  type    = "Enum[x]"
  default = "hunter2"
}
resource "secret" "db" {
  token = var.pw
}`, want: "Invalid variable value"},
		{name: "short variable name", src: `variable "v" {
  default = "hunter2"
}
resource "secret" "db" {
  token = var.v
  port  = "x${var.v}"
}`, want: "got a value that is not shown (it is computed from a sensitive value)"},
		{name: "var file", varFile: `pw = "hunter2"`, src: `variable "pw" {
  type = "Enum[x]"
}
resource "secret" "db" {
  token = var.pw
}`, want: "Invalid variable value"},
		{name: "var flag", vars: []string{"pw=hunter2"}, src: `variable "pw" {
  type = "Enum[x]"
}
resource "secret" "db" {
  token = var.pw
}`, want: "it is not shown because the variable feeds a sensitive attribute"},
		{name: "for_each map value", src: `locals {
  pws = { db = "hunter2" }
}
resource "secret" "${each.key}" {
  for_each = local.pws
  token    = each.value
  port     = tonumber(each.value)
}`, want: "Invalid function argument"},
		{name: "tag from a secret", src: `locals {
  lpw = "hunter2"
}
resource "secret" "db" {
  token = local.lpw
  tag   = [local.lpw]
}`, want: "A tag may not be computed from a value that feeds a sensitive attribute"},
		{name: "title from a secret", src: `locals {
  lpw = "hunter2"
}
resource "secret" "db" {
  token = local.lpw
}
resource "secret" "${local.lpw}" {
}`, want: "A title may not be computed from a value that feeds a sensitive attribute"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := LoadOptions{Vars: tt.vars}
			if tt.varFile != "" {
				p := filepath.Join(t.TempDir(), "vars.hcl")
				if err := os.WriteFile(p, []byte(tt.varFile), 0o600); err != nil {
					t.Fatal(err)
				}
				opts.VarFiles = []string{p}
			}
			c, diags := LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(secretType), []byte(tt.src)}, opts)
			secret := tt.secret
			if secret == "" {
				secret = "hunter2"
			}
			noSecretInDiagnostics(t, c, diags, tt.want, secret)
		})
	}
}

// noSecretInDiagnostics asserts a diagnostic saying want, and that
// neither the diagnostics' summaries and details (what the json and
// github formats print) nor the text format's snippets (made from
// c.Files) show secret, in any case.
func noSecretInDiagnostics(t *testing.T, c *catalog.Catalog, diags hcl.Diagnostics, want, secret string) {
	t.Helper()
	var all strings.Builder
	for _, d := range diags {
		all.WriteString(d.Summary + ": " + d.Detail + "\n")
	}
	if !strings.Contains(all.String(), want) {
		t.Fatalf("no diagnostic says %q:\n%s", want, all.String())
	}
	var text bytes.Buffer
	if err := hcl.NewDiagnosticTextWriter(&text, c.Files(), 0, false).WriteDiagnostics(diags); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{all.String(), text.String()} {
		if strings.Contains(strings.ToLower(out), secret) {
			t.Errorf("a diagnostic shows the secret:\n%s", out)
		}
	}
}

// TestMaskedFilesKeepPositions checks that masking keeps every byte
// offset and line of the source.
func TestMaskedFilesKeepPositions(t *testing.T) {
	t.Parallel()
	src := "resource \"secret\" \"db\" {\n  token = <<EOT\nhunter2\nEOT\n  port = 1\n}\n"
	c, diags := LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(secretType), []byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := string(c.Files()["main.hcl"].Bytes)
	want := "resource \"secret\" \"db\" {\n  token = *****\n*******\n***\n  port = 1\n}\n"
	if got != want {
		t.Errorf("masked source:\n%s\nwant:\n%s", got, want)
	}
	if string(c.Files()["types.hcl"].Bytes) != secretType {
		t.Error("a file without secrets changed")
	}
}

const nestedSecretType = `
type "s7" {
  desc = "Sensitive at every depth."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "pin" {
    type = "Optional[Sensitive[Integer[0, 10]]]"
    desc = "A bounded secret."
  }
  attribute "long" {
    type = "Optional[Sensitive[String[20, 30]]]"
    desc = "A bounded secret."
  }
  attribute "list" {
    type = "Optional[Array[Sensitive[String]]]"
    desc = "Secrets in a list."
  }
  attribute "either" {
    type = "Optional[Variant[String, Array[Sensitive[String]]]]"
    desc = "A plain string or secrets."
  }
}
`

// TestNestedSensitive: plain values at Sensitive positions, at any depth,
// are taken as secrets, checked against the parameter as written, and
// never written in clear.
func TestNestedSensitive(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body string
		want       string // a diagnostic's detail; "" for none
	}{
		{"integer out of its bounds", `pin = 424242`, "s7.pin expects a value of type Optional[Sensitive[Integer[0, 10]]], got a sensitive value outside the bounds written inside Sensitive[...]"},
		{"string too short", `long = "hunter2hunter2"`, "s7.long expects a value of type Optional[Sensitive[String[20, 30]]], got a sensitive value outside the bounds"},
		{"within bounds", `
  pin  = 7
  long = "hunter2hunter2hunter2"`, ""},
		{"list of secrets", `list = ["hunter2a", "hunter2b"]`, ""},
		{"secrets in a variant", `either = ["hunter2"]`, ""},
		{"plain member of a variant", `either = "plain"`, ""},
		{"wrong type inside", `list = [5]`, "s7.list index 0 expects a Sensitive[String] value, got Sensitive[Integer]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "resource \"s7\" \"r\" {\n  " + tt.body + "\n}\n"
			c, diags := LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(nestedSecretType), []byte(src)}, LoadOptions{})
			var details []string
			for _, d := range diags {
				details = append(details, d.Detail)
			}
			all := strings.Join(details, "\n")
			if tt.want == "" && diags.HasErrors() || !strings.Contains(all, tt.want) {
				t.Fatalf("diagnostics:\n%s\nwant: %q", all, tt.want)
			}
			if strings.Contains(all, "hunter2") || strings.Contains(all, "424242") {
				t.Errorf("a diagnostic shows a secret:\n%s", all)
			}
			var b bytes.Buffer
			if err := catalogjson.WriteCatalog(&b, c); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.String(), "hunter2") {
				t.Errorf("the catalog JSON shows a secret:\n%s", b.String())
			}
			if strings.Contains(tt.body, "plain") && !strings.Contains(b.String(), `"either": "plain"`) {
				t.Errorf("a plain String member is not a secret:\n%s", b.String())
			}
		})
	}
}

// TestRedactSharedDiagnostic redacts, from several goroutines, slices
// that share a diagnostic redacted already, as parallel Site.Compile
// calls share a prebuilt resource's: under -race, it pins that such a
// diagnostic is only read.
func TestRedactSharedDiagnostic(t *testing.T) {
	t.Parallel()
	secret := hcl.Range{Filename: "main.hcl", Start: hcl.Pos{Byte: 10}, End: hcl.Pos{Byte: 30}}
	s := &secrets{}
	s.addRange(secret)
	s.sortRanges()
	inside := hcl.Range{Filename: "main.hcl", Start: hcl.Pos{Byte: 12}, End: hcl.Pos{Byte: 20}}
	shared := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid function argument", Detail: "hunter2", Subject: &inside}
	s.redactDiagnostics(hcl.Diagnostics{shared}) // once, as Site.prebuild does
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.redactDiagnostics(hcl.Diagnostics{shared})
		}()
	}
	wg.Wait()
	if shared.Detail != redactedDetail {
		t.Errorf("detail %q, want it redacted", shared.Detail)
	}
}

// TestMaskSourcesAsLoad checks that MaskSources (catc fmt's snippets)
// masks exactly what a load's Files masks.
func TestMaskSourcesAsLoad(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"resource \"secret\" \"db\" {\n  token = \"hunter2\"\n  port  = 1\n}\n",
		"locals {\n  lpw = \"hunter2\"\n}\nresource \"secret\" \"db\" {\n  token = local.lpw\n}\n",
		"variable \"pw\" {\n  default = \"hunter2\"\n}\nresource \"secret\" \"db\" {\n  password = var.pw\n}\n",
		"resource \"secret\" \"db\" {\n  token == \"hunter2\"\n}\n",
	} {
		names, srcs := []string{"types.hcl", "main.hcl"}, [][]byte{[]byte(secretType), []byte(src)}
		c, _ := LoadFiles(names, srcs, LoadOptions{})
		want := c.Files()["main.hcl"].Bytes
		got := MaskSources(names, srcs)["main.hcl"].Bytes
		if !bytes.Equal(got, want) {
			t.Errorf("MaskSources:\n%s\nwant, as Load masks it:\n%s", got, want)
		}
		if bytes.Contains(got, []byte("hunter2")) {
			t.Errorf("MaskSources shows the secret:\n%s", got)
		}
	}
}
