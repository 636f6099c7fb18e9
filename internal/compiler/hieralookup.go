package compiler

import (
	"fmt"
	"maps"
	"math/big"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/types"
)

// lookup() is Puppet's lookup function over the site's Hiera data for
// the node being compiled: lookup("key"), lookup("key", { merge = "deep",
// default_value = …, value_type = "Integer" }) or Puppet's positional
// lookup("key", "Integer", "deep", default). With a map or object as its
// first argument it is HCL's lookup(map, key, default), as before.

// nodeFunctions are the functions of a node's evaluation context.
func nodeFunctions(data *hiera.Data, node *nodefacts.Node, b *catalog.Budget) map[string]function.Function {
	m := maps.Clone(evalFunctions(b))
	m["lookup"] = hieraLookupFunc(data.NewSession(hiera.NodeScope(node)), m["lookup"])
	return m
}

// hieraLookupFunc dispatches lookup() on its first argument.
func hieraLookupFunc(s *hiera.Session, hclLookup function.Function) function.Function {
	return function.New(&function.Spec{
		Description: "Looks a key up in the site's Hiera data for the node (Puppet's lookup()), or a key in a map (HCL's lookup(map, key, default)).",
		Params:      []function.Parameter{{Name: "name", Type: cty.DynamicPseudoType, AllowDynamicType: true}},
		VarParam:    &function.Parameter{Name: "options", Type: cty.DynamicPseudoType, AllowNull: true, AllowDynamicType: true, AllowMarked: true},
		Type: func(args []cty.Value) (cty.Type, error) {
			if t := args[0].Type(); t.IsMapType() || t.IsObjectType() {
				types := make([]cty.Type, len(args))
				for i, a := range args {
					types[i] = a.Type()
				}
				return hclLookup.ReturnType(types)
			}
			return cty.DynamicPseudoType, nil
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if t := args[0].Type(); t.IsMapType() || t.IsObjectType() {
				return hclLookup.Call(args)
			}
			if args[0].Type() != cty.String || !args[0].IsKnown() || args[0].IsNull() {
				return cty.NilVal, function.NewArgErrorf(0, "lookup() takes the key as a string: lookup(\"ntp::servers\")")
			}
			opts, err := lookupOptions(args[1:])
			if err != nil {
				return cty.NilVal, err
			}
			res, diags := s.Lookup(args[0].AsString(), opts)
			if diags.HasErrors() {
				return cty.NilVal, fmt.Errorf("%s", diags[0].Detail)
			}
			return hieraValue(res.Value), nil
		},
	})
}

// lookupOptions reads lookup()'s options: one object (merge,
// default_value, value_type) or Puppet's positional value type, merge
// and default.
func lookupOptions(args []cty.Value) (hiera.Options, error) {
	var o hiera.Options
	if len(args) == 0 {
		return o, nil
	}
	if len(args) == 1 && (args[0].Type().IsObjectType() || args[0].Type().IsMapType()) && args[0].IsKnown() && !args[0].IsNull() {
		for it := args[0].ElementIterator(); it.Next(); {
			k, v := it.Element()
			var err error
			switch k.AsString() {
			case "merge":
				o.Merge = hiera.FromCty(v)
			case "default_value":
				o.Default, o.HasDefault = hiera.FromCty(v), true
			case "value_type":
				o.ValueType, err = valueType(v, 1)
			default:
				err = function.NewArgErrorf(1, "lookup()'s options are merge, default_value and value_type; %q is not one of them", k.AsString())
			}
			if err != nil {
				return o, err
			}
		}
		return o, nil
	}
	if len(args) > 3 {
		return o, function.NewArgErrorf(4, "lookup() takes a key and at most a value type, a merge and a default")
	}
	var err error
	if !args[0].IsNull() {
		if o.ValueType, err = valueType(args[0], 1); err != nil {
			return o, err
		}
	}
	if len(args) > 1 && !args[1].IsNull() {
		o.Merge = hiera.FromCty(args[1])
	}
	if len(args) > 2 {
		o.Default, o.HasDefault = hiera.FromCty(args[2]), true
	}
	return o, nil
}

func valueType(v cty.Value, arg int) (types.Type, error) {
	if v.Type() != cty.String || !v.IsKnown() || v.IsNull() {
		return nil, function.NewArgErrorf(arg, "value_type is a Puppet type as a string: \"Integer[1, 65535]\"")
	}
	t, err := types.Parse(v.AsString())
	if err != nil {
		return nil, function.NewArgErrorf(arg, "value_type %q is not a Puppet type: %v", v.AsString(), err)
	}
	return t, nil
}

// hieraValue is a Hiera value in cty: hashes become objects (HCL's
// objects have no key order: their keys come sorted), and a secret a
// marked value that every output hides.
func hieraValue(v types.Value) cty.Value {
	switch x := v.(type) {
	case nil:
		return cty.NullVal(cty.DynamicPseudoType)
	case string:
		return cty.StringVal(x)
	case bool:
		return cty.BoolVal(x)
	case int64:
		return cty.NumberIntVal(x)
	case float64:
		return cty.NumberVal(big.NewFloat(x))
	case []types.Value:
		if len(x) == 0 {
			return cty.EmptyTupleVal
		}
		out := make([]cty.Value, len(x))
		for i, e := range x {
			out[i] = hieraValue(e)
		}
		return cty.TupleVal(out)
	case *types.Hash:
		if x.Len() == 0 {
			return cty.EmptyObjectVal
		}
		m := make(map[string]cty.Value, x.Len())
		for i, k := range x.Keys {
			m[k] = hieraValue(x.Values[i])
		}
		return cty.ObjectVal(m)
	case types.Sensitive:
		return hieraValue(x.Value).Mark(sensitiveMark{})
	}
	return cty.NullVal(cty.DynamicPseudoType)
}
