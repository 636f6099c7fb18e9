package ruby

import "github.com/hashicorp/hcl/v2"

// Node is one argument value of a register_type call.
type Node interface {
	Range() hcl.Range
}

// Str is a string literal, after escapes and joins. Interp holds the range
// of the first interpolation (#{...}) when the string has one: its value
// is then not known and Value holds only the literal parts.
type Str struct {
	Value  string
	Interp *hcl.Range
	Rng    hcl.Range
}

// Sym is a symbol (:name, :"name", or a hash label name:).
type Sym struct {
	Name string
	Rng  hcl.Range
}

// Int is an integer literal, as written without underscores (base kept).
type Int struct {
	Text string
	Rng  hcl.Range
}

// Float is a float literal, as written without underscores.
type Float struct {
	Text string
	Rng  hcl.Range
}

// Bool is true or false.
type Bool struct {
	Value bool
	Rng   hcl.Range
}

// Nil is nil.
type Nil struct{ Rng hcl.Range }

// Regexp is /.../flags or %r{...}flags: Source is the pattern between
// the delimiters (an escaped delimiter unescaped), Flags the letters.
type Regexp struct {
	Source string
	Flags  string
	Interp *hcl.Range
	Rng    hcl.Range
}

// Array is [...], %w[...] or %i[...].
type Array struct {
	Elems []Node
	Rng   hcl.Range
}

// Pair is one key => value of a Hash.
type Pair struct {
	Key   Node
	Value Node
}

// Hash is {...}, or the trailing braceless hash of a call's arguments.
type Hash struct {
	Pairs []Pair
	Rng   hcl.Range
}

// NonLiteral is an expression that is not a literal. What names the
// construct in words ("the constant Nexus3::Config", "a method call
// `file_path`", "an expression with `+`"), Text is its source.
type NonLiteral struct {
	What string
	Text string
	Rng  hcl.Range
	// Augend is the literal left of a `+` that starts the expression
	// (['a'] + more): a sum's first part is known even when the rest is
	// not.
	Augend Node
}

func (n *Str) Range() hcl.Range        { return n.Rng }
func (n *Sym) Range() hcl.Range        { return n.Rng }
func (n *Int) Range() hcl.Range        { return n.Rng }
func (n *Float) Range() hcl.Range      { return n.Rng }
func (n *Bool) Range() hcl.Range       { return n.Rng }
func (n *Nil) Range() hcl.Range        { return n.Rng }
func (n *Regexp) Range() hcl.Range     { return n.Rng }
func (n *Array) Range() hcl.Range      { return n.Rng }
func (n *Hash) Range() hcl.Range       { return n.Rng }
func (n *NonLiteral) Range() hcl.Range { return n.Rng }

// Call is one register_type call.
type Call struct {
	// Args are the arguments; trailing key: value pairs without braces
	// are one Hash, as in Ruby.
	Args []Node
	// Rng covers the call from its receiver to its closing parenthesis;
	// NameRng the method name.
	Rng     hcl.Range
	NameRng hcl.Range
	// Conditional, when set, is the innermost if/unless/case/while/until
	// or method definition around the call: whether it runs is not known.
	Conditional *Enclosing
}

// Enclosing is a block keyword around a call, and where it was written.
type Enclosing struct {
	Keyword string
	Rng     hcl.Range
}

// File is what Parse found in one file.
type File struct {
	Calls []*Call
	// Newtypes are its Puppet::Type.newtype blocks, read only when it
	// has no register_type call.
	Newtypes []*Newtype
}
