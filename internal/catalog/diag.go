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
	SummaryUnreadable      = inputfile.UnreadableSummary
	SummaryUnsupportedTop  = "Unsupported block type"
	SummaryUnsupportedArg  = "Unsupported argument"
	SummaryBlockLabels     = "Wrong block labels"
	summaryTypeAlias       = "Invalid type alias"
	SummaryUnexpectedBlock = "Unexpected block"
	SummaryInvalidValue    = "Invalid value"
	SummaryInvalidRef      = "Invalid resource reference"

	summaryTypeName        = "Invalid type name"
	summaryDuplicateType   = "Duplicate type definition"
	summaryBuiltinReplaced = "Built-in type replaced"
	summaryTypeDocs        = "Conflicting documentation"
	summaryNoDocs          = "Missing documentation"
	summaryNoAttributes    = "Missing attributes"
	summaryReservedAttr    = "Reserved attribute name"
	summaryDuplicateAttr   = "Duplicate attribute definition"
	summaryNoAttrType      = "Missing attribute type"
	SummaryAttrType        = "Invalid attribute type"
	summaryBehaviour       = "Invalid behaviour"
	summaryEnsureType      = "Invalid ensure type"
	SummaryUnknownFeature  = "Unknown feature"
	summaryNoNamevar       = "No namevar"
	summaryTitlePattern    = "Invalid title pattern"
	SummaryBadDefault      = "Invalid default"
	SummaryAutoRule        = "Invalid automatic relationship"
	summaryAutoUnknownType = "Unknown automatic relationship target"

	SummaryUnknownType      = "Unknown resource type"
	SummaryInvalidName      = "Invalid name"
	SummaryReservedWord     = "Reserved word"
	SummaryUnknownAttr      = "Unsupported attribute"
	SummaryMetaparam        = "Unsupported metaparameter"
	summaryShippedReplaced  = "Shipped module type replaced"
	summaryReadOnly         = "Read-only attribute"
	summaryTitleNoMatch     = "Title matches no title pattern"
	summaryNilNamevar       = "Missing namevar value"
	SummaryAttrValue        = "Invalid attribute value"
	SummaryMandatory        = "Missing mandatory attributes"
	SummaryDuplicate        = "Duplicate declaration"
	summaryAliasConflict    = "Duplicate uniqueness key"
	SummaryUnresolvedRef    = "Reference to nothing"
	summaryInvalidTag       = "Invalid tag"
	SummaryIntegerRange     = "Number out of range"
	summaryUnsupportedValue = "Unsupported value"

	SummaryDuplicateVariable  = "Duplicate variable"
	SummaryDuplicateLocal     = "Duplicate local value"
	SummaryVariableValue      = "Invalid variable value"
	SummaryUndeclaredVariable = "Undeclared variable"
	SummaryNumberBounds       = "Number too large"
	SummaryLocalCycle         = "Self-referencing local value"
)

func ErrorAt(summary, detail string, subject hcl.Range, context *hcl.Range) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: subject.Ptr(), Context: context}
}

func warningAt(summary, detail string, subject hcl.Range) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary, Detail: detail, Subject: subject.Ptr()}
}

// location is Puppet's "(file: F, line: L)".
func Location(r hcl.Range) string {
	return fmt.Sprintf("(file: %s, line: %d)", r.Filename, r.Start.Line)
}

// sortedAttrs returns a body's attributes in source order (the parser
// gives a map).
func SortedAttrs(attrs hclsyntax.Attributes) []*hclsyntax.Attribute {
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
func SortDiagnostics(diags hcl.Diagnostics, fileOrder map[string]int) {
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
func WithSchemaAdvice(diags hcl.Diagnostics, block string, schema *hcl.BodySchema) hcl.Diagnostics {
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
