package compiler

import (
	"bytes"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Where the syntax tree cannot say which values are secrets (a file that
// does not parse: the parser drops or cuts what follows an error, a
// duplicate argument, a `;`), the tokens still can: guessedRanges finds
// every value written after a name that may hold a secret, and those
// ranges are masked and redact diagnostics like any secret's range.

// guessedRanges are the source ranges of src (named filename) holding
// the value of an argument whose name guess accepts: from after the name
// to the end of its line, further while a bracket, a template or a
// heredoc stays open. An argument is a name followed by `=`, `==` or
// `:`, or a name that begins a line (`password "x"` is not an argument,
// but may be a secret). guess gets the name and the type of the
// top-level block around it ("" outside any); top-level names are
// arguments only when top is set (a var file), else block types.
func guessedRanges(src []byte, filename string, top bool, guess func(name, block string) bool) []hcl.Range {
	// A file checkInput refuses for what it is (too deep, not text, not
	// HCL) is not lexed either (unlexable): all of it may be a secret.
	if unlexable(src) {
		return []hcl.Range{wholeFile(src, filename)}
	}
	toks, _ := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	var out []hcl.Range
	depth := 0  // braces of blocks (values are skipped whole)
	block := "" // the top-level block's type
	lineStart := true
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		switch tok.Type {
		case hclsyntax.TokenNewline:
			lineStart = true
			continue
		case hclsyntax.TokenComment:
			lineStart = lineStart || bytes.HasSuffix(tok.Bytes, []byte("\n"))
			continue
		case hclsyntax.TokenOBrace:
			depth++
		case hclsyntax.TokenCBrace:
			if depth > 0 {
				depth--
			}
			if depth == 0 {
				block = ""
			}
		case hclsyntax.TokenIdent, hclsyntax.TokenOQuote:
			name, next := nameAt(toks, i)
			if tok.Type == hclsyntax.TokenIdent && depth == 0 && lineStart {
				block = name
			}
			if name != "" && (depth > 0 || top) && (lineStart || isAssign(toks, next)) && guess(name, block) {
				from := toks[next-1].Range.End
				if isAssign(toks, next) {
					from = toks[next].Range.End
				}
				end := valueEnd(toks, next)
				out = append(out, hcl.Range{Filename: filename, Start: from, End: toks[end].Range.Start})
				i = end - 1
			}
		}
		lineStart = false
	}
	return out
}

// nameAt is the name toks[i] begins, an identifier or a quoted one
// (`"password" = …` does not parse, but may be a secret), and the index
// of the token after it; "" when there is none.
func nameAt(toks hclsyntax.Tokens, i int) (string, int) {
	if toks[i].Type == hclsyntax.TokenIdent {
		return string(toks[i].Bytes), i + 1
	}
	if i+2 < len(toks) && toks[i+1].Type == hclsyntax.TokenQuotedLit && toks[i+2].Type == hclsyntax.TokenCQuote {
		return string(toks[i+1].Bytes), i + 3
	}
	return "", i + 1
}

// isAssign reports whether toks[i] makes the name before it an argument.
func isAssign(toks hclsyntax.Tokens, i int) bool {
	if i >= len(toks) {
		return false
	}
	switch toks[i].Type {
	case hclsyntax.TokenEqual, hclsyntax.TokenEqualOp, hclsyntax.TokenColon:
		return true
	}
	return false
}

// valueEnd is the index of the token that ends the value starting at
// toks[i]: the first line end (or comment) outside brackets, templates
// and heredocs, a bracket closing what it did not open (a one-line
// block's brace), or the end of the file.
func valueEnd(toks hclsyntax.Tokens, i int) int {
	open := 0
	for ; i < len(toks); i++ {
		switch toks[i].Type {
		case hclsyntax.TokenOBrace, hclsyntax.TokenOBrack, hclsyntax.TokenOParen,
			hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl, hclsyntax.TokenOHeredoc:
			open++
		case hclsyntax.TokenCBrace, hclsyntax.TokenCBrack, hclsyntax.TokenCParen,
			hclsyntax.TokenTemplateSeqEnd, hclsyntax.TokenCHeredoc:
			if open == 0 {
				return i
			}
			open--
		case hclsyntax.TokenNewline, hclsyntax.TokenComment:
			if open == 0 {
				return i
			}
		case hclsyntax.TokenEOF:
			return i
		}
	}
	return len(toks) - 1
}

// wholeFile is the range of all of src.
func wholeFile(src []byte, filename string) hcl.Range {
	end := hcl.Pos{Line: 1 + bytes.Count(src, []byte("\n")), Byte: len(src)}
	end.Column = 1 + len(src) - (bytes.LastIndexByte(src, '\n') + 1)
	return hcl.Range{Filename: filename, Start: hcl.InitialPos, End: end}
}
