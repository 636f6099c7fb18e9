package rubyregexp

import (
	"regexp/syntax"
	"strings"
)

// Error is a Ruby regular expression that catc cannot use: either
// Ruby itself rejects it (Msg then has Onigmo's wording followed by
// ": /SRC/", as Ruby prints it), or it uses a construct Go's RE2 engine
// cannot reproduce exactly (Msg names the construct and says what to do).
type Error struct {
	// Msg is the complete message.
	Msg string
	// Offset is the byte offset in the Ruby source where the problem starts.
	Offset int
	// Construct names the offending construct in words ("lookahead (?=…)"),
	// or holds Onigmo's message stem for a malformed pattern.
	Construct string

	ruby bool // Ruby itself rejects the pattern
}

// Error returns Msg.
func (e *Error) Error() string { return e.Msg }

// Syntax reports whether Ruby itself rejects the pattern (Puppet then fails
// on the type), as opposed to a valid Ruby pattern catc cannot translate.
func (e *Error) Syntax() bool { return e.ruby }

// Translate turns a Ruby (Onigmo) regular expression into Go regexp
// syntax with the same match semantics for an unanchored boolean search and
// for named captures. src is the text between the slashes with `\/` already
// unescaped; flags holds the letters of a Ruby literal's options ("i", "m",
// "x" in any order; "o" and "u" are accepted and change nothing; for an
// invalid letter the error's Offset is its index in flags).
//
// Every construct RE2 lacks (back-references, look-around, atomic groups,
// possessive quantifiers, ...) and every one Go would silently read
// differently (class intersection, nested classes) is rejected with a
// *Error naming it and its offset; a pattern Ruby itself refuses gets
// Ruby's exact message (Syntax reports true), found in Ruby's order.
//
// A possessive quantifier on a literal character followed by another
// literal character (`c++/`) is read as the plain quantifier: it can never
// give back a character the next one needs, so the match is the same.
// Every other possessive quantifier is rejected.
//
// Two assertions are rewritten only where the rewrite is exact, and
// rejected elsewhere:
//   - `\Z` (end, or before a final "\n") becomes `(?:\n?\z)` when nothing
//     follows it in the pattern and it is not inside a named group.
//   - `\b` and `\B` are Unicode-aware in Ruby (é is a word character) and
//     ASCII-only in Go. When the character on one side is fixed by the
//     pattern (all word or all non-word, as `foo` in `\bfoo\b`), the test
//     of the other side becomes a consuming class at the very start or end
//     of the pattern (or a constant, when both sides are fixed).
//
// Residual divergences, which no RE2 rewrite removes:
//   - `^` is `(?m:^)`, except at the very end of the pattern where it is
//     rewritten exactly. Ruby's `^` never matches at the end of a string
//     that ends in "\n"; Go's does. They agree whenever what follows `^`
//     must consume a character (`^b`, `^\s+`, `^(?<a>.+)`); `/^$/` on "a\n"
//     matches in Go only. (No RE2 assertion tells that position from a line
//     start followed by a character: each one true at the latter is true at
//     the former.)
//   - Under `(?i)`: Ruby's multi-character folds (ß ~ ss) and its special
//     cases for ſ (U+017F) and the Kelvin sign (U+212A) are not reproduced.
//   - Unicode tables are Go's (Unicode 15); Ruby 3.1 has Unicode 13, so
//     code points assigned or reclassified since then may differ.
//   - Numbered captures are not part of the contract (Puppet reads only
//     named ones); the `\Z`, `\b` and `^` rewrites may widen the match span.
func Translate(src, flags string) (string, error) {
	out, err := translate(src, flags)
	if err != nil {
		return "", err
	}
	parsed, err := syntax.Parse(out, syntax.Perl)
	if err != nil {
		return "", goRejected(src, err)
	}
	if n := progSize(parsed); n > MaxInsts {
		return "", tooLarge(src, n) // bound.go
	}
	return out, nil
}

// translate is Translate without the final check that Go
// accepts the result (Compile gets that from compiling).
func translate(src, flags string) (string, error) {
	start, err := parseRegexpFlags(src, flags)
	if err != nil {
		return "", err
	}
	p := newRxParser(src, start)
	tree, err := p.parse()
	if err != nil {
		return "", err
	}
	e := &rxEmitter{src: src, hasNamed: p.hasNamed}
	var b strings.Builder
	if g := start.goFlags(); g != "" {
		b.WriteString("(?" + g + ")")
	}
	if err := e.emitTop(&b, tree); err != nil {
		return "", err
	}
	return b.String(), nil
}

// Compile translates a Ruby regexp literal's source and options
// (as in a title pattern `/…/mx`) and compiles it, within catc's bounds
// (bound.go). Every failure is a *Error.
func Compile(src, flags string) (*Regexp, error) {
	goSrc, err := translate(src, flags)
	if err != nil {
		return nil, err
	}
	return compileBounded(src, goSrc)
}
