package catalog

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// valueAdvice is the sentence that follows a type mismatch (msg, Puppet's
// message, which already names the expected type) and says how to fix the
// value, as briefly as it can: the Enum's values (with the closest one),
// another spelling of the value that fits (unquoted, quoted, in or out of
// a list, the other kind of number), the bound a number or a string's
// length is past; else it shows the value when msg does not. "" when there
// is nothing to add. A sensitive value is never inspected, so its advice
// never hints at it.
func ValueAdvice(t types.Type, v types.Value, sensitive bool, msg string) string {
	inner := baseType(t)
	if e, ok := inner.(*types.EnumType); ok {
		return enumAdvice(e, v, sensitive)
	}
	if !sensitive {
		alts := respellings(v)
		for _, alt := range alts {
			if _, fits := types.Check("", t, alt.value); fits {
				return "Write " + alt.text + "."
			}
		}
		if fix := elementFixes(t, v); fix != "" {
			return fix
		}
		if hint := boundsHint(inner, v); hint != "" {
			return hint
		}
		for _, alt := range alts { // "99" for Integer[0, 10]: both fixes
			if hint := boundsHint(inner, alt.value); hint != "" {
				return "Write " + alt.text + "; " + hint
			}
		}
	}
	if isPatterns(inner) {
		return "Use a string that one of the patterns matches."
	}
	if !sensitive && !valueShown(msg, v) {
		return "The value is " + shortValue(v) + "."
	}
	return ""
}

// withAdvice is a mismatch message and its advice as one text.
func WithAdvice(msg, advice string) string {
	if advice == "" {
		return msg + "."
	}
	return msg + ". " + advice
}

// baseType is t without the wrappers that do not change what a value
// should look like: Optional, NotUndef and aliases.
func baseType(t types.Type) types.Type {
	for range 100 { // aliases may nest; a loop of them ends here
		switch x := t.(type) {
		case *types.OptionalType:
			t = x.Type
		case *types.NotUndefType:
			t = x.Type
		case *types.AliasType:
			t = x.Resolved
		default:
			return t
		}
	}
	return t
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
		advice += words.DidYouMean(s, e.Values)
	}
	return advice
}

// respelling is v written another way a user may have meant, and how to
// write it.
type respelling struct {
	value types.Value
	text  string
}

// respellings are the other ways a user may have meant v, most likely
// first: a quoted number or boolean without its quotes, an integral float
// as an integer, an integer as a float, a number or boolean quoted, a
// value alone in a list, a list of one value as that value.
func respellings(v types.Value) []respelling {
	var out []respelling
	switch v := v.(type) {
	case string:
		if i, err := strconv.ParseInt(v, 10, 64); err == nil {
			out = append(out, respelling{i, v + " without quotes"})
		} else if f, err := strconv.ParseFloat(v, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			out = append(out, respelling{f, v + " without quotes"})
		}
		if b, err := strconv.ParseBool(v); err == nil && (v == "true" || v == "false") {
			out = append(out, respelling{b, v + " without quotes"})
		}
	case int64:
		out = append(out, respelling{float64(v), strconv.FormatInt(v, 10) + ".0 (a Float)"})
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			out = append(out, respelling{int64(v), strconv.FormatInt(int64(v), 10) + " (an Integer)"})
		}
	}
	switch v.(type) {
	case int64, float64, bool:
		s := shortValue(v)
		out = append(out, respelling{s, strconv.Quote(s) + " (a String)"})
	}
	switch x := v.(type) {
	case []types.Value:
		if len(x) == 1 {
			out = append(out, respelling{x[0], shortValue(x[0]) + " alone, not in a list"})
		}
	case *types.Hash:
	default:
		if v != nil {
			out = append(out, respelling{[]types.Value{v}, "[" + shortValue(v) + "] (a list)"})
		}
	}
	return out
}

// maxFixedElements bounds the elements elementFixes tries to respell:
// each try checks the whole value again.
const maxFixedElements = 64

// elementFixes finds, for a list or a hash that t rejects, respellings of
// its elements (one level down, in order, each kept when it removes a
// mismatch) that make it fit, and says the fix as Puppet's message names
// its place ("At entry 'port', write 443 without quotes."), or, for
// several, the value fixed when it is short ("Write [1, 2]."). "" when
// no respelling makes the value fit.
func elementFixes(t types.Type, v types.Value) string {
	elems, rebuild, place := elementsOf(v)
	if len(elems) == 0 || len(elems) > maxFixedElements {
		return ""
	}
	elems = append([]types.Value(nil), elems...)
	msg, _ := types.Check("", t, v)
	var fixes []string
	for i, e := range elems {
		for _, alt := range respellings(e) {
			elems[i] = alt.value
			altMsg, fits := types.Check("", t, rebuild(elems))
			if fits || mismatches(altMsg) < mismatches(msg) {
				msg = altMsg
				fixes = append(fixes, place(i)+", write "+alt.text)
				break
			}
			elems[i] = e
		}
	}
	fixed := rebuild(elems)
	if _, fits := types.Check("", t, fixed); !fits || len(fixes) == 0 {
		return ""
	}
	if len(fixes) == 1 {
		return "At " + fixes[0] + "."
	}
	if shown := shortValue(fixed); utf8.RuneCountInString(shown) <= maxShownValue {
		return "Write " + shown + "." // several places: the whole value is shorter
	}
	return ""
}

// elementsOf is the elements of a list or the values of a hash, how to
// build the same list or hash with other elements, and how Puppet's
// message names element i; nil for any other value.
func elementsOf(v types.Value) ([]types.Value, func([]types.Value) types.Value, func(int) string) {
	switch x := v.(type) {
	case []types.Value:
		return x, func(es []types.Value) types.Value { return es },
			func(i int) string { return "index " + strconv.Itoa(i) }
	case *types.Hash:
		if x == nil {
			return nil, nil, nil
		}
		return x.Values, func(es []types.Value) types.Value { return &types.Hash{Keys: x.Keys, Values: es} },
			func(i int) string { return "entry '" + x.Keys[i] + "'" }
	}
	return nil, nil, nil
}

// mismatches counts the mismatches of a message of types.Check: one a
// line.
func mismatches(msg string) int { return strings.Count(msg, "\n") + 1 }

// boundsHint says which bound a number, or a string's length, is past.
func boundsHint(t types.Type, v types.Value) string {
	switch t := t.(type) {
	case *types.IntegerType:
		if n, ok := v.(int64); ok {
			switch {
			case n < t.Min:
				return fmt.Sprintf("%d is below the minimum, %d.", n, t.Min)
			case n > t.Max:
				return fmt.Sprintf("%d is above the maximum, %d.", n, t.Max)
			}
		}
	case *types.FloatType:
		if f, ok := v.(float64); ok {
			switch {
			case f < t.Min:
				return fmt.Sprintf("%s is below the minimum, %s.", shortValue(f), shortValue(t.Min))
			case f > t.Max:
				return fmt.Sprintf("%s is above the maximum, %s.", shortValue(f), shortValue(t.Max))
			}
		}
	case *types.StringType:
		if s, ok := v.(string); ok && t.Size != nil && t.Value == nil {
			n := int64(utf8.RuneCountInString(s))
			switch {
			case n < t.Size.Min:
				return fmt.Sprintf("It has %d characters; the minimum is %d.", n, t.Size.Min)
			case n > t.Size.Max:
				return fmt.Sprintf("It has %d characters; the maximum is %d.", n, t.Size.Max)
			}
		}
	}
	return ""
}

// valueShown reports whether Puppet's message already shows the value: a
// string quoted, a number as Integer[n, n] or Float[n, n].
func valueShown(msg string, v types.Value) bool {
	switch v := v.(type) {
	case string:
		return strings.Contains(msg, "'"+v+"'") || strings.Contains(msg, strconv.Quote(v))
	case int64, float64:
		n := shortValue(v)
		return strings.Contains(msg, "["+n+", "+n+"]")
	}
	return false
}

// maxShownValue bounds the characters of a value shown in advice.
const maxShownValue = 60

// shortValue is v as HCL writes it, cut after maxShownValue characters.
func shortValue(v types.Value) string {
	var b strings.Builder
	writeHCLValue(&b, v)
	s := b.String()
	if utf8.RuneCountInString(s) > maxShownValue {
		s = string([]rune(s)[:maxShownValue]) + "…"
	}
	return s
}

// writeHCLValue writes v in HCL syntax, stopping once it is longer than
// shortValue shows.
func writeHCLValue(b *strings.Builder, v types.Value) {
	if b.Len() > 4*maxShownValue {
		return
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case string:
		b.WriteString(strconv.Quote(x))
	case []types.Value:
		b.WriteString("[")
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writeHCLValue(b, e)
		}
		b.WriteString("]")
	case *types.Hash:
		if x == nil || len(x.Keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{ ")
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			if hclsyntax.ValidIdentifier(k) {
				b.WriteString(k)
			} else {
				b.WriteString(strconv.Quote(k))
			}
			b.WriteString(" = ")
			writeHCLValue(b, x.Values[i])
		}
		b.WriteString(" }")
	default:
		b.WriteString("(not shown)")
	}
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
func aliasRanges(arg *RawArg, n int) []hcl.Range {
	if len(arg.ElemRanges) == n {
		return arg.ElemRanges
	}
	out := make([]hcl.Range, n)
	for i := range out {
		out[i] = arg.ExprRange
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

// evalExpr evaluates e in ctx, every diagnostic completed with
// withEvalAdvice.
func EvalExpr(e hcl.Expression, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	v, diags := e.Value(ctx)
	return v, withEvalAdvice(BudgetDiags(diags, BudgetOf(ctx, nil), e.Range()))
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
			if strings.Contains(d.Detail, `named "self"`) {
				advice = "self.title and self.name exist only in a define's body, and self.* in a collect block's where: in a class, write the class's name."
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
	detail, ok := strings.CutPrefix(d.Detail, "Error during operation: "+OperandErrorPrefix)
	e, isOp := d.Expression.(*hclsyntax.BinaryOpExpr)
	if d.Summary != "Operation failed" || !ok || !isOp {
		return
	}
	d.Summary, d.Detail, d.Subject = "Invalid operand", OperandErrorPrefix+detail, e.LHS.Range().Ptr()
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
	if !ValidTag(fixed) {
		return "Remove the empty tag."
	}
	return fmt.Sprintf("Write it with only those characters, e.g. %s.", types.RubyInspectString(fixed))
}

// labelAdvice says how to fix a block with got labels instead of want;
// what names the labels it needs.
func LabelAdvice(got, want int, what string) string {
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
func WithSyntaxAdvice(diags hcl.Diagnostics) hcl.Diagnostics {
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

const OperandErrorPrefix = "Unsuitable value for "
