package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

var AttributeSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "type"}, {Name: "desc"}, {Name: "default"},
		{Name: "behaviour"}, {Name: "behavior"}, {Name: "sensitive"},
	},
}

// reservedAttrs are the names the Resource API refuses (metaparameters,
// title and provider); `name` and `ensure` are allowed.
var reservedAttrs = []string{"title", "provider", "alias", "audit", "before", "consume", "export", "loglevel",
	"noop", "notify", "require", "schedule", "stage", "subscribe", "tag"}

// behaviours maps the values of the `behaviour` key; a property is
// written without one.
var behaviours = func() map[string]Behaviour {
	m := enum.Index[Behaviour](BehaviourNames[:])
	delete(m, Property.String())
	return m
}()

// decodeAttributes decodes the attribute blocks in order, then refuses
// reserved names (the Resource API checks them after all attributes).
func decodeAttributes(td *TypeDef, blocks hcl.Blocks, src []byte, aliases *types.Aliases) hcl.Diagnostics {
	var diags hcl.Diagnostics
	n := 0
	for _, b := range blocks {
		if b.Type != "attribute" {
			continue
		}
		n++
		a, d := decodeAttribute(td, b, src, aliases)
		diags = append(diags, d...)
		if a == nil {
			continue
		}
		if prev := td.attrByName[a.Name]; prev != nil {
			diags = append(diags, ErrorAt(summaryDuplicateAttr,
				fmt.Sprintf("The attribute %q of type %q is already defined at %s. Rename one of them, or remove the duplicate.", a.Name, td.Name, prev.NameRange),
				a.NameRange, a.DeclRange.Ptr()))
			continue
		}
		td.attrByName[a.Name] = a
		td.Attributes = append(td.Attributes, a)
	}
	if n == 0 {
		diags = append(diags, ErrorAt(summaryNoAttributes,
			fmt.Sprintf("Puppet::ResourceApi::TypeDefinition must have `attributes`: the type %q has no attribute blocks. Add one for each attribute, at least a namevar: attribute \"name\" { type = \"String\" behaviour = \"namevar\" }.", td.Name),
			td.NameRange, td.DeclRange.Ptr()))
	}
	for _, a := range td.Attributes {
		// Puppet's own types have a provider parameter (builtins.go).
		if contains(reservedAttrs, a.Name) && !(td.Builtin && a.Name == "provider") {
			diags = append(diags, ErrorAt(summaryReservedAttr,
				fmt.Sprintf("must not define an attribute called `:%s`. Rename the attribute: Puppet reserves %s for every resource.", a.Name, a.Name), a.NameRange, a.DeclRange.Ptr()))
		}
	}
	return diags
}

// decodeAttribute decodes one attribute block (resource-api.md §1.3 step 6
// and step 12, plus catc's checks of the type and the default).
func decodeAttribute(td *TypeDef, b *hcl.Block, src []byte, aliases *types.Aliases) (*AttrDef, hcl.Diagnostics) {
	a := &AttrDef{Name: b.Labels[0], DeclRange: b.DefRange, NameRange: b.LabelRanges[0]}
	if a.Name == "rsapi_custom_insync_trigger" {
		return nil, hcl.Diagnostics{ErrorAt(summaryReservedAttr,
			"`rsapi_custom_insync_trigger` cannot be specified as an attribute; it is reserved for propertyless types with the custom_insync feature. Rename the attribute.",
			a.NameRange, a.DeclRange.Ptr())}
	}
	content, diags := b.Body.Content(AttributeSchema)
	diags = WithSchemaAdvice(diags, "attribute", AttributeSchema)
	at := content.Attributes
	// the behaviour first (the type's check depends on read_only), its
	// diagnostics in their place after the type's and desc's
	behaviourDiags := decodeBehaviour(a, at["behaviour"], at["behavior"], src)
	diags = append(diags, decodeAttrType(td, a, at["type"], src, aliases, a.Behaviour == ReadOnly)...)
	if d := at["desc"]; d != nil {
		s, moreDiags := StringAttr(d, src, false)
		a.Desc = s
		diags = append(diags, moreDiags...)
	} else {
		diags = append(diags, warningAt(summaryNoDocs,
			fmt.Sprintf("`%s.%s` has no documentation, add it using a `desc` key", td.Name, a.Name), a.NameRange))
	}
	diags = append(diags, behaviourDiags...)
	diags = append(diags, decodeSensitive(a, at["sensitive"])...)
	diags = append(diags, checkSensitiveNamevar(td, a, at["sensitive"])...)
	diags = append(diags, decodeDefault(td, a, at["default"], src)...)
	return a, diags
}

// checkSensitiveNamevar refuses a sensitive namevar: its value is the
// title and the uniqueness key, printed in every plan, graph, diff and
// message, so it cannot be kept secret.
func checkSensitiveNamevar(td *TypeDef, a *AttrDef, sensitive *hcl.Attribute) hcl.Diagnostics {
	if a.Behaviour != Namevar || !IsSecretAttr(a) {
		return nil
	}
	subject, fix := a.TypeRange, "remove Sensitive[...] from its type"
	if a.Sensitive && sensitive != nil {
		subject, fix = sensitive.Range, "remove `sensitive = true`"
	}
	return hcl.Diagnostics{ErrorAt(summarySensitiveNamevar,
		fmt.Sprintf("The namevar %s.%s may not be sensitive: a namevar's value is the title and the uniqueness key, printed in every plan, graph, diff and message. Identify resources by a value that is not secret: %s, and keep the secret in another attribute.", td.Name, a.Name, fix),
		subject, a.DeclRange.Ptr())}
}

// decodeAttrType parses the Puppet type expression, blaming the exact
// characters the parser points at.
//
// A read_only attribute is never given a value in a declaration (its value
// comes from the provider), so its type may be one no data value matches
// (Runtime, Timestamp, …), as generated types often have; unknown names
// are still refused.
func decodeAttrType(td *TypeDef, a *AttrDef, attr *hcl.Attribute, src []byte, aliases *types.Aliases, readOnly bool) hcl.Diagnostics {
	if attr == nil {
		return hcl.Diagnostics{ErrorAt(summaryNoAttrType,
			fmt.Sprintf("`%s.%s` has no type. Add a Puppet data type, e.g. type = \"String\".", td.Name, a.Name), a.NameRange, a.DeclRange.Ptr())}
	}
	s, diags := StringAttr(attr, src, true)
	if diags.HasErrors() {
		return diags
	}
	a.TypeText, a.TypeRange = s, attr.Expr.Range()
	t, err := td.parseDataType(s, aliases)
	if err != nil && readOnly {
		if pt, perr := types.ParseWith(s, aliases); perr == nil {
			if _, unknown := unresolvedTypeName(pt); !unknown {
				t, err = pt, nil
			}
		}
	}
	if err != nil {
		// An unknown capitalised name parses as a type reference, which
		// ParseData refuses; say which name and suggest the nearest.
		if ft, ferr := types.ParseWith(s, aliases); ferr == nil {
			if name, ok := unresolvedTypeName(ft); ok {
				return append(diags, unknownTypeNameDiag(a, attr, src, name, aliases))
			}
		}
		return append(diags, typeParseDiag(a, attr, src, err))
	}
	a.Type = t
	return diags
}

// parseDataType parses a type text once per type block: a built-in type
// repeats a few texts (Optional[Data] for most attributes), and a parsed
// type is never modified, so its attributes may share it.
func (td *TypeDef) parseDataType(s string, aliases *types.Aliases) (types.Type, error) {
	if t, ok := td.parsedTypes[s]; ok {
		return t, nil
	}
	t, err := types.ParseDataWith(s, aliases)
	if err == nil {
		if td.parsedTypes == nil {
			td.parsedTypes = map[string]types.Type{}
		}
		td.parsedTypes[s] = t
	}
	return t, err
}

func unknownTypeNameDiag(a *AttrDef, attr *hcl.Attribute, src []byte, name string, aliases *types.Aliases) *hcl.Diagnostic {
	detail := fmt.Sprintf("The type of the `%s` attribute `%s` references an unknown type `%s` (the Resource API accepts it, and every value then fails with \"references an unresolved type '%s'\"). Use a Puppet data type (String, Integer, Enum[…], …).", a.Name, a.TypeText, name, name)
	if strings.Contains(name, "::") {
		detail += fmt.Sprintf(" If %s is a module's type alias, define it with a type_alias block (catc import writes them from the module's types/*.pp).", name)
	}
	return unknownNameDiag(SummaryAttrType, detail, name, a.TypeText, a.TypeRange, src, aliases.Names(), attr.Range)
}

// unknownNameDiag is the error for an unknown type name in a type
// expression (typeText, written at typeRange of src): it points at the
// name and suggests the nearest alias (of aliasNames) or built-in type.
func unknownNameDiag(summary, detail, name, typeText string, typeRange hcl.Range, src []byte, aliasNames []string, context hcl.Range) *hcl.Diagnostic {
	rng := typeRange
	if i := strings.Index(typeText, name); i >= 0 {
		rng = ValueRange(typeRange, src, typeText, i, len(name))
	}
	detail += words.DidYouMean(name, append(aliasNames, BuiltinTypeNames...))
	return ErrorAt(summary, detail, rng, context.Ptr())
}

func typeParseDiag(a *AttrDef, attr *hcl.Attribute, src []byte, err error) *hcl.Diagnostic {
	var pe *types.ParseError
	if !errors.As(err, &pe) {
		return ErrorAt(SummaryAttrType,
			fmt.Sprintf("The type of the `%s` attribute `%s` is not recognised: %v", a.Name, a.TypeText, err),
			a.TypeRange, attr.Range.Ptr())
	}
	verb, advice := "is not recognised", "Use a Puppet data type (String, Integer, Enum[…], …)."
	advice += words.DidYouMean(a.TypeText, BuiltinTypeNames)
	switch pe.Kind {
	case types.KindSyntax:
		verb, advice = "could not be parsed", "Fix the syntax: a type is a name, then any parameters in square brackets, e.g. Optional[String]."
	case types.KindUnsupported:
		verb, advice = "is not supported", "Use a data type that catc supports instead."
	}
	return ErrorAt(SummaryAttrType,
		fmt.Sprintf("The type of the `%s` attribute `%s` %s: %s %s", a.Name, a.TypeText, verb, strings.TrimSuffix(pe.Msg, ".")+".", advice),
		ValueRange(a.TypeRange, src, a.TypeText, pe.Offset, pe.Length), attr.Range.Ptr())
}

// builtinTypeNames are suggested for a misspelt type name.
var BuiltinTypeNames = []string{"Any", "Array", "Boolean", "Collection", "Data", "Enum", "Float", "Hash",
	"Integer", "Iterable", "NotUndef", "Numeric", "Optional", "Pattern", "RichData", "Scalar", "ScalarData",
	"Sensitive", "String", "Struct", "Tuple", "Undef", "Variant"}

// unresolvedTypeName finds a type reference Puppet could not resolve
// (a capitalised unknown name) anywhere in t.
func unresolvedTypeName(t types.Type) (string, bool) {
	var found string
	walkType(t, func(x types.Type) {
		if r, ok := x.(*types.TypeReferenceType); ok && found == "" {
			found = r.Name
		}
	})
	return found, found != ""
}

// walkType calls fn on t and every type nested in it (aliases are not
// entered: they may be recursive).
func walkType(t types.Type, fn func(types.Type)) {
	if t == nil {
		return
	}
	fn(t)
	switch x := t.(type) {
	case *types.NotUndefType:
		walkType(x.Type, fn)
	case *types.OptionalType:
		walkType(x.Type, fn)
	case *types.VariantType:
		for _, m := range x.Types {
			walkType(m, fn)
		}
	case *types.ArrayType:
		walkType(x.Elem, fn)
	case *types.HashType:
		walkType(x.Key, fn)
		walkType(x.Value, fn)
	case *types.TupleType:
		for _, m := range x.Types {
			walkType(m, fn)
		}
	case *types.StructType:
		for _, e := range x.Elements {
			walkType(e.Value, fn)
		}
	case *types.IterableType:
		walkType(x.Type, fn)
	case *types.SensitiveType:
		walkType(x.Type, fn)
	}
}

// decodeBehaviour reads behaviour or behavior (not both).
func decodeBehaviour(a *AttrDef, b1, b2 *hcl.Attribute, src []byte) hcl.Diagnostics {
	var diags hcl.Diagnostics
	if b1 != nil && b2 != nil {
		diags = append(diags, ErrorAt(summaryBehaviour,
			fmt.Sprintf("the '%s' attribute has both a `behavior` and a `behaviour`, only use one", a.Name),
			b2.NameRange, b2.Range.Ptr()))
	}
	if b1 == nil {
		b1 = b2
	}
	if b1 == nil {
		return diags
	}
	s, moreDiags := StringAttr(b1, src, false)
	if moreDiags.HasErrors() {
		a.badBehaviour = true
		return append(diags, moreDiags...)
	}
	beh, ok := behaviours[s]
	if !ok {
		a.badBehaviour = true
		valid := BehaviourNames[Namevar:]
		d := ErrorAt(summaryBehaviour, fmt.Sprintf("`%s` is not a valid behaviour value. Use one of %s, or leave it out for a property.", s, words.Or(valid)), b1.Expr.Range(), b1.Range.Ptr())
		d.Detail += words.DidYouMean(s, valid)
		return append(diags, d)
	}
	a.Behaviour = beh
	return diags
}

func decodeSensitive(a *AttrDef, attr *hcl.Attribute) hcl.Diagnostics {
	if attr == nil {
		return nil
	}
	v, diags := EvalExpr(attr.Expr, nil)
	if diags.HasErrors() {
		return diags
	}
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.Bool {
		return hcl.Diagnostics{ErrorAt(SummaryInvalidValue, "sensitive must be true or false.", attr.Expr.Range(), attr.Range.Ptr())}
	}
	a.Sensitive = v.True()
	return nil
}

// decodeDefault reads the default and checks it against the type at load
// time (Puppet only fails when the default is used).
func decodeDefault(td *TypeDef, a *AttrDef, attr *hcl.Attribute, src []byte) hcl.Diagnostics {
	if attr == nil {
		return nil
	}
	expr, isSyntax := attr.Expr.(hclsyntax.Expression)
	if !isSyntax {
		return nil
	}
	v, diags, ok := EvalValue(expr, src, nil)
	if !ok {
		return diags
	}
	a.DefaultRange = attr.Expr.Range()
	if v == nil {
		return nil // null: no default
	}
	a.Default, a.HasDefault = v, true
	if a.Type == nil || a.Behaviour == ReadOnly {
		return nil
	}
	if msg, ok := checkValue(td, a, v, nil); !ok {
		diags = append(diags, ErrorAt(SummaryBadDefault,
			"The default does not match the attribute's type: "+msg, a.DefaultRange, attr.Range.Ptr()))
	}
	return diags
}

// stringList reads a list or tuple of strings (a lone string is not one).
func stringList(v cty.Value) ([]string, bool) {
	if v.IsNull() || !v.IsKnown() {
		return nil, false
	}
	t := v.Type()
	if !(t.IsListType() || t.IsTupleType() || t.IsSetType()) {
		return nil, false
	}
	var out []string
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		if e.IsNull() || !e.IsKnown() || e.Type() != cty.String {
			return nil, false
		}
		out = append(out, e.AsString())
	}
	return out, true
}
