package catalog

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/words"
)

// Diagnostic summaries: one constant phrase per kind of problem. The
// detail carries the specific message (Puppet's wording where Puppet has
// one) and what to do.
const (
	summaryUnreadable      = inputfile.UnreadableSummary
	summaryUnsupportedTop  = "Unsupported block type"
	summaryUnsupportedArg  = "Unsupported argument"
	summaryBlockLabels     = "Wrong block labels"
	summaryTypeAlias       = "Invalid type alias"
	summaryUnexpectedBlock = "Unexpected block"
	summaryInvalidValue    = "Invalid value"
	summaryInvalidRef      = "Invalid resource reference"

	summaryTypeName        = "Invalid type name"
	summaryDuplicateType   = "Duplicate type definition"
	summaryBuiltinReplaced = "Built-in type replaced"
	summaryTypeDocs        = "Conflicting documentation"
	summaryNoDocs          = "Missing documentation"
	summaryNoAttributes    = "Missing attributes"
	summaryReservedAttr    = "Reserved attribute name"
	summaryDuplicateAttr   = "Duplicate attribute definition"
	summaryNoAttrType      = "Missing attribute type"
	summaryAttrType        = "Invalid attribute type"
	summaryBehaviour       = "Invalid behaviour"
	summaryEnsureType      = "Invalid ensure type"
	summaryUnknownFeature  = "Unknown feature"
	summaryNoNamevar       = "No namevar"
	summaryTitlePattern    = "Invalid title pattern"
	summaryBadDefault      = "Invalid default"
	summaryAutoRule        = "Invalid automatic relationship"
	summaryAutoUnknownType = "Unknown automatic relationship target"

	summaryUnknownType      = "Unknown resource type"
	summaryUnknownAttr      = "Unsupported attribute"
	summaryMetaparam        = "Unsupported metaparameter"
	summaryShippedReplaced  = "Shipped module type replaced"
	summaryReadOnly         = "Read-only attribute"
	summaryTitleNoMatch     = "Title matches no title pattern"
	summaryNilNamevar       = "Missing namevar value"
	summaryAttrValue        = "Invalid attribute value"
	summaryMandatory        = "Missing mandatory attributes"
	summaryDuplicate        = "Duplicate declaration"
	summaryAliasConflict    = "Duplicate uniqueness key"
	summaryUnresolvedRef    = "Reference to nothing"
	summaryInvalidTag       = "Invalid tag"
	summaryIntegerRange     = "Number out of range"
	summaryUnsupportedValue = "Unsupported value"

	summaryDuplicateVariable  = "Duplicate variable"
	summaryDuplicateLocal     = "Duplicate local value"
	summaryVariableValue      = "Invalid variable value"
	summaryUndeclaredVariable = "Undeclared variable"
	summaryNumberBounds       = "Number too large"
	summaryLocalCycle         = "Self-referencing local value"
)

func errorAt(summary, detail string, subject hcl.Range, context *hcl.Range) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: subject.Ptr(), Context: context}
}

func warningAt(summary, detail string, subject hcl.Range) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary, Detail: detail, Subject: subject.Ptr()}
}

// location is Puppet's "(file: F, line: L)".
func location(r hcl.Range) string {
	return fmt.Sprintf("(file: %s, line: %d)", r.Filename, r.Start.Line)
}

// topLevelAttrDiags rejects attributes outside any block, in source order.
func topLevelAttrDiags(body *hclsyntax.Body) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, a := range sortedAttrs(body.Attributes) {
		diags = append(diags, errorAt(summaryUnsupportedArg,
			fmt.Sprintf("An argument named %q is not expected at the top level: a file holds `type`, `resource`, `variable` and `locals` blocks. Move it into a locals block, or remove it.", a.Name),
			a.NameRange, nil))
	}
	return diags
}

// unknownTopBlock rejects a top-level block other than type and resource.
func unknownTopBlock(b *hclsyntax.Block) *hcl.Diagnostic {
	var detail string
	switch b.Type {
	case "output", "module", "data", "provider", "terraform":
		detail = fmt.Sprintf("Blocks of type %q are not supported: a file holds `type`, `type_alias`, `resource`, `group`, `variable` and `locals` blocks. Remove it.", b.Type)
	default:
		detail = fmt.Sprintf("Blocks of type %q are not expected here: a file holds `type`, `type_alias`, `resource`, `group`, `variable` and `locals` blocks. Rename it or remove it.", b.Type)
		detail += words.DidYouMean(b.Type, topBlockNames)
	}
	return errorAt(summaryUnsupportedTop, detail, b.TypeRange, b.DefRange().Ptr())
}

// sortedAttrs returns a body's attributes in source order (the parser
// gives a map).
func sortedAttrs(attrs hclsyntax.Attributes) []*hclsyntax.Attribute {
	out := make([]*hclsyntax.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b *hclsyntax.Attribute) int { return a.SrcRange.Start.Byte - b.SrcRange.Start.Byte })
	return out
}

// sortDiagnostics orders diagnostics by file (in load order, other files
// such as --var-file last), then by position; diagnostics without a
// subject come first. The sort is stable.
func sortDiagnostics(diags hcl.Diagnostics, fileOrder map[string]int) {
	key := func(d *hcl.Diagnostic) (int, int) {
		if d.Subject == nil {
			return -1, 0
		}
		if i, ok := fileOrder[d.Subject.Filename]; ok {
			return i, d.Subject.Start.Byte
		}
		return len(fileOrder), d.Subject.Start.Byte // --var-file files
	}
	sort.SliceStable(diags, func(i, j int) bool {
		fi, bi := key(diags[i])
		fj, bj := key(diags[j])
		if fi != fj {
			return fi < fj
		}
		return bi < bj
	})
}

// withSchemaAdvice completes hcl's own "Unsupported argument" and
// "Unsupported block type" diagnostics from decoding a block with schema:
// it says what the block takes, before any "Did you mean".
func withSchemaAdvice(diags hcl.Diagnostics, block string, schema *hcl.BodySchema) hcl.Diagnostics {
	for _, d := range diags {
		var names []string
		switch d.Summary {
		case "Unsupported argument":
			for _, a := range schema.Attributes {
				names = append(names, a.Name)
			}
		case "Unsupported block type":
			for _, b := range schema.Blocks {
				names = append(names, b.Type)
			}
		default:
			continue
		}
		article := "a"
		if strings.ContainsAny(block[:1], "aeiou") {
			article = "an"
		}
		advice := fmt.Sprintf(" Remove it: %s %s block takes %s.", article, block, words.And(names))
		if len(names) == 0 {
			advice = fmt.Sprintf(" Remove it: %s %s block takes none.", article, block)
		}
		if i := strings.Index(d.Detail, " Did you mean"); i >= 0 {
			d.Detail = d.Detail[:i] + advice + d.Detail[i:]
		} else {
			d.Detail += advice
		}
	}
	return diags
}
