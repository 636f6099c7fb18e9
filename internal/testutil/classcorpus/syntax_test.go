package classcorpus

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// twinBlocks is the HCL the twins may use: for each body, the blocks and
// arguments it may hold (docs/classes.md's language plus docs/language.md's
// resource, variable, locals and group).
var twinBlocks = map[string]struct{ blocks, args []string }{
	"":         {[]string{"class", "define", "node", "stage", "resource", "include", "contain", "require", "defaults", "collect", "locals", "group"}, []string{"realize"}},
	"class":    {[]string{"variable", "locals", "include", "contain", "require", "resource", "defaults", "collect"}, []string{"realize"}},
	"define":   {[]string{"variable", "locals", "include", "contain", "require", "resource", "defaults", "collect"}, []string{"realize"}},
	"node":     {[]string{"include", "contain", "require", "resource", "defaults", "collect"}, []string{"realize"}},
	"group":    {[]string{"include", "resource"}, []string{"only_if"}},
	"variable": {nil, []string{"type", "default"}},
}

// TestTwinSyntax: every main.hcl parses as HCL (a title label may be a
// template, as catc reads it) and uses only the language's blocks, each
// where it may stand; attribute-only blocks hold no block.
func TestTwinSyntax(t *testing.T) {
	t.Parallel()
	for _, c := range loadAll(t) {
		f, diags := hclsyntax.ParseConfig(c.HCL, c.Name+"/main.hcl", hcl.InitialPos)
		for _, d := range diags {
			if !strings.Contains(d.Detail, "Template sequences are not allowed") {
				t.Errorf("%s: %v", c.Name, d)
			}
		}
		if f != nil {
			checkBody(t, c.Name, "", f.Body.(*hclsyntax.Body))
		}
		checkFacts(t, c)
	}
}

var factRE = regexp.MustCompile(`\bfacts\.([a-z_]+(?:\.[a-z_]+)*)`)

// checkFacts: every fact a twin reads is in the case's facts (a typo
// would make catc fail where Puppet did not).
func checkFacts(t *testing.T, c *Case) {
	var doc struct {
		Values map[string]any `json:"values"`
	}
	if err := json.Unmarshal(c.Facts, &doc); err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(string(c.HCL), "")
	for _, m := range factRE.FindAllStringSubmatch(code, -1) {
		var v any = doc.Values
		for _, k := range strings.Split(m[1], ".") {
			obj, _ := v.(map[string]any)
			v = obj[k]
		}
		if v == nil {
			t.Errorf("%s: main.hcl reads facts.%s, which facts.json does not have", c.Name, m[1])
		}
	}
}

func checkBody(t *testing.T, name, kind string, body *hclsyntax.Body) {
	allowed, ok := twinBlocks[kind]
	for _, b := range body.Blocks {
		if !ok || !slices.Contains(allowed.blocks, b.Type) {
			t.Errorf("%s: a %q block in %q", name, b.Type, kind)
			continue
		}
		checkBody(t, name, b.Type, b.Body)
	}
	if !ok { // attribute-only blocks: resource, include, defaults, collect, stage, locals
		return
	}
	for n := range body.Attributes {
		if !slices.Contains(allowed.args, n) {
			t.Errorf("%s: argument %q in %q", name, n, kind)
		}
	}
}
