package types

import (
	"math"
	"strings"
	"sync"
)

// This file interprets Name[params]: the parameter rules of each type.

// typeAccess is one Name[params] being interpreted.
type typeAccess struct {
	in     *typeInterpreter
	n      *exprNode // the whole access expression
	name   *exprNode // the name as written
	params []pval
}

type accessRule func(a *typeAccess) (pval, error)

// accessRules maps a lower-case built-in name to its parameter rule,
// built on first use: every catc command initialises this package, few
// parse a type.
var accessRules = sync.OnceValue(func() map[string]accessRule {
	return map[string]accessRule{
		"array": (*typeAccess).array, "hash": (*typeAccess).hash, "collection": (*typeAccess).collection,
		"string": (*typeAccess).string, "integer": (*typeAccess).integer, "float": (*typeAccess).float,
		"boolean": (*typeAccess).boolean, "enum": (*typeAccess).enum, "pattern": (*typeAccess).pattern,
		"regexp": (*typeAccess).regexp, "variant": (*typeAccess).variant, "optional": (*typeAccess).optional,
		"notundef": (*typeAccess).notUndef, "tuple": (*typeAccess).tuple, "struct": (*typeAccess).structType,
		"sensitive": (*typeAccess).sensitive, "iterable": (*typeAccess).iterable,
		"iterator": typeParamRule("Iterator"), "type": typeParamRule("Type"),
		"runtime": (*typeAccess).runtime, "callable": (*typeAccess).callable, "class": (*typeAccess).class,
		"resource": (*typeAccess).resource, "init": (*typeAccess).init, "object": objectRule("Object"),
		"typeset": objectRule("TypeSet"), "semver": (*typeAccess).semver,
		"timestamp": (*typeAccess).timestamp, "timespan": (*typeAccess).timespan, "uri": (*typeAccess).uri,
	}
})

// evalAccess interprets Name[params]. The parameters are interpreted
// first, so an invalid parameter is reported before the name is looked at.
func (in *typeInterpreter) evalAccess(n *exprNode) (pval, error) {
	params := make([]pval, 0, len(n.args))
	for _, arg := range n.args {
		v, err := in.eval(arg)
		if err != nil {
			return v, err
		}
		params = append(params, v)
	}
	if n.left.kind != nQRef {
		return pval{}, in.invalid(n)
	}
	a := &typeAccess{in: in, n: n, name: n.left, params: params}
	lower := strings.ToLower(typeName(n.left.text))
	if rule, ok := accessRules()[lower]; ok {
		return rule(a)
	}
	if unparameterized()[lower] || builtinAlias(lower) != nil {
		return pval{}, a.notParameterized()
	}
	if coreResourceTypes()[lower] {
		if len(params) != 1 {
			return pval{}, a.count(resourceTypeName(lower), "1")
		}
		return a.resourceWithTitle(resourceTypeName(lower), params[0])
	}
	if _, ok := pcoreObjects()[lower]; ok {
		return pval{}, a.notParameterized()
	}
	if in.aliases.has(typeName(n.left.text)) {
		return pval{}, a.notParameterized()
	}
	return a.ok(&TypeReferenceType{Name: typeName(in.text(n))}), nil
}

func (a *typeAccess) ok(t Type) pval {
	a.in.record(t, a.n)
	return typeVal(t, a.n)
}

// nilResult is what Puppet's interpreter returns for Integer['x']: nil,
// which the enclosing expression then rejects.
func (a *typeAccess) nilResult() pval { return pval{kind: vUndef, n: a.n} }

func (a *typeAccess) invalid() error { return a.in.invalid(a.n) }

func (a *typeAccess) count(typeName, required string) error {
	return a.countGiven(typeName, required, len(a.params))
}

func (a *typeAccess) countGiven(typeName, required string, given int) error {
	return a.in.errAt(a.n, KindInterpretation, "Invalid number of type parameters specified: "+
		typeName+" requires "+required+", "+fmtInt(int64(given))+" provided")
}

func (a *typeAccess) notParameterized() error {
	return a.in.errAt(a.name, KindInterpretation, "Not a parameterized type <"+a.in.text(a.name)+">")
}

// argError is an error Puppet raises as a Ruby ArgumentError.
func (a *typeAccess) argError(msg string) error { return a.in.errAt(a.n, KindArgument, msg) }

func (a *typeAccess) assertType(v pval) (Type, error) {
	if v.kind != vType {
		return nil, a.invalid()
	}
	return v.t, nil
}

// isRangeParam is Puppet's test for a size bound: an integer or default.
func isRangeParam(v pval) bool {
	return v.kind == vInt || v.kind == vDefault || v.kind == vString && v.s == "default"
}

func (a *typeAccess) assertRange(vs ...pval) error {
	for _, v := range vs {
		if !isRangeParam(v) {
			return a.invalid()
		}
	}
	return nil
}

// sizeRange is Puppet's range(from, to) for a size, made non-negative.
func (a *typeAccess) sizeRange(from, to pval) (*IntegerType, error) {
	r, err := a.intRange(from, to)
	if err != nil {
		return nil, err
	}
	return toSize(r), nil
}

// toSize clamps negative bounds to 0 (String[-1] is String[0],
// String[-5, -1] is String[0, 0]), as Puppet's to_size does.
func toSize(r *IntegerType) *IntegerType {
	if r.Min >= 0 {
		return r
	}
	return &IntegerType{Min: 0, Max: max(r.Max, 0), ExplicitMax: r.ExplicitMax}
}

// intRange is range(from, to) over integer or default bounds; a quoted
// 'default' works only as the upper bound (Puppet crashes on it as lower).
func (a *typeAccess) intRange(from, to pval) (*IntegerType, error) {
	r := &IntegerType{Min: MinInt, Max: MaxInt}
	switch from.kind {
	case vInt:
		r.Min, r.ExplicitMin = from.i, from.i == MinInt
	case vString:
		return nil, a.argError("'default' in quotes is not a lower bound: write default without quotes")
	}
	if to.kind == vInt {
		r.Max, r.ExplicitMax = to.i, to.i == MaxInt
	}
	if r.Min > r.Max {
		return nil, a.argError("'from' must be less or equal to 'to'. Got (" + fmtInt(r.Min) + ", " + fmtInt(r.Max))
	}
	return r, nil
}

// sizeParam is a size given as Integer[...] or as a lower bound.
func (a *typeAccess) sizeParam(v pval) (*IntegerType, error) {
	if it, ok := v.t.(*IntegerType); ok && v.kind == vType {
		return toSize(it), nil
	}
	if err := a.assertRange(v); err != nil {
		return nil, err
	}
	return a.sizeRange(v, pval{kind: vDefault})
}

func (a *typeAccess) array() (pval, error) {
	p := a.params
	t := &ArrayType{}
	var err error
	switch len(p) {
	case 1:
		t.Elem, err = a.assertType(p[0])
	case 2:
		if p[0].kind == vType {
			t.Elem = p[0].t
			t.Size, err = a.sizeParam(p[1])
		} else if err = a.assertRange(p[0], p[1]); err == nil {
			t.Elem = &DefaultType{}
			t.Size, err = a.sizeRange(p[0], p[1])
		}
	case 3:
		if t.Elem, err = a.assertType(p[0]); err == nil {
			if err = a.assertRange(p[1], p[2]); err == nil {
				t.Size, err = a.sizeRange(p[1], p[2])
			}
		}
	default:
		return pval{}, a.count("Array", "1 to 3")
	}
	return a.ok(t), err
}

func (a *typeAccess) hash() (pval, error) {
	p := a.params
	t := &HashType{}
	var err error
	switch len(p) {
	case 2:
		if p[0].kind == vType && p[1].kind == vType {
			t.Key, t.Value = p[0].t, p[1].t
		} else if err = a.assertRange(p[0], p[1]); err == nil {
			t.Key, t.Value = &DefaultType{}, &DefaultType{}
			t.Size, err = a.sizeRange(p[0], p[1])
		}
	case 3, 4:
		if len(p) == 3 {
			t.Size, err = a.sizeParam(p[2])
		} else if err = a.assertRange(p[2], p[3]); err == nil {
			t.Size, err = a.sizeRange(p[2], p[3])
		}
		if err == nil {
			if t.Key, err = a.assertType(p[0]); err == nil {
				t.Value, err = a.assertType(p[1])
			}
		}
	default:
		return pval{}, a.count("Hash", "2 to 4")
	}
	return a.ok(t), err
}

func (a *typeAccess) collection() (pval, error) {
	t := &CollectionType{}
	return a.sized("Collection", t, &t.Size)
}

func (a *typeAccess) string() (pval, error) {
	t := &StringType{}
	return a.sized("String", t, &t.Size)
}

// sized reads the parameters of type t (called name) whose only parameters
// are a size, [min] or [min, max], into *size.
func (a *typeAccess) sized(name string, t Type, size **IntegerType) (pval, error) {
	p := a.params
	var err error
	switch len(p) {
	case 1:
		*size, err = a.sizeParam(p[0])
	case 2:
		if err = a.assertRange(p[0], p[1]); err == nil {
			*size, err = a.sizeRange(p[0], p[1])
		}
	default:
		return pval{}, a.count(name, "1 to 2")
	}
	return a.ok(t), err
}

func (a *typeAccess) boolean() (pval, error) {
	if len(a.params) != 1 {
		return pval{}, a.count("Boolean", "1")
	}
	if a.params[0].kind != vBool {
		return pval{}, a.in.errAt(a.n, KindInterpretation, "Boolean parameter must be true or false")
	}
	b := a.params[0].b
	return a.ok(&BooleanType{Value: &b}), nil
}

func (a *typeAccess) integer() (pval, error) {
	p := a.params
	switch len(p) {
	case 1:
		switch p[0].kind {
		case vInt:
			return a.ok(&IntegerType{Min: p[0].i, Max: MaxInt, ExplicitMin: p[0].i == MinInt}), nil
		case vDefault:
			return a.ok(&IntegerType{Min: MinInt, Max: MaxInt}), nil
		}
		return a.nilResult(), nil
	case 2:
		t, err := a.integerRange(p[0], p[1])
		return a.ok(t), err
	}
	return pval{}, a.count("Integer", "1 or 2")
}

// integerRange is Integer[from, to], where Puppet compares the bounds with
// Ruby's > and so also takes a Float upper bound (Integer[1, 1.0]).
func (a *typeAccess) integerRange(from, to pval) (Type, error) {
	switch from.kind {
	case vInt, vDefault, vUndef:
	case vString:
		if from.s == "default" {
			return nil, a.argError("'default' in quotes is not a lower bound: write default without quotes")
		}
		return nil, a.argError("comparison of String with " + rubyInspectBound(to) + " failed")
	case vFloat:
		return nil, a.invalid()
	default:
		return nil, a.argError("the lower bound of Integer must be an integer or default, not " + describeValue(from))
	}
	switch to.kind {
	case vInt, vDefault, vUndef:
		return a.intRange(from, to)
	case vString:
		if to.s == "default" {
			return a.intRange(from, pval{kind: vDefault})
		}
		if from.kind == vInt {
			return nil, a.argError("comparison of Integer with String failed")
		}
		return nil, a.argError("comparison of Float with String failed")
	case vFloat:
		return a.floatBoundedInteger(from, to.f)
	}
	return nil, a.argError("the upper bound of Integer must be an integer or default, not " + describeValue(to))
}

// rubyInspectBound is how Ruby's comparison error shows the other operand.
func rubyInspectBound(v pval) string {
	switch v.kind {
	case vInt:
		return fmtInt(v.i)
	case vFloat:
		return rubyFloat(v.f)
	case vDefault, vUndef:
		return "Infinity"
	}
	return rubyClass(v)
}

// floatBoundedInteger is Integer[from, f] with a Float upper bound: it
// matches the integers up to f and prints f as Puppet does.
func (a *typeAccess) floatBoundedInteger(from pval, f float64) (Type, error) {
	min, explicitMin := int64(MinInt), false
	if from.kind == vInt {
		min, explicitMin = from.i, from.i == MinInt
		if float64(min) > f {
			return nil, a.argError("'from' must be less or equal to 'to'. Got (" + fmtInt(min) + ", " + rubyFloat(f))
		}
	}
	max := int64(MaxInt)
	switch fl := math.Floor(f); {
	case fl < float64(MinInt):
		max = MinInt
	case fl < float64(MaxInt):
		max = int64(fl)
	}
	return &IntegerType{Min: min, Max: max, FloatMax: f, HasFloat: true, ExplicitMin: explicitMin}, nil
}

func (a *typeAccess) float() (pval, error) {
	p := a.params
	switch len(p) {
	case 1:
		switch p[0].kind {
		case vInt, vFloat:
			t, err := a.floatRange(p[0], pval{kind: vDefault})
			return a.ok(t), err
		case vDefault:
			return a.ok(&FloatType{Min: math.Inf(-1), Max: math.Inf(1)}), nil
		}
		return a.nilResult(), nil
	case 2:
		t, err := a.floatRange(p[0], p[1])
		return a.ok(t), err
	}
	return pval{}, a.count("Float", "1 or 2")
}

// floatRange converts both bounds with Ruby's Float() (default and undef
// are unbounded) and checks their order.
func (a *typeAccess) floatRange(from, to pval) (Type, error) {
	lo, err := a.rubyFloatOf(from, math.Inf(-1))
	if err != nil {
		return nil, err
	}
	hi, err := a.rubyFloatOf(to, math.Inf(1))
	if err != nil {
		return nil, err
	}
	if lo > hi {
		return nil, a.argError("'from' must be less or equal to 'to'. Got (" + rubyFloat(lo) + ", " + rubyFloat(hi))
	}
	return &FloatType{Min: lo, Max: hi}, nil
}

func (a *typeAccess) rubyFloatOf(v pval, unbounded float64) (float64, error) {
	switch v.kind {
	case vDefault, vUndef:
		return unbounded, nil
	case vInt:
		return float64(v.i), nil
	case vFloat:
		return v.f, nil
	case vString:
		if f, ok := rubyFloatString(v.s); ok {
			return f, nil
		}
		return 0, a.argError("invalid value for Float(): " + RubyInspectString(v.s))
	case vBool:
		return 0, a.argError("can't convert " + strings.TrimSuffix(strings.ToLower(rubyClass(v)), "class") + " into Float")
	}
	return 0, a.argError("can't convert " + rubyClass(v) + " into Float")
}
