// Package rubyregexp translates Ruby (Onigmo) regular expressions, as
// Puppet's Pattern[] types and the Resource API's title patterns write
// them, into Go's RE2 syntax with the same match semantics (Translate), and
// compiles them (Compile). It is shaped like regexp/syntax: a parser into
// a small tree of rx* nodes, an emitter, and one typed *Error.
//
// Every construct RE2 lacks or would read differently is rejected with an
// *Error naming it, its offset and what to do; a pattern Ruby itself
// refuses gets Ruby's exact message (Error.Syntax reports true). The
// residual divergences no RE2 rewrite removes are listed on Translate and
// checked against Ruby's own answers (testdata/regexp/ruby_cases.jsonl,
// made by testdata/regexp/oracle.rb).
//
// It does not know about Puppet types, HCL or source ranges: callers map
// Error.Offset to their own positions.
package rubyregexp
