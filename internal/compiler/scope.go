package compiler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// The evaluation context of declarations: var.* from variable blocks set
// by --var-file and --var, facts.* from --facts, local.* from locals
// blocks, and HCL's standard functions. It exists only when a file uses
// one of them; plain catalogs never pay for it.

var variableSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "default"}, {Name: "type"}, {Name: "description"}},
}

// variableDef is one variable block.
type variableDef struct {
	name  string
	typ   types.Type // nil: any value
	value cty.Value
	set   bool
	// secret is set when the variable feeds a sensitive attribute: its
	// value is never shown.
	secret bool
	// declRange is the block header, nameRange its label.
	declRange, nameRange hcl.Range
}

// buildContext builds the evaluation context from the variable and
// locals blocks and the options. It returns nil when nothing needs one.
func (c *loader) buildContext(vars, locals []catalog.SourceBlock, opts LoadOptions, needed bool) (*hcl.EvalContext, hcl.Diagnostics) {
	if !needed && len(opts.Vars) == 0 && len(opts.VarFiles) == 0 && opts.Node == nil && opts.NodeDiags == nil {
		return nil, nil
	}
	varObj, diags := c.variables(vars, opts)
	diags = append(diags, opts.NodeDiags...)
	ctx, moreDiags := nodeContext(c.secrets.markSecrets("var", varObj), opts.Node, locals, &c.secrets, c.hiera, c.Budget)
	diags = append(diags, moreDiags...)
	if diags.HasErrors() {
		return nil, diags
	}
	return ctx, diags
}

// variables is var.*: the variable blocks set by --var-file and --var.
// It does not depend on the node.
func (c *loader) variables(vars []catalog.SourceBlock, opts LoadOptions) (cty.Value, hcl.Diagnostics) {
	defs, diags := decodeVariables(vars, c.AliasTable())
	for name, v := range defs {
		v.secret = c.secrets.feeds("var." + name)
	}
	diags = append(diags, c.applyVarFiles(defs, opts.VarFiles)...)
	diags = append(diags, applyVarFlags(defs, opts.Vars, c.Budget)...)
	varObj, moreDiags := variableValues(defs)
	return varObj, append(diags, moreDiags...)
}

// nodeContext is the evaluation context of one node: var.* (varObj,
// marked already: it is the same for every node), that node's facts.*
// and trusted.*, then local.* (which may use them all); the values that
// feed a sensitive attribute are marked (secrets.go). s is only read.
// lookup() reads the node's Hiera data (nil: none); every evaluation in
// the context charges b.
func nodeContext(varObj cty.Value, node *nodefacts.Node, locals []catalog.SourceBlock, s *secrets, data *hiera.Data, b *catalog.Budget) (*hcl.EvalContext, hcl.Diagnostics) {
	facts, trusted := cty.EmptyObjectVal, cty.EmptyObjectVal
	if node != nil {
		facts, trusted = node.Facts, node.Trusted()
	}
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{"var": varObj, "facts": s.markSecrets("facts", facts),
			"trusted": s.markSecrets("trusted", trusted), catalog.BudgetVarName: catalog.BudgetVar(b)},
		Functions: nodeFunctions(data, node, b),
	}
	var diags hcl.Diagnostics
	ctx.Variables["local"], diags = evalLocals(locals, ctx, s)
	return ctx, diags
}

// variableContent reads a variable block's arguments and its type (nil
// when not given or not usable): a site's variable, or a class's or
// define's parameter (what names it in a message).
func variableContent(b *hclsyntax.Block, src []byte, aliases *types.Aliases, what, name string) (*hcl.BodyContent, types.Type, hcl.Diagnostics) {
	content, diags := b.Body.Content(variableSchema)
	diags = catalog.WithSchemaAdvice(diags, "variable", variableSchema)
	var typ types.Type
	if a := content.Attributes["type"]; a != nil {
		s, moreDiags := catalog.StringAttr(a, src, true)
		diags = append(diags, moreDiags...)
		if !moreDiags.HasErrors() {
			t, err := types.ParseDataWith(s, aliases)
			if err != nil {
				diags = append(diags, catalog.ErrorAt(catalog.SummaryAttrType,
					fmt.Sprintf("The type `%s` of %s %q is not usable: %v", s, what, name, err), a.Expr.Range(), a.Range.Ptr()))
			}
			typ = t
		}
	}
	return content, typ, diags
}

// decodeVariables reads the variable blocks; defaults are constants.
func decodeVariables(blocks []catalog.SourceBlock, aliases *types.Aliases) (map[string]*variableDef, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	defs := map[string]*variableDef{}
	for _, sb := range blocks {
		b := sb.Block
		if len(b.Labels) != 1 {
			diags = append(diags, catalog.ErrorAt(catalog.SummaryBlockLabels, "A variable block has one label, its name: variable \"port\" { … }. "+catalog.LabelAdvice(len(b.Labels), 1, "the name"), catalog.LabelsRange(b), b.DefRange().Ptr()))
			continue
		}
		v := &variableDef{name: b.Labels[0], declRange: b.DefRange(), nameRange: b.LabelRanges[0]}
		if prev := defs[v.name]; prev != nil {
			diags = append(diags, catalog.ErrorAt(catalog.SummaryDuplicateVariable,
				fmt.Sprintf("The variable %q is already declared at %s. Rename one of them, or remove the duplicate.", v.name, prev.declRange), b.LabelRanges[0], v.declRange.Ptr()))
			continue
		}
		defs[v.name] = v
		diags = append(diags, decodeVariable(v, b, sb.Src, aliases)...)
	}
	return defs, diags
}

func decodeVariable(v *variableDef, b *hclsyntax.Block, src []byte, aliases *types.Aliases) hcl.Diagnostics {
	content, typ, diags := variableContent(b, src, aliases, "variable", v.name)
	v.typ = typ
	if a := content.Attributes["default"]; a != nil {
		val, moreDiags := catalog.EvalExpr(a.Expr, nil)
		diags = append(diags, moreDiags...)
		if !moreDiags.HasErrors() && !val.IsNull() {
			v.value, v.set = val, true
			diags = append(diags, v.check(a.Expr.Range())...)
		}
	}
	if a := content.Attributes["description"]; a != nil {
		_, moreDiags := catalog.StringAttr(a, src, false)
		diags = append(diags, moreDiags...)
	}
	return diags
}

// check checks the variable's value against its type.
func (v *variableDef) check(rng hcl.Range) hcl.Diagnostics {
	if v.typ == nil {
		return nil
	}
	pv, diags := catalog.CtyValue(v.value, rng)
	if diags.HasErrors() {
		return diags
	}
	if msg, ok := types.Check("var."+v.name, v.typ, pv); !ok {
		return hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryVariableValue, catalog.WithAdvice(msg, catalog.ValueAdvice(v.typ, pv, v.secret, msg)), rng, nil)}
	}
	return nil
}

// applyVarFiles sets variables from --var-file files (name = value).
func (c *loader) applyVarFiles(defs map[string]*variableDef, paths []string) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range paths {
		src, err := inputfile.Read(p)
		if err != nil {
			diags = append(diags, inputfile.Diagnostic(p, err))
			continue
		}
		c.AddFile(p, &hcl.File{Body: hcl.EmptyBody(), Bytes: src})
		// every value set for a secret variable, also one set twice or on
		// a line that does not parse
		for _, r := range guessedRanges(src, p, true, func(name, _ string) bool { return defs[name] != nil && defs[name].secret }) {
			c.secrets.addRange(r)
		}
		f, moreDiags := parseHCL(src, p, hcl.InitialPos, catalog.NewBudgetSlot(c.Budget))
		diags = append(diags, moreDiags...)
		if f == nil {
			continue
		}
		c.AddFile(p, f)
		attrs, moreDiags := f.Body.JustAttributes()
		diags = append(diags, moreDiags...)
		for _, a := range sortedHCLAttrs(attrs) {
			if v := defs[a.Name]; v != nil && v.secret {
				c.secrets.addRange(a.Expr.Range())
			}
			diags = append(diags, setVariable(defs, a.Name, a.NameRange, func() (cty.Value, hcl.Diagnostics) { return catalog.EvalExpr(a.Expr, nil) }, a.Expr.Range())...)
		}
	}
	return diags
}

// applyVarFlags sets variables from --var name=value: the raw string when
// the variable's type takes a string, else the value read as an HCL
// expression (--var port=8080, --var 'tags=["a"]').
func applyVarFlags(defs map[string]*variableDef, flags []string, b *catalog.Budget) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, f := range flags {
		name, raw, ok := strings.Cut(f, "=")
		if !ok || name == "" {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: catalog.SummaryVariableValue,
				Detail: fmt.Sprintf("--var %q is not of the form name=value.", f)})
			continue
		}
		diags = append(diags, setVariable(defs, name, hcl.Range{}, func() (cty.Value, hcl.Diagnostics) {
			return flagValue(defs[name], raw, b)
		}, hcl.Range{})...)
	}
	return diags
}

func flagValue(v *variableDef, raw string, b *catalog.Budget) (cty.Value, hcl.Diagnostics) {
	if v == nil || v.typ == nil {
		return cty.StringVal(raw), nil
	}
	if _, ok := types.Check("", v.typ, raw); ok {
		return cty.StringVal(raw), nil
	}
	if d, _ := checkNesting([]byte(raw), "--var "+v.name, hcl.InitialPos); d.HasErrors() {
		return cty.StringVal(raw), nil // too deep to parse: the type check explains
	}
	expr, diags := hclsyntax.ParseExpression([]byte(raw), "--var "+v.name, hcl.InitialPos)
	if diags.HasErrors() {
		return cty.StringVal(raw), nil // let the type check explain
	}
	boundExpressions(expr, catalog.NewBudgetSlot(b))
	val, diags := catalog.EvalExpr(expr, nil)
	if diags.HasErrors() {
		return cty.StringVal(raw), nil
	}
	return val, nil
}

// setVariable assigns a declared variable; an undeclared name is an error
// that suggests the nearest.
func setVariable(defs map[string]*variableDef, name string, nameRange hcl.Range, value func() (cty.Value, hcl.Diagnostics), valueRange hcl.Range) hcl.Diagnostics {
	v := defs[name]
	if v == nil {
		detail := fmt.Sprintf("A value is given for the variable %q, which no variable block declares. Declare it with a variable %q block, or fix the name.", name, name)
		detail += words.DidYouMean(name, sortedNames(defs))
		d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: catalog.SummaryUndeclaredVariable, Detail: detail}
		if nameRange.Filename != "" {
			d.Subject = nameRange.Ptr()
		}
		return hcl.Diagnostics{d}
	}
	val, diags := value()
	if diags.HasErrors() {
		return diags
	}
	v.value, v.set = val, !val.IsNull()
	if d := v.check(valueRange); d != nil {
		if v.secret {
			d[0].Detail = fmt.Sprintf("The value of var.%s does not match its type %s; it is not shown because the variable feeds a sensitive attribute.", v.name, v.typ)
		}
		if valueRange.Filename == "" {
			d[0].Subject = nil
		}
		return d
	}
	return nil
}

// variableValues is var.*: every variable must have a value by now.
func variableValues(defs map[string]*variableDef) (cty.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	vals := map[string]cty.Value{}
	for _, name := range sortedNames(defs) {
		v := defs[name]
		if !v.set {
			diags = append(diags, catalog.ErrorAt(catalog.SummaryVariableValue,
				fmt.Sprintf("The variable %q has no default and no value: set it with --var %s=VALUE or in a --var-file.", name, name),
				v.nameRange, v.declRange.Ptr()))
			continue
		}
		vals[name] = v.value
	}
	return cty.ObjectVal(vals), diags
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedHCLAttrs(attrs hcl.Attributes) []*hcl.Attribute {
	out := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Range.Start.Byte < out[j].Range.Start.Byte })
	return out
}
