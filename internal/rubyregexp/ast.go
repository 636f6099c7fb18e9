package rubyregexp

import "fmt"

// The translator parses Ruby syntax into this small tree, then prints it as
// Go syntax (emit.go). A tree is needed because some rewrites depend
// on context: plain groups stop capturing once a named group exists anywhere,
// and `\Z` and `\b` are exact only in certain positions.

// rxNode is one of *rxAlt, *rxSeq, *rxGroup, *rxRepeat, *rxAtom, *rxAssert.
type rxNode interface{ rxNode() }

// rxAlt is an alternation; a single branch is a plain sequence.
type rxAlt struct{ branches []*rxSeq }

// rxSeq is a concatenation.
type rxSeq struct{ items []rxNode }

type rxGroupKind int

const (
	groupNonCapture rxGroupKind = iota
	groupCapture
	groupNamed
	groupFlags
)

// rxGroup is any parenthesised group. For groupFlags, on and off are Go
// flag letters (Ruby's m is Go's s; x has already been applied by parsing).
type rxGroup struct {
	kind    rxGroupKind
	name    string
	on, off string
	body    *rxAlt
}

// rxRepeat is a quantifier; max < 0 means unbounded.
type rxRepeat struct {
	sub      rxNode
	min, max int
	lazy     bool
	// possessive holds the rejection of a possessive quantifier until
	// its sequence is complete (settlePossessive).
	possessive *Error
}

// rxAtom matches exactly one character; text is already Go syntax and
// atomic (it can take a quantifier). fold records whether (?i) applies.
type rxAtom struct {
	text string
	fold bool
}

// rxAssert is an empty-width assertion: '^', '$', 'A', 'z', 'Z', 'b', 'B'.
type rxAssert struct {
	kind   byte
	offset int
}

func (*rxAlt) rxNode()    {}
func (*rxSeq) rxNode()    {}
func (*rxGroup) rxNode()  {}
func (*rxRepeat) rxNode() {}
func (*rxAtom) rxNode()   {}
func (*rxAssert) rxNode() {}

// rxFlags are Ruby's option letters in effect while parsing.
type rxFlags struct{ i, m, x bool }

// goFlags is the Go flag group content for top-level options.
func (f rxFlags) goFlags() string {
	s := ""
	if f.i {
		s += "i"
	}
	if f.m {
		s += "s"
	}
	return s
}

// rubySuffix is the options in the order Ruby prints them.
func (f rxFlags) rubySuffix() string {
	s := ""
	if f.m {
		s += "m"
	}
	if f.i {
		s += "i"
	}
	if f.x {
		s += "x"
	}
	return s
}

// parseRegexpFlags reads a Ruby literal's option letters.
func parseRegexpFlags(src, flags string) (rxFlags, error) {
	var f rxFlags
	for i, c := range flags {
		switch c {
		case 'i':
			f.i = true
		case 'm':
			f.m = true
		case 'x':
			f.x = true
		case 'o', 'u':
			// once-only interpolation and UTF-8: no effect on a literal's meaning
		case 'n', 'e', 's':
			return f, &Error{
				Msg: fmt.Sprintf("regexp option %q of /%s/ (a non-UTF-8 encoding) is not supported by catc "+
					"(Go matches UTF-8 text); remove the option", c, src),
				Offset: i, Construct: "encoding option",
			}
		default:
			return f, &Error{
				Msg:    fmt.Sprintf("unknown regexp option %q for /%s/; Ruby options are i, m and x", c, src),
				Offset: i, Construct: "option",
			}
		}
	}
	return f, nil
}
