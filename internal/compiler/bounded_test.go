package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Values that would exhaust memory are refused with a clear error,
// before the function that would build them runs. Before, the first case
// ran out of memory at once and the others took gigabytes.
func TestValueBounds(t *testing.T) {
	t.Parallel()
	testutil.LongOnly(t)
	tooMany, tooMuch := "elements; catc accepts at most 1000000", "bytes of text; catc accepts at most"
	for _, c := range []struct{ name, locals, want string }{
		{"setproduct", `x = length(setproduct(range(0, 100), range(0, 100), range(0, 100), range(0, 100)))`, tooMany},
		{"setproduct of two", `x = setproduct(range(1000), range(1000))`, tooMany},
		{"concat", "a = range(1000)\n  x = concat(" + strings.Repeat("local.a, ", 1001) + ")", tooMany},
		{"a local built by for", "a = range(1000)\n  x = [for i in range(1000) : local.a]", tooMany},
		{"flatten", "a = range(1000)\n  x = flatten([" + strings.Repeat("local.a, ", 1001) + "])", tooMany},
		{"format width", `x = format("%10000000000d", 1)`, tooMuch},
		{"formatlist width", `x = formatlist("%1000000d", range(1000))`, tooMuch},
		{"indent", `x = indent(100000000, "a\nb")`, tooMuch},
		{"join", "a = format(\"%1000000s\", \"x\")\n  x = join(local.a, range(100))", tooMuch},
		{"replace", "a = format(\"%10000s\", \"x\")\n  x = replace(local.a, \"\", local.a)", tooMuch},
		{"regex_replace", "a = format(\"%10000s\", \"x\")\n  x = regex_replace(local.a, \" \", local.a)", tooMuch},
		{"doubling locals", "a = format(\"%8000000s\", \"x\")\n  b = \"${local.a}${local.a}\"\n  c = \"${local.b}${local.b}\"\n  d = \"${local.c}${local.c}\"\n" +
			"  e = \"${local.d}${local.d}\"\n  f = \"${local.e}${local.e}\"\n  g = \"${local.f}${local.f}\"\n  h = \"${local.g}${local.g}\"", tooMuch},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("locals {\n  " + c.locals + "\n}\n")}, LoadOptions{})
			if !strings.Contains(diags.Error(), c.want) {
				t.Errorf("got %v\nwant an error with %q", diags, c.want)
			}
		})
	}
}

// for_each takes at most maxElements instances.
func TestForEachBound(t *testing.T) {
	t.Parallel()
	testutil.LongOnly(t)
	elems := make([]cty.Value, catalog.MaxElements+1)
	for i := range elems {
		elems[i] = cty.StringVal(fmt.Sprint(i))
	}
	f, diags := hclsyntax.ParseConfig([]byte("for_each = var.big\n"), "a.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	a := f.Body.(*hclsyntax.Body).Attributes["for_each"]
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{"var": cty.ObjectVal(map[string]cty.Value{"big": cty.ListVal(elems)})}}
	if _, _, diags := forEachElements(a, ctx, false); findDiag(diags, catalog.SummaryTooLarge) == nil {
		t.Errorf("%d instances: %v", len(elems), diags)
	}
	ctx.Variables["var"] = cty.ObjectVal(map[string]cty.Value{"big": cty.ListVal(elems[:catalog.MaxElements])})
	if keys, _, diags := forEachElements(a, ctx, false); diags.HasErrors() || len(keys) != catalog.MaxElements {
		t.Errorf("%d instances: %d keys, %v", catalog.MaxElements, len(keys), diags)
	}
}

// tolist, toset and tomap, and collection parameters, convert a tuple
// (or object) in linear time, to what cty's own conversion gives. cty
// unified every element's type with every other: 32,768 strings took
// 36 s in toset.
func TestCollectionConversion(t *testing.T) {
	t.Parallel()
	testutil.LongOnly(t)
	var big strings.Builder
	for i := 0; i < 32768; i++ {
		fmt.Fprintf(&big, "\"s%d\", ", i)
	}
	for _, expr := range []string{
		`toset(["a", "b", "a"])`, `tolist(["a", 1, true])`, `toset([1, "1"])`, `tolist([[1], ["a"]])`,
		`tomap({a = 1, b = "x"})`, `tolist([{a = 1}, {a = 2, b = 3}])`, `toset([])`, `tolist([null, "a"])`,
		`setunion(["a"], ["b", 1])`, `distinct(["a", "a", 1])`, `toset([` + big.String() + `])`,
	} {
		t.Run(expr[:min(len(expr), 40)], func(t *testing.T) {
			e, diags := hclsyntax.ParseExpression([]byte(expr), "x.hcl", hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			got, diags := e.Value(&hcl.EvalContext{Functions: boundedFunctions(stdFunctions(), nil)})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			// cty's own: the argument converted by HCL's rules.
			call := e.(*hclsyntax.FunctionCallExpr)
			arg, _ := call.Args[0].Value(nil)
			if strings.HasPrefix(expr, "toset(") && len(expr) > 100 {
				if got.LengthInt() != 32768 || !got.Type().Equals(cty.Set(cty.String)) {
					t.Errorf("got %d elements of %#v", got.LengthInt(), got.Type())
				}
				return
			}
			var target cty.Type
			switch call.Name {
			case "toset", "setunion":
				target = cty.Set(cty.DynamicPseudoType)
			case "tomap":
				target = cty.Map(cty.DynamicPseudoType)
			default:
				target = cty.List(cty.DynamicPseudoType)
			}
			want, err := convert.Convert(arg, target)
			if err != nil {
				t.Fatal(err)
			}
			if call.Name == "setunion" || call.Name == "distinct" {
				if !got.Type().ElementType().Equals(want.Type().ElementType()) {
					t.Errorf("element type %#v, want %#v", got.Type(), want.Type())
				}
				return
			}
			if !got.RawEquals(want) {
				t.Errorf("got %#v, want %#v", got, want)
			}
		})
	}
}

// Each local sees the locals it refers to (an object of all of them,
// built again for every local, made 10,000 locals take 36 s); a
// reference to local as a whole, or to a name no local has, sees every
// local evaluated so far, as before.
func TestLocalsSeeTheirReferences(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("resource \"t\" \"a\" {\n  v = [local.l19999, local.n]\n}\nlocals {\n  l0 = 0\n")
	for i := 1; i < 20000; i++ {
		fmt.Fprintf(&b, "  l%d = local.l%d + 1\n", i, i-1)
	}
	b.WriteString("  n = length(keys(local))\n}\n")
	c, errs := loadAny(t, b.String(), LoadOptions{})
	if errs != "" {
		t.Fatal(errs)
	}
	v, _ := c.Resources[0].Attributes.Get("v")
	if got := fmt.Sprint(v); got != "[19999 20000]" {
		t.Errorf("v = %s, want [19999 20000]", got)
	}
	_, errs = loadAny(t, "locals {\n  port = 1\n  x = local.prot\n}\n", LoadOptions{})
	if !strings.Contains(errs, `Unsupported attribute`) || !strings.Contains(errs, `named "prot"`) {
		t.Errorf("typo: %s", errs)
	}
}
