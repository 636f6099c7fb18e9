package catalog

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestLiteralValue: a string taken without evaluation is the string the
// template evaluates to, and anything else is still evaluated.
func TestLiteralValue(t *testing.T) {
	for _, src := range []string{`"String"`, `""`, `"a b"`, `"x\ty"`, "<<-T\n  Optional[\n    Data]\nT\n", `"${"a"}b"`, `"%{ if true }x%{ endif }"`, `1`, `null`, `["a"]`} {
		e, diags := hclsyntax.ParseExpression([]byte(src), "t.hcl", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", src, diags)
		}
		got, gdiags := literalValue(e)
		want, wdiags := EvalExpr(e, nil)
		if !got.RawEquals(want) || len(gdiags) != len(wdiags) {
			t.Errorf("%s: literalValue %#v %v, evaluated %#v %v", src, got, gdiags, want, wdiags)
		}
	}
}
