package catalog

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/coretypes"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// typeBlock is a `type` block with its file's bytes.
type TypeBlock struct {
	Block *hclsyntax.Block
	Src   []byte
	// builtin is set for the source of a type catc ships (a core type or
	// a module type, parseBuiltin), never by a file's name: a user's
	// file may be called anything.
	builtin bool
}

var TypeSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "desc"}, {Name: "docs"}, {Name: "features"}, {Name: "refreshable"},
		// The auto rules' object form, for targets that are no HCL
		// identifier (see decodeAutoRules).
		{Name: "autorequire"}, {Name: "autobefore"}, {Name: "autosubscribe"}, {Name: "autonotify"}},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "attribute", LabelNames: []string{"name"}},
		{Type: "title_pattern"},
		{Type: "autorequire"}, {Type: "autobefore"}, {Type: "autosubscribe"}, {Type: "autonotify"},
	},
}

// typeAdviceSchema is typeSchema as the advice on an unexpected argument
// names it: the auto rules' object form is left to their blocks' docs.
var typeAdviceSchema = &hcl.BodySchema{Attributes: TypeSchema.Attributes[:4], Blocks: TypeSchema.Blocks}

// validTypeName is /\A[a-z][a-z0-9_]*\z/: what the Resource API can turn into a provider
// constant and a manifest can name.
func validTypeName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || i > 0 && (c >= '0' && c <= '9' || c == '_')) {
			return false
		}
	}
	return s != ""
}

// decodeTypes decodes every type block, in declaration order, then runs
// the checks that need all types (auto rule targets).
func DecodeTypes(blocks []TypeBlock, aliases *types.Aliases) ([]*TypeDef, map[string]*TypeDef, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var defs []*TypeDef
	byName := map[string]*TypeDef{}
	warned := map[string]bool{}
	for _, tb := range blocks {
		var td *TypeDef
		if tb.builtin {
			td = builtinDef(tb) // shared, decoded once (builtins.go)
		} else {
			var d hcl.Diagnostics
			td, d = decodeType(tb, aliases)
			diags = append(diags, d...)
		}
		if td == nil {
			continue
		}
		if n := strings.ToLower(td.Name); !td.Builtin && IsBuiltinType(n) && !warned[n] {
			warned[n] = true // at the first replacement only
			diags = append(diags, builtinReplaced(td))
		}
		if prev := byName[strings.ToLower(td.Name)]; prev != nil {
			diags = append(diags, ErrorAt(summaryDuplicateType,
				fmt.Sprintf("The type %q is already defined at %s. Rename one of them, or remove the duplicate.", td.Name, prev.NameRange),
				td.NameRange, td.DeclRange.Ptr()))
			continue
		}
		byName[strings.ToLower(td.Name)] = td
		defs = append(defs, td)
	}
	known := knownTypeNames(byName)
	for _, td := range defs {
		diags = append(diags, checkAutoTargets(td, known)...)
		diags = append(diags, checkAutoCallTargets(td, byName)...)
	}
	return defs, byName, diags
}

// decodeType decodes one type block: the registration checks of the
// Resource API (resource-api.md §1.3) and catc's load-time checks.
func decodeType(tb TypeBlock, aliases *types.Aliases) (*TypeDef, hcl.Diagnostics) {
	b := tb.Block
	if len(b.Labels) != 1 {
		return nil, hcl.Diagnostics{ErrorAt(SummaryBlockLabels,
			fmt.Sprintf("A type block has one label, the type name (type \"software\"); this one has %d. %s", len(b.Labels), LabelAdvice(len(b.Labels), 1, "the type name")),
			LabelsRange(b), b.DefRange().Ptr())}
	}
	td := &TypeDef{Name: b.Labels[0], DeclRange: b.DefRange(), NameRange: b.LabelRanges[0], attrByName: map[string]*AttrDef{}}
	td.Builtin = tb.builtin
	td.notIsomorphic = td.Builtin && contains(coretypes.NotIsomorphic, td.Name)
	diags := checkTypeName(td)
	content, moreDiags := b.Body.Content(TypeSchema)
	diags = append(diags, WithSchemaAdvice(moreDiags, "type", typeAdviceSchema)...)
	diags = append(diags, decodeTypeDocs(td, content, tb.Src)...)
	diags = append(diags, decodeAttributes(td, content.Blocks, tb.Src, aliases)...)
	if !td.Builtin {
		// Puppet's own types are no Resource API types: a file's ensure
		// takes more than present and absent.
		diags = append(diags, checkEnsure(td)...)
	}
	diags = append(diags, decodeFeatures(td, content.Attributes["features"])...)
	diags = append(diags, decodeRefreshable(td, content.Attributes["refreshable"])...)
	diags = append(diags, decodeTitlePatterns(td, content.Blocks, tb.Src)...)
	diags = append(diags, decodeAutoRules(td, content.Blocks, content.Attributes)...)
	if len(td.Attributes) > 0 && len(td.Namevars()) == 0 && !anyBadBehaviour(td) {
		diags = append(diags, ErrorAt(summaryNoNamevar,
			fmt.Sprintf("The type %q has no namevar, so every declaration of it would fail (the Resource API crashes with \"undefined method `to_sym' for nil\"). Mark the attribute that identifies a resource with behaviour = \"namevar\".", td.Name),
			td.NameRange, td.DeclRange.Ptr()))
	}
	td.seal()
	return td, diags
}

func anyBadBehaviour(td *TypeDef) bool {
	for _, a := range td.Attributes {
		if a.badBehaviour {
			return true
		}
	}
	return false
}

func checkTypeName(td *TypeDef) hcl.Diagnostics {
	if validTypeName(td.Name) {
		return nil
	}
	return hcl.Diagnostics{ErrorAt(summaryTypeName,
		fmt.Sprintf("The type name %q is not valid (the Resource API fails with \"wrong constant name %s\"): use lower-case letters, digits and underscores, starting with a letter.",
			td.Name, providerConstant(td.Name)),
		td.NameRange, td.DeclRange.Ptr())}
}

// providerConstant is the Resource API's provider module name for a type.
func providerConstant(name string) string {
	parts := strings.Split(name, "_")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + strings.ToLower(p[1:])
		}
	}
	return strings.Join(parts, "")
}

// decodeTypeDocs reads desc or its legacy spelling docs (not both).
func decodeTypeDocs(td *TypeDef, content *hcl.BodyContent, src []byte) hcl.Diagnostics {
	var diags hcl.Diagnostics
	desc, docs := content.Attributes["desc"], content.Attributes["docs"]
	if desc != nil && docs != nil {
		diags = append(diags, ErrorAt(summaryTypeDocs,
			fmt.Sprintf("`%s` has both `desc` and `docs`, prefer using `desc`", td.Name),
			docs.NameRange, docs.Range.Ptr()))
	}
	if desc == nil {
		desc = docs
	}
	if desc == nil {
		return append(diags, warningAt(summaryNoDocs,
			fmt.Sprintf("`%s` has no documentation, add it using a `desc` key", td.Name), td.NameRange))
	}
	s, moreDiags := StringAttr(desc, src, false)
	td.Desc = s
	return append(diags, moreDiags...)
}

// knownFeatures are the features the Resource API knows: 1.8.16's five,
// and custom_generate (since 1.9.0, and in 2.x: the provider's generate
// adds resources while the catalog is applied, which no plan can show).
var KnownFeatures = []string{"canonicalize", "custom_generate", "custom_insync", "remote_resource", "simple_get_filter", "supports_noop"}

// decodeFeatures reads features; unknown names warn, as in Puppet.
func decodeFeatures(td *TypeDef, a *hcl.Attribute) hcl.Diagnostics {
	if a == nil {
		return nil
	}
	v, diags := EvalExpr(a.Expr, nil)
	if diags.HasErrors() {
		return diags
	}
	list, ok := stringList(v)
	if !ok {
		return hcl.Diagnostics{ErrorAt(SummaryInvalidValue,
			"features must be a list of strings, e.g. [\"canonicalize\"].", a.Expr.Range(), a.Range.Ptr())}
	}
	td.Features = list
	var unknown []string
	subject := a.Expr.Range()
	for i, f := range list {
		if !contains(KnownFeatures, f) {
			if len(unknown) == 0 {
				subject = elemRange(a.Expr, i)
			}
			unknown = append(unknown, types.RubyInspectString(f))
		}
	}
	if len(unknown) > 0 {
		d := warningAt(SummaryUnknownFeature, "Unknown feature detected: ["+strings.Join(unknown, ", ")+"]. catc knows "+words.And(KnownFeatures)+"; remove the others.", subject)
		d.Detail += words.DidYouMean(strings.Trim(unknown[0], `"`), KnownFeatures)
		diags = append(diags, d)
	}
	return diags
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
