package types

import (
	"math"
	"slices"
	"strings"
)

// This file interprets a parsed expression into parameter values, the way
// Puppet's TypeParser does: literals become values, names become types,
// and every other expression is "not a valid type specification".

// valKind is the kind of an interpreted parameter value.
type valKind uint8

const (
	vUndef valKind = iota // undef, and what Puppet's interpreter yields as nil
	vType
	vString
	vInt
	vFloat
	vBool
	vDefault
	vRegexp
	vList
	vHash // items alternate key, value
)

// pval is an interpreted parameter, with the expression it came from.
type pval struct {
	kind  valKind
	t     Type
	s     string
	i     int64
	f     float64
	b     bool
	re    *Regexp
	items []pval
	n     *exprNode
}

// typeInterpreter evaluates nodes of one type string.
type typeInterpreter struct {
	src     string
	spans   map[any]srcSpan // where each type and regexp was written, when wanted
	aliases *Aliases        // the module aliases names may resolve to (nil: none)
}

// record notes where x was written.
func (in *typeInterpreter) record(x any, n *exprNode) {
	if in.spans != nil && n != nil {
		in.spans[x] = srcSpan{n.start, n.end}
	}
}

func (in *typeInterpreter) text(n *exprNode) string { return in.src[n.start:n.end] }

// invalid is Puppet's error for an expression that is not a type.
func (in *typeInterpreter) invalid(n *exprNode) error {
	return &ParseError{Msg: "The expression <" + in.text(n) + "> is not a valid type specification.",
		Offset: n.start, Length: n.end - n.start, Kind: KindInterpretation}
}

// errAt is an error of the given kind spanning n.
func (in *typeInterpreter) errAt(n *exprNode, kind ParseErrorKind, msg string) error {
	return &ParseError{Msg: msg, Offset: n.start, Length: n.end - n.start, Kind: kind}
}

func typeVal(t Type, n *exprNode) pval { return pval{kind: vType, t: t, n: n} }

// eval interprets one expression.
func (in *typeInterpreter) eval(n *exprNode) (pval, error) {
	v := pval{n: n}
	switch n.kind {
	case nQRef:
		t := in.resolveName(n)
		in.record(t, n)
		return typeVal(t, n), nil
	case nAccess:
		return in.evalAccess(n)
	case nBare, nString:
		v.kind, v.s = vString, n.text
	case nInt:
		if n.big {
			return v, in.bigInt(n)
		}
		v.kind, v.i = vInt, n.ival
	case nFloat:
		v.kind, v.f = vFloat, n.fval
	case nBool:
		v.kind, v.b = vBool, n.bval
	case nDefault:
		v.kind = vDefault
	case nUndef:
		v.kind = vUndef
	case nRegex:
		v.kind, v.re = vRegexp, n.re
		in.record(n.re, n)
	case nList:
		return in.evalList(n)
	case nHash:
		return in.evalHash(n)
	case nNeg:
		return in.evalNeg(n)
	default:
		return v, in.invalid(n)
	}
	return v, nil
}

func (in *typeInterpreter) bigInt(n *exprNode) error {
	return in.errAt(n, KindUnsupported, "the integer "+in.text(n)+
		" is beyond the 64-bit range catc supports (-9223372036854775808..9223372036854775807)")
}

func (in *typeInterpreter) evalList(n *exprNode) (pval, error) {
	v := pval{kind: vList, n: n, items: make([]pval, 0, len(n.args))}
	for _, a := range n.args {
		x, err := in.eval(a)
		if err != nil {
			return v, err
		}
		v.items = append(v.items, x)
	}
	return v, nil
}

// evalHash builds a hash; a repeated key keeps its first position and
// takes the last value (Ruby's Hash).
func (in *typeInterpreter) evalHash(n *exprNode) (pval, error) {
	v := pval{kind: vHash, n: n}
	keys := make([]string, 0, len(n.args)/2)
	for i := 0; i+1 < len(n.args); i += 2 {
		k, err := in.eval(n.args[i])
		if err != nil {
			return v, err
		}
		x, err := in.eval(n.args[i+1])
		if err != nil {
			return v, err
		}
		key := valueKey(k)
		if j := slices.Index(keys, key); j >= 0 {
			v.items[2*j+1] = x
			continue
		}
		keys = append(keys, key)
		v.items = append(v.items, k, x)
	}
	return v, nil
}

// valueKey identifies a value for hash-key equality.
func valueKey(v pval) string {
	switch v.kind {
	case vType:
		return "t" + Format(v.t)
	case vString:
		return "s" + v.s
	case vInt:
		return "i" + fmtInt(v.i)
	case vFloat:
		return "f" + rubyFloat(v.f)
	case vBool:
		if v.b {
			return "true"
		}
		return "false"
	case vDefault:
		return "default"
	case vRegexp:
		return "r" + v.re.Source
	case vUndef:
		return "undef"
	}
	var b strings.Builder
	b.WriteByte('[')
	for _, x := range v.items {
		b.WriteString(valueKey(x))
		b.WriteByte(',')
	}
	return b.String()
}

// evalNeg is Ruby's unary minus on the value: numbers negate, a string is
// itself (String#-@), anything else has no such method.
func (in *typeInterpreter) evalNeg(n *exprNode) (pval, error) {
	x := n.args[0]
	if x.kind == nInt && x.big {
		if x.bval {
			return pval{kind: vInt, i: math.MinInt64, n: n}, nil
		}
		return pval{}, in.bigInt(x)
	}
	v, err := in.eval(x)
	if err != nil {
		return v, err
	}
	v.n = n
	switch v.kind {
	case vInt:
		if v.i == math.MinInt64 {
			return v, in.bigInt(n)
		}
		v.i = -v.i
	case vFloat:
		v.f = -v.f
	case vString:
	default:
		return v, in.errAt(n, KindArgument, "unary minus needs a number, but "+in.text(x)+" is "+describeValue(v))
	}
	return v, nil
}

// describeValue names a value's kind for catc's own messages.
func describeValue(v pval) string {
	switch v.kind {
	case vType:
		return "the type " + Format(v.t)
	case vString:
		return "a string"
	case vInt:
		return "an integer"
	case vFloat:
		return "a float"
	case vBool:
		return "a boolean"
	case vDefault:
		return "default"
	case vRegexp:
		return "a regexp"
	case vList:
		return "an array"
	case vHash:
		return "a hash"
	}
	return "undef"
}

// rubyClass is the Ruby class name Puppet's messages show for a value.
func rubyClass(v pval) string {
	switch v.kind {
	case vType:
		return "Puppet::Pops::Types::" + puppetTypeClass(v.t)
	case vString:
		return "String"
	case vInt:
		return "Integer"
	case vFloat:
		return "Float"
	case vBool:
		if v.b {
			return "TrueClass"
		}
		return "FalseClass"
	case vDefault:
		return "Symbol"
	case vRegexp:
		return "Regexp"
	case vList:
		return "Array"
	case vHash:
		return "Hash"
	}
	return "NilClass"
}

// puppetTypeClass is the Ruby class implementing a type (PIntegerType ...).
func puppetTypeClass(t Type) string {
	switch t := t.(type) {
	case *AliasType:
		return "PTypeAliasType"
	case *TypeReferenceType:
		return "PTypeReferenceType"
	case *OpaqueType:
		switch t.Name {
		case "Error", "Deferred":
			return "PObjectType"
		case "Timestamp", "Timespan", "Binary", "Iterator", "Runtime", "Callable", "Resource", "Class", "Init", "Object", "TypeSet":
			return "P" + t.Name + "Type"
		case "SemVer":
			return "PSemVerType"
		case "SemVerRange":
			return "PSemVerRangeType"
		case "URI":
			return "PURIType"
		case "Type":
			return "PTypeType"
		case "CatalogEntry":
			return "PCatalogEntryType"
		}
		return "PAnyType"
	}
	name := Format(t)
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return "P" + name + "Type"
}
