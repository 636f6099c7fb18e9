package rubyregexp

import (
	"errors"
	"fmt"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// goRejected wraps a Go compile failure of a translation (in practice a
// pattern beyond RE2's size limits) so users never see Go syntax.
func goRejected(src string, err error) *Error {
	reason := "it exceeds Go RE2's limits"
	var se *syntax.Error
	if errors.As(err, &se) {
		switch se.Code {
		case syntax.ErrInvalidRepeatSize:
			reason = "nested repeat counts multiply past Go RE2's limit of 1000"
		case syntax.ErrNestingDepth:
			reason = "groups are nested deeper than Go RE2 allows"
		case syntax.ErrLarge:
			reason = "the expression is larger than Go RE2 allows"
		}
	}
	return &Error{
		Msg:       fmt.Sprintf("regular expression /%s/ is not supported by catc (%s); simplify the pattern", src, reason),
		Construct: "pattern size",
	}
}

// rubyError is a pattern Ruby itself refuses, worded as Onigmo words it.
// shown is the source with its closing slash and options ("a(/x").
func rubyError(shown string, offset int, stem string) *Error {
	return &Error{Msg: stem + ": /" + rubySourceForMessage(shown), Offset: offset, Construct: stem, ruby: true}
}

// rubySourceForMessage prints the source as Ruby's error message does
// (rb_reg_expr_str): unchanged when every ASCII character in it is
// printable and there is no '/'; otherwise '/' gets a backslash, other ASCII
// controls but whitespace become \xHH and every non-ASCII character
// \uHHHH, escape pairs being copied as they are.
func rubySourceForMessage(shown string) string {
	body, opts := shown, ""
	if i := strings.LastIndexByte(shown, '/'); i >= 0 {
		body, opts = shown[:i], shown[i:]
	}
	if !needsMessageEscape(body) {
		return body + opts
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRuneInString(body[i:])
		switch {
		case r == '\\' && i+1 < len(body):
			_, next := utf8.DecodeRuneInString(body[i+1:])
			b.WriteString(body[i : i+1+next])
			i += 1 + next
			continue
		case r == '/':
			b.WriteString(`\/`)
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02X`, body[i])
		case r >= 0x10000:
			fmt.Fprintf(&b, `\u{%X}`, r)
		case r >= 0x80:
			fmt.Fprintf(&b, `\u%04X`, r)
		case r >= 0x20 && r < 0x7f, r >= '\t' && r <= '\r':
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, `\x%02X`, r)
		}
		i += size
	}
	return b.String() + opts
}

func needsMessageEscape(body string) bool {
	if !utf8.ValidString(body) {
		return true
	}
	for i := 0; i < len(body); i++ {
		if c := body[i]; c < 0x80 && (c == '/' || c < 0x20 || c == 0x7f) {
			return true
		}
	}
	return false
}

// unsupported is a construct Ruby accepts but RE2 cannot reproduce.
func unsupported(offset int, construct, why, advice string) *Error {
	return &Error{
		Msg: fmt.Sprintf("%s at offset %d is not supported by catc (%s); %s",
			construct, offset, why, advice),
		Offset:    offset,
		Construct: construct,
	}
}
