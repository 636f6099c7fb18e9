package catalog

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/types"
)

// valueAdvice is the sentence that follows a type mismatch and says how
// to fix the value: the Enum's values (with the closest one), the
// unquoted or other numeric spelling when that one fits, else the type to
// use. A sensitive value is never inspected, so its advice never hints at
// it.
func valueAdvice(t types.Type, v types.Value, sensitive bool) string {
	inner := t
	if o, ok := inner.(*types.OptionalType); ok {
		inner = o.Type
	}
	if e, ok := inner.(*types.EnumType); ok {
		return enumAdvice(e, v, sensitive)
	}
	if !sensitive {
		if alt, text, ok := respelled(v); ok {
			if _, fits := types.Check("", t, alt); fits {
				return "Write " + text + "."
			}
		}
	}
	if isPatterns(inner) {
		return "Use a string that one of the patterns matches."
	}
	return fmt.Sprintf("Use a value of type %s.", t)
}

// isPatterns reports whether t is a Pattern, or a Variant of them.
func isPatterns(t types.Type) bool {
	switch t := t.(type) {
	case *types.PatternType:
		return true
	case *types.VariantType:
		for _, m := range t.Types {
			if !isPatterns(m) {
				return false
			}
		}
		return len(t.Types) > 0
	}
	return false
}

// enumAdvice lists the allowed values, and names the closest one to a
// string value.
func enumAdvice(e *types.EnumType, v types.Value, sensitive bool) string {
	quoted := make([]string, len(e.Values))
	for i, s := range e.Values {
		quoted[i] = "'" + s + "'"
	}
	advice := "Use one of " + strings.Join(quoted, ", ") + "."
	if s, ok := v.(string); ok && !sensitive {
		if sug := NameSuggestion(s, e.Values); sug != "" {
			advice += fmt.Sprintf(" Did you mean %q?", sug)
		}
	}
	return advice
}

// respelled is v written another way a user may have meant: a quoted
// number or boolean without its quotes, an integral float as an integer,
// an integer as a float. text says how to write it.
func respelled(v types.Value) (alt types.Value, text string, ok bool) {
	switch v := v.(type) {
	case string:
		if i, err := strconv.ParseInt(v, 10, 64); err == nil {
			return i, v + " without quotes", true
		}
		if f, err := strconv.ParseFloat(v, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f, v + " without quotes", true
		}
		if b, err := strconv.ParseBool(v); err == nil && (v == "true" || v == "false") {
			return b, v + " without quotes", true
		}
	case int64:
		return float64(v), strconv.FormatInt(v, 10) + ".0 (a Float)", true
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			return int64(v), strconv.FormatInt(int64(v), 10) + " (an Integer)", true
		}
	}
	return nil, "", false
}

// listAnd joins names as "a", "a and b", "a, b and c".
func listAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// listOr joins names as "a", "a or b", "a, b or c".
func listOr(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// titlePatternAdvice lists the patterns a title must match. Setting the
// namevars as attributes does not help: Puppet splits every title.
func titlePatternAdvice(td *TypeDef) string {
	shown := make([]string, len(td.TitlePatterns))
	for i, p := range td.TitlePatterns {
		shown[i] = "/" + p.Source + "/"
		if p.Desc != "" {
			shown[i] += " (" + strings.TrimSpace(p.Desc) + ")"
		}
	}
	return fmt.Sprintf("Change the title to match one of the title patterns of %s: %s.", td.Name, strings.Join(shown, ", "))
}

// shortList joins at most max names with ", ", then "… (n more)".
func shortList(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, … (%d more)", strings.Join(names[:max], ", "), len(names)-max)
}

// aliasRanges is one range per alias value: the list element, or the
// whole value when it is a lone string or the counts differ.
func aliasRanges(arg *rawArg, n int) []hcl.Range {
	if len(arg.elemRanges) == n {
		return arg.elemRanges
	}
	out := make([]hcl.Range, n)
	for i := range out {
		out[i] = arg.exprRange
	}
	return out
}

// elemRange is the range of the i-th element of a list literal, or of
// the whole expression when it is not one.
func elemRange(expr hcl.Expression, i int) hcl.Range {
	if tup, ok := expr.(*hclsyntax.TupleConsExpr); ok && i < len(tup.Exprs) {
		return tup.Exprs[i].Range()
	}
	return expr.Range()
}

// withEvalAdvice completes hcl's diagnostics from evaluating an
// expression ("Unknown variable", "Unsupported attribute") with what to
// write instead, before any "Did you mean". It changes diags in place.
func withEvalAdvice(diags hcl.Diagnostics) hcl.Diagnostics {
	for _, d := range diags {
		operandAdvice(d)
		var advice string
		switch d.Summary {
		case "Unknown variable":
			advice = "Use var.NAME, local.NAME or facts.NAME, or each.key and each.value in a resource with for_each."
			if strings.Contains(d.Detail, `named "each"`) {
				advice = "each.key and each.value exist only in a resource block with for_each: add for_each, or write the value out."
			}
		case "Unsupported attribute":
			advice = scopeAttrAdvice(d.Expression)
		}
		if advice == "" {
			continue
		}
		if i := strings.Index(d.Detail, " Did you mean"); i >= 0 {
			d.Detail = d.Detail[:i] + " " + advice + d.Detail[i:]
		} else {
			d.Detail += " " + advice
		}
	}
	return diags
}

// operandAdvice gives an operand that arithmetic cannot convert (bounded.go)
// HCL's own summary and the operand's range.
func operandAdvice(d *hcl.Diagnostic) {
	detail, ok := strings.CutPrefix(d.Detail, "Error during operation: "+operandErrorPrefix)
	e, isOp := d.Expression.(*hclsyntax.BinaryOpExpr)
	if d.Summary != "Operation failed" || !ok || !isOp {
		return
	}
	d.Summary, d.Detail, d.Subject = "Invalid operand", operandErrorPrefix+detail, e.LHS.Range().Ptr()
	if strings.HasPrefix(detail, "right") {
		d.Subject = e.RHS.Range().Ptr()
	}
	d.Context = e.Range().Ptr()
}

// scopeAttrAdvice says where a missing var.x, local.x or facts.x comes
// from, or "" for another expression.
func scopeAttrAdvice(expr hcl.Expression) string {
	st, ok := expr.(*hclsyntax.ScopeTraversalExpr)
	if !ok || len(st.Traversal) < 2 {
		return ""
	}
	attr, ok := st.Traversal[1].(hcl.TraverseAttr)
	if !ok {
		return ""
	}
	switch st.Traversal.RootName() {
	case "var":
		return fmt.Sprintf("Declare it with a variable %q block, or fix the name.", attr.Name)
	case "local":
		return fmt.Sprintf("Define %s in a locals block, or fix the name.", attr.Name)
	case "facts":
		return fmt.Sprintf("Give the fact %s in the node's facts (--facts or --nodes), guard it with try(facts.%s, DEFAULT), or fix the name.", attr.Name, attr.Name)
	}
	return ""
}

// tagAdvice proposes a valid spelling of an invalid tag: each character a
// tag cannot hold becomes an underscore, and a tag must start with a
// letter, digit or underscore.
func tagAdvice(tag string) string {
	var b strings.Builder
	for i, r := range tag {
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_':
			b.WriteRune(r)
		case i > 0 && (r == ':' || r == '.' || r == '-'):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	fixed := b.String()
	if !validTag(fixed) {
		return "Remove the empty tag."
	}
	return fmt.Sprintf("Write it with only those characters, e.g. %s.", types.RubyInspectString(fixed))
}

// labelAdvice says how to fix a block with got labels instead of want;
// what names the labels it needs.
func labelAdvice(got, want int, what string) string {
	if got > want {
		return "Remove the extra labels."
	}
	return "Give it " + what + "."
}

// languageRef is where the input language is documented, in the
// repository (docs/language.md); advice cites its sections.
const languageRef = "docs/language.md"

// withSyntaxAdvice completes hcl's parse diagnostics. Its "Invalid escape
// sequence" is nearly always a regular expression (a title pattern, a
// Pattern type) copied from Ruby into a quoted string, where HCL reads
// \A as an escape: say how to write it. It changes diags in place.
func withSyntaxAdvice(diags hcl.Diagnostics) hcl.Diagnostics {
	for _, d := range diags {
		if d.Summary != "Invalid escape sequence" {
			continue
		}
		sym := "A"
		if i := strings.IndexByte(d.Detail, '"'); i >= 0 {
			if j := strings.IndexByte(d.Detail[i+1:], '"'); j > 0 {
				sym = d.Detail[i+1 : i+1+j]
			}
		}
		d.Detail += fmt.Sprintf(` In a quoted string a backslash starts an HCL escape: write \\%s for a regular expression's \%s, or use a heredoc (<<-EOT), which keeps backslashes as they are. See %s#escaping.`, sym, sym, languageRef)
	}
	return diags
}
