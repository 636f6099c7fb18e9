// Package ruby reads the literal subset of Ruby that Resource API type
// files use: it finds every `Puppet::ResourceApi.register_type(...)` call
// in a file and returns its arguments as literal values with their source
// ranges — strings in every quoting (with escapes, %q/%Q/%w/%i, heredocs,
// adjacent-string and backslash-newline joins), symbols, both hash
// syntaxes, arrays, numbers, regexps, true/false/nil.
//
// It is a real lexer and a recursive-descent parser, never a regexp over
// the source, but it is not a Ruby interpreter: anything that is not a
// literal (a constant, a method call, string interpolation, an operator
// expression) becomes a NonLiteral node naming the construct and its
// range, so that the importer can say what it dropped. It does not know
// what register_type means (package importer does).
//
// ParseNewtypes reads `Puppet::Type.newtype(:name) do … end` blocks as
// far as the importer uses them: the names of newparam, newproperty and
// ensurable, namevars, title_patterns, and each auto relationship block
// with its body's tokens classified as a simple shape or not.
package ruby
