package compiler

import (
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// TestKnownFeatures: every feature of the Resource API 2.x
// (type_definition.rb's supported_features; custom_generate came in
// 1.9.0) loads without a warning, and a misspelt one still warns.
func TestKnownFeatures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		features string
		warn     bool
	}{
		{`["custom_generate"]`, false},
		{`["supports_noop", "canonicalize", "custom_insync", "remote_resource", "simple_get_filter", "custom_generate"]`, false},
		{`["custom_generator"]`, true},
	} {
		src := `type "gen" {
  desc     = "A type."
  features = ` + tc.features + `
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The name."
  }
}
`
		_, diags := LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
		var warned bool
		for _, d := range diags {
			warned = warned || d.Severity == hcl.DiagWarning && d.Summary == catalog.SummaryUnknownFeature
		}
		if warned != tc.warn || diags.HasErrors() {
			t.Errorf("features %s: unknown-feature warning %v, want %v: %v", tc.features, warned, tc.warn, diags)
		}
	}
}

// TestLanguageSchemaIsACopy: what the editor gets is its own: changing
// it does not change what catalog accepts, and the words are there.
func TestLanguageSchemaIsACopy(t *testing.T) {
	t.Parallel()
	s := LanguageSchema()
	if len(s.TopLevelBlocks) == 0 || s.Behaviours[0] != "namevar" || len(s.Features) != len(catalog.KnownFeatures) {
		t.Fatalf("schema = %+v", s)
	}
	s.Metaparameters[0], s.Features[0], s.TopLevelBlocks[0] = "x", "x", "x"
	again := LanguageSchema()
	if again.Metaparameters[0] != "require" || again.Features[0] != "canonicalize" || again.TopLevelBlocks[0] != "type" {
		t.Errorf("a caller's change reached catalog: %+v", again)
	}
}
