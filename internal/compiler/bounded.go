package compiler

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/numbounds"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
)

// tooManyElements and tooMuchText say why a value is refused.
func tooManyElements(n int) error {
	return fmt.Errorf("the result would hold %d elements; catc accepts at most %d in one value (nested elements included), so that evaluation cannot exhaust memory. "+
		"Split the value, or compute less of it", n, catalog.MaxElements)
}

func tooMuchText(n int) error {
	return fmt.Errorf("the result would hold %d bytes of text; catc accepts at most %d (64 MiB) in one value, so that evaluation cannot exhaust memory. "+
		"Split the value, or compute less of it", n, catalog.MaxTextBytes)
}

func tooManyInstances(n int) string {
	return fmt.Sprintf("for_each has %d elements; catc accepts at most %d instances of one block, so that expansion cannot exhaust memory. "+
		"Split the block, or declare fewer instances.", n, catalog.MaxElements)
}

// checkValueBounds is the error for a value beyond the bounds, or nil.
func checkValueBounds(v cty.Value) error {
	elems, text := catalog.ValueSize(v)
	return checkSizeBounds(v, elems, text)
}

// checkSizeBounds is checkValueBounds for a value of the size measured.
func checkSizeBounds(v cty.Value, elems, text int) error {
	switch {
	case elems > catalog.MaxElements:
		return tooManyElements(elems)
	case text > catalog.MaxTextBytes:
		return tooMuchText(text)
	}
	if msg := numbounds.ValueMsg(v); msg != "" {
		return fmt.Errorf("%s", msg)
	}
	return nil
}

// boundedFunctions wraps every function of fs, except those that take
// expressions (try, can), with boundedFunc, charging b.
func boundedFunctions(fs map[string]function.Function, b *catalog.Budget) map[string]function.Function {
	out := make(map[string]function.Function, len(fs))
	for name, f := range fs {
		out[name] = f
		if name != "try" && name != "can" {
			out[name] = boundedFunc(name, f, b)
		}
	}
	return out
}

// boundedFunc is f with its arguments converted and checked and its
// result checked, and the call charged to b: a step, a step per element
// of each argument it converts, and the elements and text of the result
// (budget.go). Its parameters take any value, so that HCL does not
// convert the arguments itself: converting a tuple to a list or set of
// any type is quadratic in cty (it unifies every element's type with
// every other), and catc's conversion (convertArg) is linear. Marks,
// nulls and unknowns are handled by f as before.
func boundedFunc(name string, f function.Function, b *catalog.Budget) function.Function {
	orig := f.Params()
	params := make([]function.Parameter, len(orig))
	for i, p := range orig {
		params[i] = passThrough(p)
	}
	origVar := f.VarParam()
	var varParam *function.Parameter
	if origVar != nil {
		p := passThrough(*origVar)
		varParam = &p
	}
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      params,
		VarParam:    varParam,
		Type:        function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			call := funcCall{name: name, b: b}
			if stop, spent := call.charge(cost{steps: 1 + argsCost(args, orig, origVar)}); stop != nil || spent {
				return cty.DynamicVal, stop
			}
			args = append([]cty.Value(nil), args...)
			for i := range args {
				p := origVar
				if i < len(orig) {
					p = &orig[i]
				}
				v, err := convertArg(name, i, args[i], p.Type)
				if err != nil {
					return cty.NilVal, function.NewArgError(i, err)
				}
				args[i] = v
			}
			if err := checkArgs(name, args); err != nil {
				return cty.NilVal, err
			}
			v, err := f.Call(args)
			if err != nil {
				return v, err
			}
			elems, text := catalog.ValueSize(v)
			if err := checkSizeBounds(v, elems, text); err != nil {
				return cty.NilVal, err
			}
			if stop, spent := call.charge(cost{steps: int64(elems), text: int64(text)}); stop != nil || spent {
				return cty.DynamicVal, stop
			}
			return v, nil
		},
	})
}

func passThrough(p function.Parameter) function.Parameter {
	p.Type = cty.DynamicPseudoType
	p.AllowNull, p.AllowUnknown, p.AllowDynamicType, p.AllowMarked = true, true, true, true
	return p
}

// convertArg converts an argument to its parameter's type as HCL would,
// but a tuple or object bound for a collection of any element type is
// unified from its distinct element types only. tolist, toset and tomap
// get their target the same way. A number written as a string is checked
// before it is read.
func convertArg(fn string, i int, v cty.Value, t cty.Type) (cty.Value, error) {
	switch {
	case fn == "tolist":
		t = cty.List(cty.DynamicPseudoType)
	case fn == "toset":
		t = cty.Set(cty.DynamicPseudoType)
	case fn == "tomap":
		t = cty.Map(cty.DynamicPseudoType)
	case fn == "parseint" && i == 0:
		if s := stringArg(v); len(s) > numbounds.MaxDigits {
			return cty.NilVal, fmt.Errorf("the number is written with %d characters; catc accepts at most %d, because reading longer numbers takes quadratic time", len(s), numbounds.MaxDigits)
		}
	case fn == "tonumber" || t == cty.Number:
		if msg := numbounds.CheckLiteral([]byte(strings.TrimSpace(stringArg(v)))); msg != "" {
			return cty.NilVal, fmt.Errorf("%s", msg)
		}
	}
	if t.IsCollectionType() && t.ElementType() == cty.DynamicPseudoType {
		if ety, ok := distinctUnified(v); ok {
			t = collectionOf(t, ety)
		}
	}
	if fn == "tolist" || fn == "toset" || fn == "tomap" {
		// they convert the value themselves, and say why they cannot
		if c, err := convert.Convert(v, t); err == nil && t.ElementType() != cty.DynamicPseudoType {
			return c, nil
		}
		return v, nil
	}
	return convert.Convert(v, t)
}

// distinctUnified is the type the element types of the tuple or object v
// unify to, computed from the distinct types only.
func distinctUnified(v cty.Value) (cty.Type, bool) {
	t := v.Type()
	var etys []cty.Type
	switch {
	case t.IsTupleType():
		etys = t.TupleElementTypes()
	case t.IsObjectType():
		for _, e := range t.AttributeTypes() {
			etys = append(etys, e)
		}
	default:
		return cty.NilType, false
	}
	var distinct []cty.Type
next:
	for _, e := range etys {
		for _, d := range distinct {
			if d.Equals(e) {
				continue next
			}
		}
		distinct = append(distinct, e)
		if len(distinct) > 64 {
			return cty.NilType, false // unusual enough to leave to cty
		}
	}
	if len(distinct) == 0 {
		return cty.NilType, false
	}
	ety, _ := convert.UnifyUnsafe(distinct)
	return ety, ety != cty.NilType
}

func collectionOf(t, ety cty.Type) cty.Type {
	switch {
	case t.IsListType():
		return cty.List(ety)
	case t.IsSetType():
		return cty.Set(ety)
	}
	return cty.Map(ety)
}

// checkArgs refuses a call whose result would be beyond the bounds, from
// the sizes of its (converted) arguments, and numbers beyond the bounds.
func checkArgs(fn string, args []cty.Value) error {
	for _, a := range args {
		if u, _ := a.Unmark(); u.Type() == cty.Number && u.IsKnown() && !u.IsNull() {
			if msg := numbounds.BoundsMsg(u.AsBigFloat()); msg != "" {
				return fmt.Errorf("%s", msg)
			}
		}
	}
	var elems, text int
	switch fn {
	case "setproduct":
		elems = 1
		for _, a := range args {
			elems *= max(length(a), 1) // products of sizes overflow late: each is at most maxElements
			if elems > catalog.MaxElements {
				break
			}
		}
		elems *= len(args) + 1 // each result is a tuple of len(args) elements
	case "flatten":
		elems, _ = catalog.ValueSize(args[0])
	case "concat", "setunion", "merge":
		for _, a := range args {
			elems += length(a)
		}
	case "formatlist":
		n := 1
		for _, a := range args[1:] {
			if u, _ := a.Unmark(); u.IsKnown() && !u.IsNull() && (u.Type().IsListType() || u.Type().IsTupleType()) {
				n = max(n, u.LengthInt())
			}
		}
		text = n * formatWidth(stringArg(args[0]))
		elems = n
	case "format":
		text = formatWidth(stringArg(args[0]))
	}
	if fn == "format" || fn == "formatlist" {
		// %d and %f read a string argument as a number themselves
		for _, a := range args[1:] {
			if msg := numericStringsMsg(a); msg != "" {
				return fmt.Errorf("%s", msg)
			}
		}
	}
	switch fn {
	case "indent":
		if n, ok := intArg(args[0]); ok {
			text = len(stringArg(args[1])) + n*(strings.Count(stringArg(args[1]), "\n")+1)
		}
	case "join":
		n := 0
		for _, a := range args[1:] {
			n += length(a)
		}
		text = n * len(stringArg(args[0]))
	case "replace", "regex_replace":
		s, sub, rep := stringArg(args[0]), stringArg(args[1]), stringArg(args[2])
		text = len(s) + matches(fn, s, sub)*len(rep)
	}
	switch {
	case elems > catalog.MaxElements:
		return tooManyElements(elems)
	case text > catalog.MaxTextBytes:
		return tooMuchText(text)
	}
	return nil
}

// numericStringsMsg checks the strings of v (one, or a list's) that
// read as numbers against the bounds of numbers.go.
func numericStringsMsg(v cty.Value) string {
	v, _ = v.UnmarkDeep()
	if !v.IsKnown() || v.IsNull() {
		return ""
	}
	if v.Type() == cty.String {
		s := strings.TrimSpace(v.AsString())
		if len(s) > numbounds.MaxDigits && strings.Trim(s, "0123456789.eE+-") != "" {
			return "" // not a number: printed as text
		}
		return numbounds.CheckLiteral([]byte(s))
	}
	if v.Type().IsListType() || v.Type().IsTupleType() {
		for it := v.ElementIterator(); it.Next(); {
			if _, e := it.Element(); e.Type() == cty.String {
				if msg := numericStringsMsg(e); msg != "" {
					return msg
				}
			}
		}
	}
	return ""
}

// length is the number of elements of a known collection, or 0.
func length(v cty.Value) int {
	v, _ = v.Unmark()
	if !v.IsKnown() || v.IsNull() || !(v.CanIterateElements()) {
		return 0
	}
	return v.LengthInt()
}

func stringArg(v cty.Value) string {
	v, _ = v.Unmark()
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return ""
	}
	return v.AsString()
}

// intArg is a known number argument, within 0 and maxTextBytes+1.
func intArg(v cty.Value) (int, bool) {
	v, _ = v.Unmark()
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.Number {
		return 0, false
	}
	n, _ := v.AsBigFloat().Int64()
	return int(min(max(n, 0), catalog.MaxTextBytes+1)), true
}

// formatWidth is the length of a format string plus every number in its
// verbs (widths and precisions: %10000000d prints ten million bytes).
var verbNumbers = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`%[-+# 0]*(\[\d+\])?(\d*)(?:\.(\d*))?`) })

func formatWidth(f string) int {
	n := len(f)
	for _, m := range verbNumbers().FindAllStringSubmatch(f, -1) {
		for _, d := range m[2:] {
			w := 0
			for _, c := range d {
				w = min(w*10+int(c-'0'), catalog.MaxTextBytes+1)
			}
			n = min(n+w, catalog.MaxTextBytes+1)
		}
	}
	return n
}

// matches counts what replace or regex_replace would replace in s.
func matches(fn, s, sub string) int {
	if fn == "replace" {
		if sub == "" {
			return utf8.RuneCountInString(s) + 1
		}
		return strings.Count(s, sub)
	}
	re, err := regexp.Compile(sub)
	if err != nil {
		return 0 // the function reports it
	}
	return len(re.FindAllStringIndex(s, -1))
}

// boundedOps are HCL's arithmetic operations with their operands and
// results checked against the bounds of numbers.go: 1e4000 is within
// them, but a product of a thousand of them is not, and printing it
// would take minutes. Their parameters take any value, so that HCL does
// not convert a string operand itself: reading a string of digits as a
// number takes quadratic time (format("%064000000d", 1) + 0 would take
// hours), so the operation checks the text first and converts it itself.
var boundedOps = sync.OnceValue(func() map[*hclsyntax.Operation]*hclsyntax.Operation {
	out := map[*hclsyntax.Operation]*hclsyntax.Operation{}
	for _, op := range []*hclsyntax.Operation{hclsyntax.OpAdd, hclsyntax.OpSubtract, hclsyntax.OpMultiply, hclsyntax.OpDivide, hclsyntax.OpModulo} {
		out[op] = &hclsyntax.Operation{Impl: checkedArithmetic(op.Impl), Type: op.Type, ShortCircuit: op.ShortCircuit}
	}
	return out
})

// operandError is a conversion error of an operand; withEvalAdvice
// reports it as HCL reports its own ("Invalid operand").
type operandError struct {
	right bool
	err   error
}

func (e operandError) Error() string {
	side := "left"
	if e.right {
		side = "right"
	}
	return catalog.OperandErrorPrefix + side + " operand: " + e.err.Error()
}

// checkedArithmetic is the arithmetic function f with its operands
// converted and checked and its result checked.
func checkedArithmetic(f function.Function) function.Function {
	orig := f.Params()
	params := make([]function.Parameter, len(orig))
	for i, p := range orig {
		params[i] = p
		params[i].Type = cty.DynamicPseudoType
	}
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      params,
		Type:        function.StaticReturnType(cty.Number),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			conv := make([]cty.Value, len(args))
			for i, a := range args {
				if msg := numericStringsMsg(a); msg != "" {
					return cty.NilVal, operandError{i > 0, fmt.Errorf("%s", msg)}
				}
				c, err := convert.Convert(a, orig[i].Type)
				if err != nil {
					return cty.NilVal, operandError{i > 0, err}
				}
				conv[i] = c
			}
			if err := checkArgs("", conv); err != nil {
				return cty.NilVal, err
			}
			v, err := f.Call(conv)
			if err != nil {
				return v, err
			}
			if msg := numbounds.ValueMsg(v); msg != "" {
				return cty.NilVal, fmt.Errorf("%s", msg)
			}
			return v, nil
		},
	})
}

// funcCall is one call of a bounded function, charging its budget.
type funcCall struct {
	name string
	b    *catalog.Budget
}

// charge spends k. It returns the error that stops the call when this
// charge reaches a limit (evalExpr turns hcl's diagnostic of it into the
// budget's, at the call), or spent when a limit was reached before: the
// call then returns an unknown value without an error, so that a for
// expression already running does not collect an error per element, and
// evalExpr reports the budget's diagnostic once.
func (c funcCall) charge(k cost) (stop error, spent bool) {
	if c.b == nil {
		return nil, false
	}
	for _, s := range []struct {
		kind catalog.BudgetKind
		n    int64
	}{{catalog.SpendSteps, k.steps}, {catalog.SpendText, k.text}} {
		if crossed, over := c.b.Spend(s.kind, s.n); crossed {
			return catalog.BudgetError{What: "this call of " + c.name + " (a step per element of the arguments it converts and of its result, and its text)"}, false
		} else if over {
			return nil, true
		}
	}
	return nil, false
}

// argsCost is a step per element of each argument converted to its
// parameter's type (an argument of any type is passed as it is).
func argsCost(args []cty.Value, params []function.Parameter, varParam *function.Parameter) int64 {
	var n int64
	for i, a := range args {
		p := varParam
		if i < len(params) {
			p = &params[i]
		}
		if p != nil && p.Type != cty.DynamicPseudoType {
			elems, _ := catalog.ValueSize(a)
			n += int64(elems)
		}
	}
	return n
}
