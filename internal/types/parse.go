package types

import (
	"strconv"
	"strings"
)

// ParseErrorKind says which part of Puppet's pipeline rejects a type string,
// which decides how the Resource API words the error.
type ParseErrorKind string

// The kinds of *ParseError.
const (
	// KindSyntax is a lexical or grammar error (Puppet::ParseErrorWithIssue):
	// the type "could not be parsed".
	KindSyntax ParseErrorKind = "syntax"
	// KindInterpretation is a well-formed expression that is no valid type
	// (Puppet::ParseError): the type "is not recognised".
	KindInterpretation ParseErrorKind = "interpretation"
	// KindArgument is a parameter Puppet rejects with a Ruby ArgumentError,
	// RegexpError or NoMethodError, which the Resource API does not catch.
	KindArgument ParseErrorKind = "argument"
	// KindUnsupported is a type Puppet accepts but catc does not: a limit of
	// catc (64-bit integers) or, from ParseData, a type no data value can match.
	KindUnsupported ParseErrorKind = "unsupported"
)

// ParseError is an error in a type string. Offset and Length are the byte
// span of the offending token or expression in the string.
type ParseError struct {
	// Msg is the message: Puppet's exact words where Puppet has them.
	Msg string
	// Offset is the byte offset in the type string of what is wrong.
	Offset int
	// Length is the byte length of what is wrong (0 at the end of input).
	Length int
	// Kind says which stage rejects the string.
	Kind ParseErrorKind
}

// Error returns Msg, which is Puppet's own message wherever Puppet has one.
func (e *ParseError) Error() string { return e.Msg }

// maxDepth bounds the nesting of brackets, so that no input exhausts the stack.
const maxDepth = 500

// Parse parses a Puppet type expression the way Puppet 7.23's TypeParser
// does: the same grammar (a whole Puppet program that must be one type
// expression), the same parameter rules and the same messages. Known names
// are the built-in types (in any case after an upper-case first letter),
// the aliases Data, RichData, RichDataKey, Puppet::LookupKey and
// Puppet::LookupValue (as *AliasType), Puppet's core resource types and
// the Pcore objects Error and Deferred; every other capitalized name is a
// *TypeReferenceType, as Puppet makes it when no module defines it.
// Types no data value matches are *OpaqueType with Puppet's canonical form.
// A regexp RE2 cannot run is kept with Go nil and Err set.
//
// Errors are *ParseError. Where Puppet crashes (NoMethodError) catc gives
// its own message; integers beyond 64 bits and heredocs inside the type
// string are catc's limits.
func Parse(s string) (Type, error) {
	t, _, err := parse(s, false)
	return t, err
}

func parse(s string, withSpans bool) (Type, map[any]srcSpan, error) {
	return parseWith(s, withSpans, nil)
}

func parseWith(s string, withSpans bool, aliases *Aliases) (Type, map[any]srcSpan, error) {
	if s == "Array[1]" {
		// Puppet's table of prebuilt types answers this string before
		// parsing, although the general rule rejects Array[2].
		return &ArrayType{Elem: &AnyType{}, Size: &IntegerType{Min: 1, Max: MaxInt}}, nil, nil
	}
	if strings.HasPrefix(s, "\xEF\xBB\xBF") {
		return nil, nil, &ParseError{Msg: "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source",
			Length: 3, Kind: KindSyntax}
	}
	p := &typeParser{lx: newTypeLexer(s), src: s}
	body, err := p.program()
	if err != nil {
		return nil, nil, err
	}
	in := &typeInterpreter{src: s, aliases: aliases}
	if withSpans {
		in.spans = map[any]srcSpan{}
	}
	if body == nil {
		return nil, nil, in.invalid(&exprNode{})
	}
	v, err := in.eval(body)
	if err != nil {
		return nil, nil, err
	}
	if v.kind != vType {
		return nil, nil, in.invalid(body)
	}
	return v.t, in.spans, nil
}

func fmtInt(i int64) string { return strconv.FormatInt(i, 10) }
