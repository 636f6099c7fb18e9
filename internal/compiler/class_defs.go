package compiler

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// classDef is a class or define block: its parameters, locals and body.
type classDef struct {
	// name is Puppet's: lower case, without a leading "::".
	name   string
	define bool
	block  *hclsyntax.Block
	src    []byte
	params []*paramDef
	locals []catalog.SourceBlock
}

// paramDef is one `variable` block of a class or define.
type paramDef struct {
	name      string
	typ       types.Type // nil: Any
	def       hcl.Expression
	nameRange hcl.Range
	// defReadsVar is set when the default reads var (an earlier
	// parameter): its context's var is made again for it.
	defReadsVar bool
	// defConstant is set when the default is a constant (no variable, no
	// function call, no charged part): every declaration gets the same
	// value, kept in defValue once evaluated without a diagnostic.
	defConstant bool
	defValue    *constantDefault
}

// constantDefault is a constant default's value, as the catalog keeps it
// and as var.* holds it.
type constantDefault struct {
	value types.Value
	cty   cty.Value
}

// structure is a site's structure sorted out: the definitions, the node
// blocks, and the top level's statements with their places.
type structure struct {
	defs  map[string]*classDef
	names []string // defined names, for suggestions
	nodes []structBlock
	top   []structBlock
}

// className is a class or define name as Puppet keeps it.
func className(s string) string { return strings.ToLower(strings.TrimPrefix(s, "::")) }

// readStructure sorts the structure blocks and decodes the definitions.
func readStructure(blocks []structBlock, aliases *types.Aliases) (*structure, hcl.Diagnostics) {
	s := &structure{defs: map[string]*classDef{}}
	var diags hcl.Diagnostics
	for _, sb := range blocks {
		if sb.attr != nil {
			s.top = append(s.top, sb)
			continue
		}
		b := sb.block
		switch b.Type {
		case "class", "define":
			if len(b.Labels) != 1 {
				diags = append(diags, catalog.ErrorAt(catalog.SummaryBlockLabels, fmt.Sprintf("A %s block has one label, its name: %s \"profile::web\" { … }. %s", b.Type, b.Type, catalog.LabelAdvice(len(b.Labels), 1, "the name")), catalog.LabelsRange(b), b.DefRange().Ptr()))
				continue
			}
			kind := definitionKind(b)
			if d := catalog.BadNameDiag(kind, b.Labels[0], "", nil, b.LabelRanges[0], b.DefRange().Ptr()); d != nil {
				diags = append(diags, d) // still defined: its uses are not refused again
			}
			if d := catalog.FutureReservedDiag(kind, b.Labels[0], b.LabelRanges[0]); d != nil {
				diags = append(diags, d)
			}
			d, more := decodeClassDef(sb, aliases)
			diags = append(diags, more...)
			if prev := s.defs[d.name]; prev != nil {
				diags = append(diags, catalog.ErrorAt(catalog.SummaryDuplicate,
					fmt.Sprintf("The %s %q is already defined at %s. Rename one of them, or remove the duplicate.", prev.block.Type, d.name, prev.block.DefRange()),
					b.LabelRanges[0], b.DefRange().Ptr()))
				continue
			}
			s.defs[d.name] = d
			s.names = append(s.names, d.name)
		case "node":
			if len(b.Labels) != 1 {
				diags = append(diags, catalog.ErrorAt(catalog.SummaryBlockLabels, "A node block has one label: the node's name, a regular expression between slashes, or \"default\". "+catalog.LabelAdvice(len(b.Labels), 1, "the name"), catalog.LabelsRange(b), b.DefRange().Ptr()))
				continue
			}
			if d := catalog.BadNameDiag(catalog.NameNode, b.Labels[0], "", nil, b.LabelRanges[0], b.DefRange().Ptr()); d != nil {
				diags = append(diags, d)
				continue
			}
			s.nodes = append(s.nodes, sb)
		default:
			s.top = append(s.top, sb)
		}
	}
	return s, diags
}

// definitionKind is how Puppet's name rules (catalog.CheckName) take a
// class or define block's label.
func definitionKind(b *hclsyntax.Block) catalog.NameKind {
	if b.Type == "define" {
		return catalog.NameDefine
	}
	return catalog.NameClass
}

// decodeClassDef reads a class or define block's parameters and locals.
func decodeClassDef(sb structBlock, aliases *types.Aliases) (*classDef, hcl.Diagnostics) {
	b := sb.block
	d := &classDef{name: className(b.Labels[0]), define: b.Type == "define", block: b, src: sb.src}
	var diags hcl.Diagnostics
	seen := map[string]hcl.Range{}
	for _, nb := range b.Body.Blocks {
		switch nb.Type {
		case "variable":
			if len(nb.Labels) != 1 {
				diags = append(diags, catalog.ErrorAt(catalog.SummaryBlockLabels, "A variable block has one label, its name: variable \"port\" { … }. "+catalog.LabelAdvice(len(nb.Labels), 1, "the name"), catalog.LabelsRange(nb), nb.DefRange().Ptr()))
				continue
			}
			p, more := decodeParam(nb, sb.src, aliases)
			diags = append(diags, more...)
			if prev, dup := seen[p.name]; dup {
				diags = append(diags, catalog.ErrorAt(catalog.SummaryDuplicateVariable,
					fmt.Sprintf("The parameter %q is already declared at %s. Rename one of them, or remove the duplicate.", p.name, prev), p.nameRange, nb.DefRange().Ptr()))
				continue
			}
			seen[p.name] = p.nameRange
			d.params = append(d.params, p)
		case "locals":
			d.locals = append(d.locals, catalog.SourceBlock{Block: nb, Src: sb.src})
		}
	}
	diags = append(diags, d.checkDefaultOrder()...)
	return d, diags
}

// decodeParam reads one parameter: its type now, its default when the
// class is evaluated.
func decodeParam(b *hclsyntax.Block, src []byte, aliases *types.Aliases) (*paramDef, hcl.Diagnostics) {
	p := &paramDef{name: b.Labels[0], nameRange: b.LabelRanges[0]}
	content, typ, diags := variableContent(b, src, aliases, "parameter", p.name)
	p.typ = typ
	if a := content.Attributes["default"]; a != nil {
		p.def = a.Expr
		vars := a.Expr.Variables()
		for _, tr := range vars {
			p.defReadsVar = p.defReadsVar || tr.RootName() == "var"
		}
		if e, ok := a.Expr.(hclsyntax.Expression); ok {
			p.defConstant = len(vars) == 0 && isConstant(e)
		}
	}
	return p, diags
}

// isConstant reports whether an expression without variables evaluates
// to the same value wherever it is evaluated: it calls no function and
// has no part the budget charges (costly: charged for each evaluation).
func isConstant(e hclsyntax.Expression) bool {
	constant := true
	hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		switch n.(type) {
		case *hclsyntax.FunctionCallExpr, *charged:
			constant = false
		}
		return nil
	})
	return constant
}

// checkDefaultOrder refuses a default that reads a later parameter, as
// Puppet does.
func (d *classDef) checkDefaultOrder() hcl.Diagnostics {
	var diags hcl.Diagnostics
	for i, p := range d.params {
		if p.def == nil {
			continue
		}
		for _, tr := range p.def.Variables() {
			if tr.RootName() != "var" || len(tr) < 2 {
				continue
			}
			attr, ok := tr[1].(hcl.TraverseAttr)
			if !ok {
				continue
			}
			for _, later := range d.params[i:] {
				if later.name == attr.Name {
					diags = append(diags, catalog.ErrorAt(catalog.SummaryBadDefault,
						fmt.Sprintf("%s: default expression for $%s tries to illegally access not yet evaluated $%s. A default may read only the parameters declared before it: move %q above %q.", d.ref(), p.name, attr.Name, attr.Name, p.name),
						tr.SourceRange(), p.def.Range().Ptr()))
				}
			}
		}
	}
	return diags
}

// ref is the definition's reference prefix, Class[Web] or App::Vhost.
func (d *classDef) ref() string {
	if d.define {
		return catalog.CapitalizeType(d.name)
	}
	return "Class[" + catalog.CapitalizeType(d.name) + "]"
}

// param is the parameter called name, or nil.
func (d *classDef) param(name string) *paramDef {
	for _, p := range d.params {
		if p.name == name {
			return p
		}
	}
	return nil
}

// paramNames are the parameters' names, for suggestions.
func (d *classDef) paramNames() []string {
	out := make([]string, len(d.params))
	for i, p := range d.params {
		out[i] = p.name
	}
	return out
}
