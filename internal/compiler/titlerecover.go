package compiler

import (
	"bytes"

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

// parseTitled parses src (a file, or a chunk starting at start) that
// holds resource titles with templates in one pass instead of two: it
// parses src with its title templates blanked (blankTitleLines) and,
// when that finds nothing wrong, gives each blanked title back the label
// and the refusal the parser gives the title as written (each parsed
// alone: a label does not depend on what precedes it). A parse of src as
// written would give that tree and those diagnostics: the refusals are
// the only error in it, so the parser's recovery after the first changes
// nothing else. ok is false (and src must be parsed as usual, then
// hiddenSyntaxErrors) when src has no title template or the blanked parse
// has diagnostics: a syntax error is reported as hiddenSyntaxErrors
// reports it. The class site of 100,000 resources parsed every chunk
// holding a title template twice and lexed it three times.
func parseTitled(src []byte, filename string, start hcl.Pos) (*hcl.File, hcl.Diagnostics, bool) {
	blanked, titles := blankTitleLines(src, filename, start)
	if len(titles) == 0 {
		return nil, nil, false
	}
	file, diags := hclsyntax.ParseConfig(blanked, filename, start)
	body, ok := file.Body.(*hclsyntax.Body)
	if len(diags) > 0 || !ok {
		return nil, nil, false
	}
	blocks := titledBlocks(body, titles)
	if len(blocks) != len(titles) {
		return nil, nil, false
	}
	for i, r := range titles {
		label, ldiags, ok := titleLabel(src, filename, start, r)
		if !ok {
			return nil, nil, false
		}
		for _, d := range ldiags {
			if isLabelTemplateDiag(d, titles) {
				diags = append(diags, d)
			}
		}
		blocks[i].Labels[1] = label
	}
	file.Bytes = src
	return file, diags, true
}

// titledBlocks are the resource blocks under body whose title label has
// one of the ranges titles (in source order, as titles are), at any
// depth.
func titledBlocks(body *hclsyntax.Body, titles []hcl.Range) []*hclsyntax.Block {
	at := make(map[hcl.Pos]int, len(titles))
	for i, r := range titles {
		at[r.Start] = i
	}
	out := make([]*hclsyntax.Block, len(titles))
	found := 0
	var walk func(*hclsyntax.Body)
	walk = func(b *hclsyntax.Body) {
		for _, blk := range b.Blocks {
			if blk.Type == "resource" && len(blk.LabelRanges) == 2 {
				if i, ok := at[blk.LabelRanges[1].Start]; ok && out[i] == nil && blk.LabelRanges[1] == titles[i] {
					out[i] = blk
					found++
				}
			}
			walk(blk.Body)
		}
	}
	walk(body)
	if found != len(titles) {
		return nil
	}
	return out
}

// titleLabel parses the quoted label at r (in src, which starts at
// start) alone, as the second label of a block header placed so that
// its ranges are the file's: the label and the diagnostics the parser
// gives it in place.
func titleLabel(src []byte, filename string, start hcl.Pos, r hcl.Range) (string, hcl.Diagnostics, bool) {
	from, to := r.Start.Byte-start.Byte, r.End.Byte-start.Byte
	if from < 0 || to > len(src) || from >= to || r.Start.Column < 3 {
		return "", nil, false
	}
	snippet := make([]byte, 0, to-from+8)
	snippet = append(snippet, "x "...)
	snippet = append(snippet, src[from:to]...)
	snippet = append(snippet, " {\n}\n"...)
	at := hcl.Pos{Line: r.Start.Line, Column: r.Start.Column - 2, Byte: r.Start.Byte - 2}
	file, diags := hclsyntax.ParseConfig(snippet, filename, at)
	body, ok := file.Body.(*hclsyntax.Body)
	if !ok || len(body.Blocks) != 1 || len(body.Blocks[0].Labels) != 1 || body.Blocks[0].LabelRanges[0] != r {
		return "", nil, false
	}
	return body.Blocks[0].Labels[0], diags, true
}

// blankTitleLines is blankTitleTemplates without lexing all of src:
// only the lines that hold `resource` and a template opening (`${` or
// `%{`) are lexed, each alone from its start, as src would be if the
// line is not inside a comment, a heredoc or a string (where a blanked
// label is no title: parseTitled finds no block for it and gives up).
// A title it misses stays a template, which the parse of the blanked
// source refuses: parseTitled gives up then too. src must start at a
// line's start.
func blankTitleLines(src []byte, filename string, start hcl.Pos) ([]byte, []hcl.Range) {
	if start.Column != 1 {
		return nil, nil
	}
	var out []byte
	var titles []hcl.Range
	line := start.Line
	for from := 0; from < len(src); line++ {
		end := bytes.IndexByte(src[from:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += from + 1
		}
		l := src[from:end]
		if bytes.Contains(l, []byte("resource")) && (bytes.Contains(l, []byte("${")) || bytes.Contains(l, []byte("%{"))) {
			at := hcl.Pos{Line: line, Column: 1, Byte: start.Byte + from}
			blanked, lt := blankTitleTemplates(l, filename, at)
			if len(lt) > 0 {
				if out == nil {
					out = append([]byte(nil), src...)
				}
				copy(out[from:end], blanked)
				titles = append(titles, lt...)
			}
		}
		from = end
	}
	return out, titles
}
