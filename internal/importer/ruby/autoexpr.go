package ruby

import (
	"strings"
	"sync"
)

// AutoTerm is one value of an auto relationship block as catc reads it
// from the Ruby: a literal title, an attribute's value (`self[:attr]`),
// or a function of catc's auto-rule language applied to terms.
type AutoTerm struct {
	// Title is a literal title (when Attr and Func are empty).
	Title string
	// Attr is the attribute of `self[:attr]`.
	Attr string
	// Func is the rule-language function the Ruby amounts to: "format"
	// (an interpolated string; Args[0] is the format text), "parent"
	// (Pathname#parent), "dirname" (File.dirname) or "absolute" (a value
	// kept only when Pathname#absolute? holds).
	Func string
	Args []AutoTerm
}

// autoExpr reads a block body of the shapes catc translates: a term, an
// array of terms (`.compact`, `.flatten` and `.uniq` change nothing catc
// can tell), optionally followed by `if COND` where COND tests the value
// itself (`x`, `Pathname.new(x).absolute?`, joined by &&). A term is
// `self[:attr]`, a string (interpolating only `self[:attr]`),
// `Pathname.new(t)`, `t.parent`, `t.to_s`, `File.dirname(t)` or `(t)`.
// ok is false for any other code.
func autoExpr(body []token, src []byte) (terms []AutoTerm, list, ok bool) {
	e := &exprParser{src: src}
	for _, t := range body {
		if t.kind != tNewline {
			e.ts = append(e.ts, t)
		}
	}
	if len(e.ts) == 0 {
		return nil, false, false
	}
	if e.is(tPunct, "[") {
		terms, ok = e.array()
		list = true
		for ok && e.is(tPunct, ".") && noOpMethods()[e.at(1).text] {
			e.i += 2
		}
	} else {
		var t AutoTerm
		t, ok = e.term()
		terms = []AutoTerm{t}
	}
	if ok && e.is(tIdent, "if") {
		e.i++
		terms, ok = e.guard(terms, list)
	}
	if !ok || e.i != len(e.ts) || len(terms) == 0 {
		return nil, false, false
	}
	return terms, list, true
}

// noOpMethods are the array methods after which the elements catc reads
// stay the same titles (built on first use, not at start-up).
var noOpMethods = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"compact": true, "flatten": true, "uniq": true}
})

type exprParser struct {
	ts  []token
	i   int
	src []byte
}

func (e *exprParser) at(k int) token {
	if e.i+k < len(e.ts) {
		return e.ts[e.i+k]
	}
	return token{kind: tEOF}
}

func (e *exprParser) is(kind tokKind, text string) bool {
	t := e.at(0)
	return t.kind == kind && t.text == text
}

// array reads `[t, t, …]`.
func (e *exprParser) array() ([]AutoTerm, bool) {
	e.i++ // [
	var out []AutoTerm
	for !e.is(tPunct, "]") {
		t, ok := e.term()
		if !ok {
			return nil, false
		}
		out = append(out, t)
		if e.is(tPunct, ",") {
			e.i++
		} else if !e.is(tPunct, "]") {
			return nil, false
		}
	}
	e.i++ // ]
	return out, true
}

// term reads a primary and its method calls.
func (e *exprParser) term() (AutoTerm, bool) {
	t, ok := e.primary()
	for ok && e.is(tPunct, ".") {
		switch e.at(1).text {
		case "parent":
			t = AutoTerm{Func: "parent", Args: []AutoTerm{t}}
		case "dirname":
			t = AutoTerm{Func: "dirname", Args: []AutoTerm{t}}
		case "to_s", "to_path", "to_str":
		default:
			return t, true // absolute? and others: for the caller
		}
		e.i += 2
	}
	return t, ok
}

func (e *exprParser) primary() (AutoTerm, bool) {
	t := e.at(0)
	switch {
	case t.kind == tIdent && t.text == "self":
		return e.selfAttr()
	case t.kind == tString:
		e.i++
		return e.str(t)
	case t.kind == tPunct && t.text == "(":
		e.i++
		in, ok := e.term()
		if !ok || !e.is(tPunct, ")") {
			return AutoTerm{}, false
		}
		e.i++
		return in, true
	case t.kind == tConst && (t.text == "Pathname" || t.text == "File"):
		call := "new"
		if t.text == "File" {
			call = "dirname"
		}
		if e.at(1).text != "." || e.at(2).text != call || e.at(3).text != "(" {
			return AutoTerm{}, false
		}
		e.i += 4
		in, ok := e.term()
		if !ok || !e.is(tPunct, ")") {
			return AutoTerm{}, false
		}
		e.i++
		if t.text == "File" {
			in = AutoTerm{Func: "dirname", Args: []AutoTerm{in}}
		}
		return in, true
	}
	return AutoTerm{}, false
}

// selfAttr reads `self[:attr]`.
func (e *exprParser) selfAttr() (AutoTerm, bool) {
	if e.at(1).text != "[" || e.at(2).kind != tSymbol || e.at(3).text != "]" {
		return AutoTerm{}, false
	}
	name := e.at(2).text
	e.i += 4
	return AutoTerm{Attr: name}, true
}

// str reads a string: a literal title, or an interpolation of
// self[:attr] values (a format). A literal starting with $ would read
// as an attribute in catc: refused.
func (e *exprParser) str(t token) (AutoTerm, bool) {
	if t.interp == nil {
		if strings.HasPrefix(t.str, "$") {
			return AutoTerm{}, false
		}
		return AutoTerm{Title: t.str}, true
	}
	if len(t.holes) == 0 {
		return AutoTerm{}, false
	}
	var format strings.Builder
	var args []AutoTerm
	last := 0
	for _, h := range t.holes {
		format.WriteString(strings.ReplaceAll(t.str[last:h.At], "%", "%%"))
		last = h.At
		arg, ok := e.hole(h)
		if !ok {
			return AutoTerm{}, false
		}
		format.WriteString("%s")
		args = append(args, arg)
	}
	format.WriteString(strings.ReplaceAll(t.str[last:], "%", "%%"))
	return AutoTerm{Func: "format", Args: append([]AutoTerm{{Title: format.String()}}, args...)}, true
}

// hole reads the code of one `#{…}`: a term (self[:attr] and the forms
// around it).
func (e *exprParser) hole(h hole) (AutoTerm, bool) {
	start, end := h.Rng.Start.Byte, h.Rng.End.Byte
	if end > len(e.src) || end-start < 3 || string(e.src[start:start+2]) != "#{" {
		return AutoTerm{}, false
	}
	toks, diags := lex("", e.src[start+2:end-1])
	if diags.HasErrors() {
		return AutoTerm{}, false
	}
	in := &exprParser{src: e.src[start+2 : end-1]}
	for _, t := range toks {
		if t.kind != tNewline && t.kind != tEOF {
			in.ts = append(in.ts, t)
		}
	}
	t, ok := in.term()
	return t, ok && in.i == len(in.ts)
}

// guard reads the condition of `VALUE if COND`: each part of COND (joined
// by &&) must test the value itself, its truth (an unset attribute adds
// nothing anyway) or Pathname.new(value).absolute?, which keeps only
// absolute paths.
func (e *exprParser) guard(terms []AutoTerm, list bool) ([]AutoTerm, bool) {
	if list || len(terms) != 1 {
		return nil, false
	}
	value := terms[0]
	absolute := false
	for {
		t, ok := e.term()
		if !ok || !sameTerm(t, value) {
			return nil, false
		}
		if e.is(tPunct, ".") && e.at(1).text == "absolute?" {
			e.i += 2
			absolute = true
		}
		if !e.is(tPunct, "&&") {
			break
		}
		e.i++
	}
	if absolute {
		value = AutoTerm{Func: "absolute", Args: []AutoTerm{value}}
	}
	return []AutoTerm{value}, true
}

func sameTerm(a, b AutoTerm) bool {
	if a.Title != b.Title || a.Attr != b.Attr || a.Func != b.Func || len(a.Args) != len(b.Args) {
		return false
	}
	for i := range a.Args {
		if !sameTerm(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}
