package lsp

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// The completion context is found from tokens, not from a syntax tree: a
// half-typed file (the usual state while completing) often does not
// parse, but it always lexes, and braces say which block the cursor is in.

// frame is one open block (or an object's braces) around the cursor.
type frame struct {
	// block is the block type ("resource", "attribute", …); "" for an
	// object expression's braces.
	block  string
	labels []string
}

// cursor is what surrounds a position in a file.
type cursor struct {
	stack []frame
	// stmt are the tokens of the current statement before the cursor, at
	// the innermost block's level (brackets included).
	stmt []hclsyntax.Token
	// inString is set when the cursor is inside a quoted string, which
	// started at byte strStart (after the quote).
	inString bool
	strStart int
	// word is the partial word before the cursor and wordStart its first
	// byte: the text a completion replaces.
	word      string
	wordStart int
}

func (c cursor) top() frame {
	if len(c.stack) == 0 {
		return frame{}
	}
	return c.stack[len(c.stack)-1]
}

// atTop reports whether the cursor is where a resource block may open:
// the top level, or directly in a group block.
func (c cursor) atTop() bool {
	return len(c.stack) == 0 || len(c.stack) == 1 && c.stack[0].block == "group"
}

// inResource reports whether the cursor is directly in a resource block,
// at the top level or in a group.
func (c cursor) inResource() bool {
	return c.top().block == "resource" && (len(c.stack) == 1 || len(c.stack) == 2 && c.stack[0].block == "group")
}

// parent is the frame around the innermost one.
func (c cursor) parent() frame {
	if len(c.stack) < 2 {
		return frame{}
	}
	return c.stack[len(c.stack)-2]
}

// attrName is the argument whose value the cursor is in ("" at a name
// position).
func (c cursor) attrName() string {
	for i, t := range c.stmt {
		if t.Type == hclsyntax.TokenEqual && i > 0 && c.stmt[0].Type == hclsyntax.TokenIdent {
			return string(c.stmt[0].Bytes)
		}
	}
	return ""
}

// atName reports whether the cursor is where an argument or block name
// goes: the start of a statement, possibly in a partial word.
func (c cursor) atName() bool {
	return len(c.stmt) == 0 || len(c.stmt) == 1 && c.stmt[0].Type == hclsyntax.TokenIdent && c.stmt[0].Range.End.Byte >= c.wordStart+len(c.word)
}

// labelIndex is, for a statement that opens a block ("resource" "x" …),
// the index of the label the cursor is in, else -1.
func (c cursor) labelIndex() int {
	if len(c.stmt) == 0 || c.stmt[0].Type != hclsyntax.TokenIdent || c.attrName() != "" {
		return -1
	}
	n := 0
	for _, t := range c.stmt[1:] {
		if t.Type == hclsyntax.TokenCQuote {
			n++
		}
	}
	if c.inString {
		return n
	}
	if len(c.stmt) > 1 {
		return n // after a space, the next label
	}
	return -1
}

// blockWalk follows the blocks a token stream opens and closes, and the
// statement being written in the innermost one. A brace inside
// brackets, parentheses or a template interpolation belongs to an
// expression and opens no block; nor does a line break end a statement
// there.
type blockWalk struct {
	stack    []frame
	stmt     []hclsyntax.Token
	brackets int
}

// What a token did to the walk.
type walkStep int

const (
	stepToken  walkStep = iota // added to the statement
	stepOpen                   // opened a block (the stack's top)
	stepClose                  // closed the innermost block
	stepEnd                    // a line break ended the statement
	stepIgnore                 // a comment
)

func (w *blockWalk) step(t hclsyntax.Token) walkStep {
	switch t.Type {
	case hclsyntax.TokenOBrace:
		if w.brackets == 0 {
			w.stack = append(w.stack, blockFrame(w.stmt))
			w.stmt = nil
			return stepOpen
		}
		w.brackets++
	case hclsyntax.TokenCBrace:
		if w.brackets == 0 {
			if len(w.stack) > 0 {
				w.stack = w.stack[:len(w.stack)-1]
			}
			w.stmt = nil
			return stepClose
		}
		w.brackets--
	case hclsyntax.TokenOBrack, hclsyntax.TokenOParen, hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
		w.brackets++
	case hclsyntax.TokenCBrack, hclsyntax.TokenCParen, hclsyntax.TokenTemplateSeqEnd:
		w.brackets = max(w.brackets-1, 0)
	case hclsyntax.TokenNewline:
		if w.brackets == 0 {
			w.stmt = nil
			return stepEnd
		}
	case hclsyntax.TokenComment:
		return stepIgnore
	}
	w.stmt = append(w.stmt, t)
	return stepToken
}

// cursorAt analyses src at byte offset off.
func cursorAt(src []byte, filename string, off int) cursor {
	off = min(max(off, 0), len(src))
	// Only what precedes the cursor matters; a token cut at the cursor
	// is what is being typed.
	toks, _ := hclsyntax.LexConfig(src[:off], filename, hcl.InitialPos)
	var c cursor
	var w blockWalk
	for _, t := range toks {
		if t.Range.Start.Byte >= off || t.Type == hclsyntax.TokenEOF {
			break
		}
		switch w.step(t) {
		case stepEnd:
			c.inString = false
		case stepToken:
			switch t.Type {
			case hclsyntax.TokenOQuote:
				c.inString, c.strStart = true, t.Range.End.Byte
			case hclsyntax.TokenCQuote:
				c.inString = false
			}
		}
	}
	c.stack, c.stmt = w.stack, w.stmt
	c.wordStart = off
	if c.inString {
		c.wordStart = c.strStart
	} else {
		for c.wordStart > 0 && isWordByte(src[c.wordStart-1]) {
			c.wordStart--
		}
	}
	c.wordStart = min(c.wordStart, off)
	c.word = string(src[c.wordStart:off])
	return c
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == ':' || b == '.' || b == '$'
}

// blockFrame is the frame a `{` after stmt opens: a block when stmt is a
// name and labels, an object otherwise.
func blockFrame(stmt []hclsyntax.Token) frame {
	if len(stmt) == 0 || stmt[0].Type != hclsyntax.TokenIdent {
		return frame{}
	}
	f := frame{block: string(stmt[0].Bytes)}
	inQuote := false
	for i := 1; i < len(stmt); i++ {
		switch t := stmt[i]; {
		case t.Type == hclsyntax.TokenOQuote:
			label := ""
			if i+1 < len(stmt) && stmt[i+1].Type == hclsyntax.TokenQuotedLit {
				label = string(stmt[i+1].Bytes)
			}
			f.labels = append(f.labels, label)
			inQuote = true
		case t.Type == hclsyntax.TokenCQuote:
			inQuote = false
		case inQuote:
			// the label's text, a template included
		case t.Type == hclsyntax.TokenIdent:
			f.labels = append(f.labels, string(t.Bytes))
		default:
			return frame{} // `name = {`: an object
		}
	}
	return f
}

// declaredAttributes are the labels of the attribute blocks written in
// the type block called typeName in src, from tokens: the type being
// edited rarely decodes, but its attribute names are still there.
func declaredAttributes(src []byte, filename, typeName string) []string {
	toks, _ := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	var w blockWalk
	var out []string
	for _, t := range toks {
		if w.step(t) != stepOpen || len(w.stack) != 2 {
			continue
		}
		typ, f := w.stack[0], w.stack[1]
		if typ.block == "type" && len(typ.labels) > 0 && typ.labels[0] == typeName && f.block == "attribute" && len(f.labels) == 1 {
			out = append(out, f.labels[0])
		}
	}
	return out
}
