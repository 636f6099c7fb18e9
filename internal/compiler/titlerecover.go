package compiler

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// The parser refuses a template in a block label ("Invalid string
// literal"), which catc accepts in a resource's title and evaluates
// itself; but after that first error the parser is in recovery mode and
// reports no later syntax error of the file, so a file with a title
// template and a real syntax error below it would load as if it had
// none. hiddenSyntaxErrors finds them: it parses the source again with
// every title template written as a plain string of the same length.

// hiddenSyntaxErrors completes diags, the parser's diagnostics of src
// (starting at start): when they hold a title template's refusal, the
// errors of src parsed with its title templates blanked replace every
// diagnostic but those refusals.
func hiddenSyntaxErrors(src []byte, filename string, start hcl.Pos, diags hcl.Diagnostics) hcl.Diagnostics {
	if !hasLiteralRefusal(diags) {
		return diags
	}
	blanked, titles := blankTitleTemplates(src, filename, start)
	if len(titles) == 0 {
		return diags
	}
	var out hcl.Diagnostics
	for _, d := range diags {
		if isLabelTemplateDiag(d, titles) {
			out = append(out, d)
		}
	}
	_, more := hclsyntax.ParseConfig(blanked, filename, start)
	return append(out, more...)
}

func hasLiteralRefusal(diags hcl.Diagnostics) bool {
	for _, d := range diags {
		if d.Summary == "Invalid string literal" {
			return true
		}
	}
	return false
}

// blankTitleTemplates is src with the content of every resource title
// label that holds a template replaced by x's, and those labels' ranges.
// A label spanning lines is left as it is (blanking its newlines would
// move every later line).
func blankTitleTemplates(src []byte, filename string, start hcl.Pos) ([]byte, []hcl.Range) {
	toks, _ := hclsyntax.LexConfig(src, filename, start)
	var out []byte
	var titles []hcl.Range
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].Type != hclsyntax.TokenIdent || string(toks[i].Bytes) != "resource" || toks[i+1].Type != hclsyntax.TokenOQuote {
			continue
		}
		typeEnd, _ := labelEnd(toks, i+1)
		if typeEnd < 0 || typeEnd+1 >= len(toks) || toks[typeEnd+1].Type != hclsyntax.TokenOQuote {
			continue
		}
		end, templated := labelEnd(toks, typeEnd+1)
		if end < 0 || !templated {
			continue
		}
		from, to := toks[typeEnd+1].Range.End.Byte-start.Byte, toks[end].Range.Start.Byte-start.Byte
		if from < 0 || to > len(src) || from > to || toks[typeEnd+1].Range.Start.Line != toks[end].Range.Start.Line {
			continue
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for j := from; j < to; j++ {
			out[j] = 'x'
		}
		titles = append(titles, hcl.RangeBetween(toks[typeEnd+1].Range, toks[end].Range))
		i = end
	}
	return out, titles
}

// labelEnd is the index of the closing quote of the quoted label opened
// at toks[open] (-1: none), and whether the label holds a template
// sequence.
func labelEnd(toks hclsyntax.Tokens, open int) (int, bool) {
	depth, templated := 0, false
	for j := open + 1; j < len(toks); j++ {
		switch toks[j].Type {
		case hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			depth++
			templated = true
		case hclsyntax.TokenTemplateSeqEnd:
			depth--
		case hclsyntax.TokenOQuote:
			if depth == 0 {
				return -1, false
			}
		case hclsyntax.TokenCQuote:
			if depth == 0 {
				return j, templated
			}
		case hclsyntax.TokenNewline, hclsyntax.TokenEOF:
			if depth == 0 {
				return -1, false
			}
		}
	}
	return -1, false
}
