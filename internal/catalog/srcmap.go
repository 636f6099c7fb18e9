package catalog

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// stringAttr evaluates a string-valued argument. A heredoc's final newline
// is dropped when trimHeredoc is set (type and pattern values).
func StringAttr(a *hcl.Attribute, src []byte, trimHeredoc bool) (string, hcl.Diagnostics) {
	v, diags := literalValue(a.Expr)
	if diags.HasErrors() {
		return "", diags
	}
	if v.IsNull() || !v.IsKnown() || v.Type().FriendlyName() != "string" {
		return "", hcl.Diagnostics{ErrorAt(SummaryInvalidValue,
			"The argument \""+a.Name+"\" must be a string.", a.Expr.Range(), a.Range.Ptr())}
	}
	s := v.AsString()
	if s == "" {
		if text, ok := maskedDesc(a.Expr.Range(), src); ok {
			s = text // a built-in desc (builtindesc.go)
		}
	}
	if trimHeredoc && isHeredoc(a.Expr.Range(), src) {
		s = strings.TrimSuffix(s, "\n")
	}
	return s, nil
}

// literalValue is the value of an expression, taken without evaluating it
// when it is a template of one string literal (which would rebuild the
// same string): most of the strings in a type block, built-in or not.
func literalValue(e hcl.Expression) (cty.Value, hcl.Diagnostics) {
	if t, ok := e.(*hclsyntax.TemplateExpr); ok && len(t.Parts) == 1 {
		if lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && lit.Val.IsWhollyKnown() && !lit.Val.IsNull() && !lit.Val.IsMarked() {
			return lit.Val, nil
		}
	}
	return EvalExpr(e, nil)
}

func isHeredoc(r hcl.Range, src []byte) bool {
	raw := RangeBytes(r, src)
	return bytes.HasPrefix(raw, []byte("<<"))
}

func RangeBytes(r hcl.Range, src []byte) []byte {
	if r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte > r.End.Byte {
		return nil
	}
	return src[r.Start.Byte:r.End.Byte]
}

// valueRange maps bytes [off, off+length) of the string value of the
// expression at r back to source: exactly for a quoted string without
// escapes and for a heredoc (line by line, past the stripped indent), the
// whole expression otherwise.
func ValueRange(r hcl.Range, src []byte, value string, off, length int) hcl.Range {
	if off < 0 || length < 0 || off+length > len(value) {
		return r
	}
	raw := RangeBytes(r, src)
	switch {
	case len(raw) >= 2 && raw[0] == '"' && string(raw[1:len(raw)-1]) == value:
		start := Advance(r.Start, raw[:1+off])
		return hcl.Range{Filename: r.Filename, Start: start, End: Advance(start, raw[1+off:1+off+length])}
	case bytes.HasPrefix(raw, []byte("<<")):
		if rr, ok := heredocRange(r, raw, value, off, length); ok {
			return rr
		}
	}
	return r
}

// heredocRange locates value bytes inside a heredoc: value line i is a
// suffix of body line i (the flush form strips a common indent).
func heredocRange(r hcl.Range, raw []byte, value string, off, length int) (hcl.Range, bool) {
	nl := bytes.IndexByte(raw, '\n')
	if nl < 0 {
		return r, false
	}
	lineIdx := strings.Count(value[:off], "\n")
	lineStart := strings.LastIndex(value[:off], "\n") + 1
	valLine := value[lineStart:]
	if e := strings.IndexByte(valLine, '\n'); e >= 0 {
		valLine = valLine[:e]
	}
	if off+length > lineStart+len(valLine) {
		return r, false // spans lines: blame the whole heredoc
	}
	body := raw[nl+1:]
	pos := Advance(r.Start, raw[:nl+1])
	for i := 0; i < lineIdx; i++ {
		e := bytes.IndexByte(body, '\n')
		if e < 0 {
			return r, false
		}
		pos = Advance(pos, body[:e+1])
		body = body[e+1:]
	}
	srcLine := body
	if e := bytes.IndexByte(srcLine, '\n'); e >= 0 {
		srcLine = srcLine[:e]
	}
	if !bytes.HasSuffix(srcLine, []byte(valLine)) {
		return r, false
	}
	prefix := len(srcLine) - len(valLine) + (off - lineStart)
	start := Advance(pos, srcLine[:prefix])
	return hcl.Range{Filename: r.Filename, Start: start, End: Advance(start, srcLine[prefix:prefix+length])}, true
}

// advance moves a position over text (columns count characters).
func Advance(p hcl.Pos, text []byte) hcl.Pos {
	for len(text) > 0 {
		c, size := utf8.DecodeRune(text)
		text = text[size:]
		p.Byte += size
		if c == '\n' {
			p.Line++
			p.Column = 1
			continue
		}
		p.Column++
	}
	return p
}
