package ruby

import "sync"
import "github.com/hashicorp/hcl/v2"

// Newtype is one `Puppet::Type.newtype(:name) do … end` block, as far as
// catc reads it: the names of its parameters and properties, which are
// namevars, their literal defaults, whether it defines refresh, and its
// auto relationship blocks when they are of a shape catc translates
// (autoExpr). Nothing else of the Ruby is read, and nothing is run.
type Newtype struct {
	Name         string
	Rng, NameRng hcl.Range
	Attrs        []*NewtypeAttr
	Autos        []*NewtypeAuto
	// TitlePatterns is where `title_patterns` is defined (nil when it is
	// not): a rule catc cannot read.
	TitlePatterns *hcl.Range
	// Refresh is where the type defines its refresh method (nil when it
	// does not): `def refresh`, `define_method(:refresh)`, or `alias` /
	// `alias_method` naming refresh, at the top of the block. Puppet's
	// agent refreshes a resource whose type responds to refresh.
	Refresh *hcl.Range
}

// NewtypeAttr is one `newparam`, `newproperty` or `ensurable`.
type NewtypeAttr struct {
	Name     string
	Property bool
	Namevar  bool // namevar: true, or isnamevar in its block
	Rng      hcl.Range
	// Default is the literal value of `defaultto` in its block (a string,
	// or a symbol's name), when HasDefault; Puppet sets it on every
	// resource that does not set the attribute.
	Default    string
	HasDefault bool
}

// NewtypeAuto is one `autorequire(:type) { … }` (or autobefore,
// autosubscribe, autonotify).
type NewtypeAuto struct {
	Kind, Type string
	Rng        hcl.Range // from the keyword to the block's end
	// Read is set when the block is one of the shapes catc translates
	// (autoExpr): Terms are then its values, List is set for an array.
	Read  bool
	Terms []AutoTerm
	List  bool
}

var autoKinds = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"autorequire": true, "autobefore": true, "autosubscribe": true, "autonotify": true}
})

// ParseNewtypes finds the Puppet::Type.newtype blocks of a Ruby file.
func ParseNewtypes(filename string, src []byte) ([]*Newtype, hcl.Diagnostics) {
	toks, diags := lex(filename, src)
	return newtypesIn(toks, src), diags
}

// newtypesIn finds the Puppet::Type.newtype blocks in a file's tokens.
func newtypesIn(toks []token, src []byte) []*Newtype {
	p := &parser{toks: toks, src: src}
	var out []*Newtype
	for p.tok().kind != tEOF {
		if nt := p.newtypeHere(); nt != nil {
			p.readNewtypeBody(nt)
			out = append(out, nt)
			continue
		}
		p.trackBlock()
		p.i++
	}
	return out
}

// newtypeHere recognises `[::]Puppet::Type.newtype(:name) do` at p.i and
// leaves p.i at the `do`.
func (p *parser) newtypeHere() *Newtype {
	k := 0
	if t := p.at(0); t.kind == tPunct && t.text == "::" {
		k = 1
	}
	want := []string{"Puppet", "::", "Type", ".", "newtype", "("}
	for j, w := range want {
		if t := p.at(k + j); t.text != w || t.kind == tString {
			return nil
		}
	}
	name, closing, do := p.at(k+6), p.at(k+7), p.at(k+8)
	if name.kind != tSymbol || closing.text != ")" || do.kind != tIdent || do.text != "do" {
		return nil
	}
	nt := &Newtype{Name: name.text, Rng: hcl.RangeBetween(p.at(0).rng, closing.rng), NameRng: name.rng}
	p.i += k + 8
	return nt
}

// readNewtypeBody walks the body from its `do` to its `end`, reading the
// statements at its top level.
func (p *parser) readNewtypeBody(nt *Newtype) {
	p.trackBlock() // the do
	p.i++
	depth, braces := len(p.blocks), 0
	var cur *NewtypeAttr
	for p.tok().kind != tEOF {
		t := p.tok()
		top := len(p.blocks) == depth && braces == 0 && p.prev().kind == tNewline
		switch {
		case top && t.kind == tIdent && (t.text == "newparam" || t.text == "newproperty"):
			if a := p.attrHead(t.text == "newproperty"); a != nil {
				nt.Attrs, cur = append(nt.Attrs, a), a
			}
		case top && t.kind == tIdent && t.text == "ensurable":
			cur = &NewtypeAttr{Name: "ensure", Property: true, Rng: t.rng}
			nt.Attrs = append(nt.Attrs, cur)
		case top && t.kind == tIdent && nt.Refresh == nil && definesRefresh(p):
			nt.Refresh = t.rng.Ptr()
		case t.kind == tIdent && t.text == "defaultto" && cur != nil && len(p.blocks) == depth+1 && p.prev().kind == tNewline:
			cur.Default, cur.HasDefault = literalDefault(p)
		case top && t.kind == tIdent && autoKinds()[t.text]:
			if a := p.autoBlock(); a != nil {
				nt.Autos = append(nt.Autos, a)
				continue
			}
		case t.kind == tIdent && t.text == "isnamevar" && cur != nil && len(p.blocks) == depth+1 && p.at(1).kind == tNewline:
			// a statement of its own: `isnamevar if x` may not run
			cur.Namevar = true
		case t.kind == tIdent && t.text == "title_patterns" && nt.TitlePatterns == nil:
			nt.TitlePatterns = t.rng.Ptr()
		case t.kind == tPunct && t.text == "{":
			braces++
		case t.kind == tPunct && t.text == "}":
			braces--
		}
		p.trackBlock()
		p.i++
		if len(p.blocks) < depth {
			return
		}
	}
}

// attrHead reads `newparam(:name, namevar: true)` at p.i without moving.
func (p *parser) attrHead(property bool) *NewtypeAttr {
	j := 1
	if p.at(j).text == "(" {
		j++
	}
	name := p.at(j)
	if name.kind != tSymbol {
		return nil
	}
	a := &NewtypeAttr{Name: name.text, Property: property, Rng: name.rng}
	for ; p.at(j).kind != tNewline && p.at(j).kind != tEOF && p.at(j).text != "do"; j++ {
		t := p.at(j)
		namevarKey := t.kind == tLabel && t.text == "namevar" ||
			t.kind == tSymbol && t.text == "namevar" && p.at(j+1).text == "=>"
		if namevarKey && (p.at(j+1).text == "true" || p.at(j+2).text == "true") {
			a.Namevar = true
		}
	}
	return a
}

// autoBlock reads `autorequire(:type) { … }` or `… do … end` at p.i and
// moves past it; nil (and p.i unmoved) when it is not of that form.
func (p *parser) autoBlock() *NewtypeAuto {
	kw := p.tok()
	open, typ, closing, body := p.at(1), p.at(2), p.at(3), p.at(4)
	if open.text != "(" || typ.kind != tSymbol || closing.text != ")" || !(body.text == "{" && body.kind == tPunct || body.text == "do" && body.kind == tIdent) {
		return nil
	}
	a := &NewtypeAuto{Kind: kw.text, Type: typ.text}
	p.i += 4
	var inner []token
	if body.text == "{" {
		inner = p.skipBraces()
	} else {
		inner = p.skipDoEnd()
	}
	a.Rng = hcl.RangeBetween(kw.rng, p.prev().rng)
	a.Terms, a.List, a.Read = autoExpr(inner, p.src)
	return a
}

// definesRefresh reports whether the statement at p.i defines the
// type's refresh method.
func definesRefresh(p *parser) bool {
	t := p.tok()
	k := 1
	if p.at(1).text == "(" {
		k = 2
	}
	named := func(tok token) bool {
		return (tok.kind == tIdent || tok.kind == tSymbol) && tok.text == "refresh"
	}
	switch t.text {
	case "def":
		return p.at(1).kind == tIdent && p.at(1).text == "refresh" && p.at(2).text != "."
	case "define_method", "alias_method":
		return named(p.at(k))
	case "alias":
		return named(p.at(1))
	}
	return false
}

// literalDefault reads `defaultto 'x'`, `defaultto(:x)` or `defaultto {
// 'x' }` at p.i: a string or symbol, nothing else (a default computed
// in Ruby is not known).
func literalDefault(p *parser) (string, bool) {
	k := 1
	closing := ""
	switch p.at(1).text {
	case "(":
		k, closing = 2, ")"
	case "{":
		k, closing = 2, "}"
	}
	v := p.at(k)
	if closing != "" && p.at(k+1).text != closing {
		return "", false
	}
	if closing == "" && p.at(k+1).kind != tNewline && p.at(k+1).kind != tEOF {
		return "", false
	}
	switch {
	case v.kind == tString && v.interp == nil:
		return v.str, true
	case v.kind == tSymbol && v.interp == nil:
		return v.text, true
	}
	return "", false
}

// skipBraces moves from a `{` past its `}`, returning the tokens between.
func (p *parser) skipBraces() []token {
	start, n := p.i+1, 0
	for ; p.tok().kind != tEOF; p.i++ {
		p.trackBlock()
		switch t := p.tok(); {
		case t.kind == tPunct && t.text == "{":
			n++
		case t.kind == tPunct && t.text == "}":
			n--
		}
		if n == 0 {
			p.i++
			return p.toks[start : p.i-1]
		}
	}
	return p.toks[start:p.i]
}

// skipDoEnd moves from a `do` past its `end`, returning the tokens between.
func (p *parser) skipDoEnd() []token {
	depth := len(p.blocks)
	start := p.i + 1
	for ; p.tok().kind != tEOF; p.i++ {
		p.trackBlock()
		if len(p.blocks) == depth && p.i > start-1 && p.tok().text == "end" {
			p.i++
			return p.toks[start : p.i-1]
		}
	}
	return p.toks[start:p.i]
}
