package compiler

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// evalFunctions are the functions of an evaluation context: HCL's
// standard functions bounded and charging b (bounded.go), with tomap
// keeping the marks of secrets on the values they mark.
func evalFunctions(b *catalog.Budget) map[string]function.Function {
	m := boundedFunctions(stdFunctions(), b)
	m["tomap"] = keepElementMarks(m["tomap"])
	return m
}

// keepElementMarks wraps a conversion to a map (tomap) so that the marks
// of an object's values stay on the values: cty hoists them to the whole
// map, which would make its keys look computed from a secret, and a
// for_each of tomap(local.pws) would be refused (forEachElements).
func keepElementMarks(conv function.Function) function.Function {
	return function.New(&function.Spec{
		Description: conv.Description(),
		Params: []function.Parameter{{
			Name: "v", Type: cty.DynamicPseudoType,
			AllowNull: true, AllowDynamicType: true, AllowMarked: true,
		}},
		Type: func(args []cty.Value) (cty.Type, error) {
			plain, _ := args[0].UnmarkDeep()
			return conv.ReturnType([]cty.Type{plain.Type()})
		},
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			v := args[0]
			t := v.Type()
			if v.IsMarked() || !v.IsKnown() || v.IsNull() || !(t.IsObjectType() || t.IsMapType()) {
				return conv.Call(args)
			}
			plain, _ := v.UnmarkDeep()
			out, err := conv.Call([]cty.Value{plain})
			if err != nil || !out.Type().IsMapType() || out.LengthInt() == 0 {
				return out, err
			}
			m := out.AsValueMap()
			orig := v.AsValueMap()
			for k, e := range m {
				if orig[k].ContainsMarked() {
					m[k] = e.Mark(sensitiveMark{})
				}
			}
			return cty.MapVal(m), nil
		},
	})
}
