package catalog

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/hashicorp/hcl/v2"
)

// registerTypeKeys are the keys Puppet::ResourceApi.register_type
// documents (Resource API 1.8.16): the type's, an attribute's, a title
// pattern's.
var registerTypeKeys = []string{
	"name", "desc", "docs", "attributes", "title_patterns", "features",
	"autorequire", "autobefore", "autosubscribe", "autonotify",
	"type", "default", "behaviour", "behavior", "sensitive", "pattern",
}

// TestLanguageDocCoversRegisterType: the table "register_type in Ruby →
// catc in HCL" of docs/language.md has a row for every register_type key,
// and names every key that catc's type, attribute and title_pattern
// blocks accept, so the reference grows with the schema.
func TestLanguageDocCoversRegisterType(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "language.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	start := strings.Index(doc, "### register_type in Ruby → catc in HCL")
	if start < 0 {
		t.Fatal("docs/language.md has no section \"register_type in Ruby → catc in HCL\"")
	}
	section := doc[start:]
	if end := strings.Index(section[1:], "\n#"); end >= 0 {
		section = section[:end+1]
	}
	var ruby, inHCL strings.Builder
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		ruby.WriteString(cells[1] + "\n")
		inHCL.WriteString(cells[2] + "\n")
	}
	rubyKeys := map[string]bool{}
	for _, m := range regexp.MustCompile(`(\w+):`).FindAllStringSubmatch(ruby.String(), -1) {
		rubyKeys[m[1]] = true
	}
	for _, k := range registerTypeKeys {
		if !rubyKeys[k] {
			t.Errorf("the table has no row for register_type's %s:", k)
		}
	}
	hclWords := map[string]bool{}
	for _, m := range regexp.MustCompile(`(\w+) (?:=|\{|")`).FindAllStringSubmatch(inHCL.String(), -1) {
		hclWords[m[1]] = true
	}
	var accepted []string
	for _, schema := range []struct {
		block string
		attrs []string
		subs  []string
	}{
		{"type", attrNames(TypeSchema.Attributes), blockTypes(TypeSchema.Blocks)},
		{"attribute", attrNames(AttributeSchema.Attributes), nil},
		{"title_pattern", attrNames(titlePatternSchema.Attributes), nil},
	} {
		accepted = append(accepted, schema.block)
		accepted = append(accepted, schema.attrs...)
		accepted = append(accepted, schema.subs...)
	}
	for _, k := range accepted {
		if !hclWords[k] {
			t.Errorf("the table does not show how to write %s, which catc accepts", k)
		}
	}
}

func attrNames(as []hcl.AttributeSchema) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}

func blockTypes(bs []hcl.BlockHeaderSchema) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.Type
	}
	return out
}
