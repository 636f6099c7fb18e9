package types

import (
	"errors"
	"strings"

	"github.com/catc-dev/catc/internal/rubyregexp"
)

// newRegexp compiles a regexp literal or string parameter. A Ruby syntax
// error is an error (Puppet rejects the type); a construct RE2 cannot do
// is kept in Err, since Puppet accepts it and only catc cannot match it.
func newRegexp(src string) (*Regexp, error) {
	re, err := rubyregexp.Compile(src, "")
	if err == nil {
		return &Regexp{Source: src, Go: re}, nil
	}
	if isRubySyntaxError(err, src) {
		return nil, err
	}
	return &Regexp{Source: src, Err: err}, nil
}

// isRubySyntaxError tells a malformed regexp from an unsupported one: the
// error says so itself, or has Ruby's RegexpError form "message: /src/".
func isRubySyntaxError(err error, src string) bool {
	var s interface{ Syntax() bool }
	if errors.As(err, &s) {
		return s.Syntax()
	}
	return strings.HasSuffix(err.Error(), ": /"+src+"/")
}
