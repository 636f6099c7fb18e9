package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func sampleDiagnostics(t *testing.T) (hcl.Diagnostics, map[string]*hcl.File) {
	t.Helper()
	src := []byte("resource \"software\" \"php\" {\n  ensure = \"installed\"\n}\n")
	f, diags := hclsyntax.ParseConfig(src, "site/main.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	rng := hcl.Range{Filename: "site/main.hcl", Start: hcl.Pos{Line: 2, Column: 12, Byte: 40}, End: hcl.Pos{Line: 2, Column: 23, Byte: 51}}
	return hcl.Diagnostics{
		{Severity: hcl.DiagError, Summary: "Invalid value", Detail: "software.ensure expects a match for Enum['absent', 'present'], got 'installed'", Subject: &rng},
		{Severity: hcl.DiagWarning, Summary: "Unknown feature", Detail: "Feature \"x\" is unknown, 100%."},
	}, map[string]*hcl.File{"site/main.hcl": f}
}

func TestDiagnosticsText(t *testing.T) {
	t.Parallel()
	diags, files := sampleDiagnostics(t)
	var b bytes.Buffer
	if err := WriteDiagnostics(&b, diags, DiagnosticOptions{Format: DiagText, Files: files}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"Error: Invalid value",
		"on site/main.hcl line 2",
		`ensure = "installed"`, // the snippet
		"got 'installed'",
		"Warning: Unknown feature",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour without Color:\n%s", out)
	}
}

func TestDiagnosticsJSON(t *testing.T) {
	t.Parallel()
	diags, _ := sampleDiagnostics(t)
	var b bytes.Buffer
	if err := WriteDiagnostics(&b, diags, DiagnosticOptions{Format: DiagJSON}); err != nil {
		t.Fatal(err)
	}
	var got []jsonDiagnostic
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	if len(got) != 2 || got[0].Severity != "error" || got[0].Range == nil ||
		got[0].Range.Start.Line != 2 || got[0].Range.Start.Column != 12 || got[1].Severity != "warning" || got[1].Range != nil {
		t.Errorf("unexpected JSON diagnostics: %+v", got)
	}
}

func TestDiagnosticsGitHub(t *testing.T) {
	t.Parallel()
	diags, _ := sampleDiagnostics(t)
	var b bytes.Buffer
	if err := WriteDiagnostics(&b, diags, DiagnosticOptions{Format: DiagGitHub}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=site/main.hcl,line=2,col=12,endLine=2,endColumn=23,title=Invalid value::" +
		"Invalid value: software.ensure expects a match for Enum['absent', 'present'], got 'installed'\n" +
		"::warning title=Unknown feature::Unknown feature: Feature \"x\" is unknown, 100%25.\n"
	if b.String() != want {
		t.Errorf("github output:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestParseDiagnosticFormat(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"text", "json", "github"} {
		if _, err := ParseDiagnosticFormat(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	if _, err := ParseDiagnosticFormat("xml"); err == nil || !strings.Contains(err.Error(), "use text, json or github") {
		t.Errorf("xml: %v", err)
	}
}
