package catalog

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/words"
)

// AutoCall is a function call in an auto rule, read from the source as
// written (never evaluated through HCL): `first_managed(ancestors("$path"))`.
// docs/language.md lists the functions.
type AutoCall struct {
	Func  string
	Args  []AutoArg
	Range hcl.Range
}

// AutoArg is one argument of an AutoCall: a "$attr" reference (Attr), a
// literal string or list of strings (Lits), or a nested call (Call).
type AutoArg struct {
	Attr  string
	Lits  []string
	Call  *AutoCall
	Range hcl.Range
}

// autoArgKind is what a function accepts in one argument position.
type autoArgKind int

const (
	argValue   autoArgKind = iota // "$attr", literal(s) or a nested call
	argLiteral                    // one literal string, as written
)

// autoFunc describes one function of the auto-rule language.
type autoFunc struct {
	// args are the positional kinds; variadic repeats the last one.
	args     []autoArgKind
	variadic bool
	// selector functions yield resources of the rule's target type, not
	// titles, so they may only be the outermost call of a term.
	selector bool
}

var (
	oneValue = []autoArgKind{argValue}
	// autoFuncs is the auto-rule language's function table.
	autoFuncs = map[string]autoFunc{
		"absolute":      {args: oneValue},
		"ancestors":     {args: oneValue},
		"ascend":        {args: oneValue},
		"below":         {args: oneValue, selector: true},
		"coalesce":      {args: oneValue, variadic: true},
		"commands":      {args: oneValue},
		"dirname":       {args: oneValue},
		"except":        {args: []autoArgKind{argValue, argLiteral}, variadic: true},
		"first":         {args: oneValue},
		"first_managed": {args: oneValue, selector: true},
		"first_with":    {args: []autoArgKind{argLiteral, argValue}, selector: true},
		"format":        {args: []autoArgKind{argLiteral, argValue}, variadic: true},
		"line_paths":    {args: oneValue},
		"not_digits":    {args: oneValue},
		"not_numeric":   {args: oneValue},
		"numeric":       {args: oneValue},
		"parent":        {args: oneValue},
		"quoted_paths":  {args: oneValue},
		"reverse":       {args: oneValue},
	}
)

func autoFuncNames() []string {
	names := make([]string, 0, len(autoFuncs))
	for n := range autoFuncs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// decodeAutoCall reads a call of an auto rule; top is false for a nested
// call. Attribute references are checked against td like "$attr" terms.
func decodeAutoCall(td *TypeDef, kind AutoKind, call *hclsyntax.FunctionCallExpr, top bool) (*AutoCall, hcl.Diagnostics) {
	rng := call.Range()
	fn, ok := autoFuncs[call.Name]
	if !ok {
		detail := fmt.Sprintf("The %s rule calls %q, which is not a function of auto rules (%s).", kind, call.Name, strings.Join(autoFuncNames(), ", "))
		detail += words.DidYouMean(call.Name, autoFuncNames())
		return nil, hcl.Diagnostics{ErrorAt(SummaryAutoRule, detail, call.NameRange, &rng)}
	}
	if fn.selector && !top {
		return nil, hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			fmt.Sprintf("%s() picks resources of the rule's target type, so it must be the outermost call of a rule value, not an argument of another call. Move it outside.", call.Name),
			rng, nil)}
	}
	if call.ExpandFinal {
		return nil, hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			fmt.Sprintf("%s() takes its arguments one by one; remove the \"...\" after the last one.", call.Name), rng, nil)}
	}
	if d := checkArity(call, fn); d != nil {
		return nil, hcl.Diagnostics{d}
	}
	out := &AutoCall{Func: call.Name, Range: rng}
	var diags hcl.Diagnostics
	for i, e := range call.Args {
		k := fn.args[min(i, len(fn.args)-1)]
		arg, d := decodeAutoArg(td, kind, call.Name, k, e)
		diags = append(diags, d...)
		out.Args = append(out.Args, arg)
	}
	if call.Name == "format" && !diags.HasErrors() {
		diags = append(diags, checkFormat(out)...)
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return out, diags
}

// checkArity reports a wrong number of arguments.
func checkArity(call *hclsyntax.FunctionCallExpr, fn autoFunc) *hcl.Diagnostic {
	n, want := len(call.Args), len(fn.args)
	if n == want || (fn.variadic && n >= want) {
		return nil
	}
	atLeast := ""
	if fn.variadic {
		atLeast = "at least "
	}
	rng := call.Range()
	return ErrorAt(SummaryAutoRule,
		fmt.Sprintf("%s() takes %s%d argument(s), not %d (see the auto rules of docs/language.md).", call.Name, atLeast, want, n),
		call.CloseParenRange, &rng)
}

// decodeAutoArg reads one argument: a call, "$attr", a literal string or
// a list of literal strings.
func decodeAutoArg(td *TypeDef, kind AutoKind, fn string, k autoArgKind, e hclsyntax.Expression) (AutoArg, hcl.Diagnostics) {
	arg := AutoArg{Range: e.Range()}
	if c, ok := e.(*hclsyntax.FunctionCallExpr); ok && k == argValue {
		call, diags := decodeAutoCall(td, kind, c, false)
		arg.Call = call
		return arg, diags
	}
	lits, ok := literalStrings(e)
	if !ok || (k == argLiteral && len(lits) != 1) {
		what := `a "$attr" reference, a literal string, a list of literal strings or another call`
		if k == argLiteral {
			what = "one literal string"
		}
		return arg, hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			fmt.Sprintf("This argument of %s() must be %s.", fn, what), e.Range(), nil)}
	}
	if k == argValue && len(lits) == 1 && strings.HasPrefix(lits[0], "$") {
		arg.Attr = lits[0][1:]
		return arg, checkAutoAttr(td, kind, AutoTerm{Attr: arg.Attr, Range: arg.Range})
	}
	arg.Lits = lits
	return arg, nil
}

// literalStrings reads a literal string or a list of literal strings.
func literalStrings(e hclsyntax.Expression) ([]string, bool) {
	switch e := e.(type) {
	case *hclsyntax.TemplateExpr:
		s, ok := LiteralString(e)
		return []string{s}, ok
	case *hclsyntax.TupleConsExpr:
		var out []string
		for _, x := range e.Exprs {
			t, ok := x.(*hclsyntax.TemplateExpr)
			if !ok {
				return nil, false
			}
			s, ok := LiteralString(t)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// checkFormat checks that format's template has one %s per value and no
// other verb.
func checkFormat(c *AutoCall) hcl.Diagnostics {
	verbs, ok := formatVerbs(c.Args[0].Lits[0])
	if !ok {
		return hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			"format()'s template knows only %s (a value) and %% (a percent sign); write the others literally.", c.Args[0].Range, nil)}
	}
	if verbs != len(c.Args)-1 {
		return hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			fmt.Sprintf("format()'s template has %d %%s but %d value(s) follow it; give one value per %%s.", verbs, len(c.Args)-1), c.Range, nil)}
	}
	return nil
}

// formatVerbs counts the %s of a format template; false on another verb.
func formatVerbs(tmpl string) (int, bool) {
	n := 0
	for i := 0; i < len(tmpl); i++ {
		if tmpl[i] != '%' {
			continue
		}
		if i+1 >= len(tmpl) {
			return 0, false
		}
		i++
		switch tmpl[i] {
		case 's':
			n++
		case '%':
		default:
			return 0, false
		}
	}
	return n, true
}

// checkAutoAttr checks that a "$attr" term names an attribute of td that
// is not sensitive.
func checkAutoAttr(td *TypeDef, kind AutoKind, term AutoTerm) hcl.Diagnostics {
	a := td.Attr(term.Attr)
	if a == nil {
		return hcl.Diagnostics{unknownAutoAttr(td, kind, term)}
	}
	if IsSecretAttr(a) {
		return hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			fmt.Sprintf("The %s rule refers to \"$%s\", a sensitive attribute: the edge it makes, or its absence, would tell whether the secret is the title of another resource, so anyone could test a guess. Refer to an attribute that is not sensitive.", kind, term.Attr),
			term.Range, nil)}
	}
	return nil
}

// checkAutoCallTargets checks, once every type is known, what a selector
// reads of the target type: first_with's attribute must be one of it.
func checkAutoCallTargets(td *TypeDef, byName map[string]*TypeDef) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, r := range td.AutoRules {
		target := byName[strings.ToLower(r.Target)]
		if target == nil {
			continue // checkAutoTargets warns when no file defines it
		}
		diags = append(diags, checkFirstWith(td, r, target)...)
	}
	return diags
}

// checkFirstWith checks the attribute each first_with() of r compares.
func checkFirstWith(td *TypeDef, r *AutoRule, target *TypeDef) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, term := range r.Terms {
		c := term.Call
		if c == nil || c.Func != "first_with" {
			continue
		}
		name := c.Args[0].Lits[0]
		if target.Attr(name) != nil {
			continue
		}
		names := make([]string, len(target.Attributes))
		for i, a := range target.Attributes {
			names[i] = a.Name
		}
		detail := fmt.Sprintf("first_with() in the %s rule of type %q compares the attribute %q of %s resources, but type %q has no such attribute (it has %s).",
			r.Kind, td.Name, name, target.Name, target.Name, shortList(names, 12))
		detail += words.DidYouMean(name, names)
		diags = append(diags, ErrorAt(SummaryAutoRule, detail, c.Args[0].Range, &c.Range))
	}
	return diags
}
