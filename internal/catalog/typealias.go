package catalog

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/types"
)

// TypeAlias is one `type_alias` block: a Puppet type alias
// (`type Mymod::Port = Integer[0, 65535]` in a module's types/*.pp).
type TypeAlias struct {
	Name string
	// TypeText is the Puppet type expression as written (heredoc final
	// newline removed); Type is the resolved alias.
	TypeText string
	Type     *types.AliasType
	Desc     string
	// DeclRange covers `type_alias "name"`; NameRange is the label;
	// TypeRange the `type` expression.
	DeclRange, NameRange, TypeRange hcl.Range

	src []byte // the file's bytes, to point inside the type
}

var typeAliasSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "type", Required: true}, {Name: "desc"}},
}

// AliasTable is the catalog's type aliases, for parsing a type string
// that may name them (types.ParseDataWith).
func (c *Catalog) AliasTable() *types.Aliases { return c.aliases }

// decodeAliases reads every type_alias block before any type is decoded,
// so that attribute and variable types may use aliases from any file, and
// aliases each other in any order.
func DecodeAliases(blocks []SourceBlock) ([]*TypeAlias, *types.Aliases, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	table := &types.Aliases{}
	var defs []*TypeAlias
	byName := map[string]*TypeAlias{}
	for _, sb := range blocks {
		ta, d := decodeAlias(sb)
		diags = append(diags, d...)
		if ta == nil {
			continue
		}
		if prev := byName[strings.ToLower(ta.Name)]; prev != nil {
			diags = append(diags, ErrorAt(summaryTypeAlias,
				fmt.Sprintf("The type alias %s is already defined at %s (Puppet: \"Attempt to redefine entity\"). Rename one of them, or remove the duplicate.", ta.Name, prev.NameRange),
				ta.NameRange, ta.DeclRange.Ptr()))
			continue
		}
		if err := table.Define(ta.Name, ta.TypeText); err != nil {
			diags = append(diags, ErrorAt(summaryTypeAlias, capitalize(err.Error())+".", ta.NameRange, ta.DeclRange.Ptr()))
			continue
		}
		byName[strings.ToLower(ta.Name)] = ta
		defs = append(defs, ta)
	}
	names := table.Names()
	for _, ta := range defs {
		diags = append(diags, resolveAlias(ta, table, names)...)
	}
	return defs, table, diags
}

func decodeAlias(sb SourceBlock) (*TypeAlias, hcl.Diagnostics) {
	b := sb.Block
	if len(b.Labels) != 1 {
		return nil, hcl.Diagnostics{ErrorAt(SummaryBlockLabels,
			"A type_alias block has one label, the alias name: type_alias \"Mymod::Port\" { type = \"Integer[0, 65535]\" }.",
			b.DefRange(), nil)}
	}
	ta := &TypeAlias{Name: b.Labels[0], DeclRange: b.DefRange(), NameRange: b.LabelRanges[0], src: sb.Src}
	content, diags := b.Body.Content(typeAliasSchema)
	diags = WithSchemaAdvice(diags, "type_alias", typeAliasSchema)
	if d := content.Attributes["desc"]; d != nil {
		s, moreDiags := StringAttr(d, sb.Src, false)
		ta.Desc = s
		diags = append(diags, moreDiags...)
	}
	a := content.Attributes["type"]
	if a == nil {
		return nil, diags
	}
	s, moreDiags := StringAttr(a, sb.Src, true)
	diags = append(diags, moreDiags...)
	if moreDiags.HasErrors() {
		return nil, diags
	}
	ta.TypeText, ta.TypeRange = s, a.Expr.Range()
	return ta, diags
}

// resolveAlias parses an alias's type and checks that every name in it is
// known: Puppet accepts an unknown name and fails every value with
// "references an unresolved type"; catc says so where the alias is
// written. Types no data value matches are reported where an attribute
// uses the alias, since an alias may serve other purposes.
func resolveAlias(ta *TypeAlias, table *types.Aliases, names []string) hcl.Diagnostics {
	al, err := table.Resolve(ta.Name)
	ta.Type = al
	if err != nil {
		return hcl.Diagnostics{ErrorAt(summaryTypeAlias,
			fmt.Sprintf("The type alias %s is not usable: %v.", aliasShown(ta), err), ta.TypeRange, ta.DeclRange.Ptr())}
	}
	if name, ok := unresolvedTypeName(al.Resolved); ok {
		detail := fmt.Sprintf("The type alias %s references an unknown type `%s` (Puppet accepts it, and every value then fails with \"references an unresolved type '%s'\"). Define it with a type_alias block, or import the module that has it with catc import.", aliasShown(ta), name, name)
		return hcl.Diagnostics{unknownNameDiag(summaryTypeAlias, detail, name, ta.TypeText, ta.TypeRange, ta.src, names, ta.DeclRange)}
	}
	return nil
}

// aliasShown names an alias in a message: with its type when that is
// short enough to read on one line.
func aliasShown(ta *TypeAlias) string {
	if len(ta.TypeText) <= 60 && !strings.Contains(ta.TypeText, "\n") {
		return ta.Name + " = " + ta.TypeText
	}
	return ta.Name
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// scopeBlock is a variable or locals block with its file's bytes.
type SourceBlock struct {
	Block *hclsyntax.Block
	Src   []byte
}
