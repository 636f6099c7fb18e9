package types

import "github.com/catc-dev/catc/internal/rubyregexp"

// Type is a parsed Puppet data type. Every implementation is a pointer to one
// of the structs in this file; callers inspect them with a type switch.
type Type interface {
	// String is the canonical form, as Puppet's TypeFormatter prints it
	// (String[-1] prints String[0]).
	String() string
	isType()
}

// Unbounded ends of integer ranges.
const (
	MinInt = -1 << 63
	MaxInt = 1<<63 - 1
)

// AnyType accepts every value, undef included.
type AnyType struct{}

// UndefType accepts only undef (null).
type UndefType struct{}

// DefaultType accepts only Puppet's `default` literal, which plain data cannot hold.
type DefaultType struct{}

// ScalarType accepts strings, numbers and booleans.
type ScalarType struct{}

// ScalarDataType accepts strings, numbers and booleans.
type ScalarDataType struct{}

// NumericType accepts integers and floats.
type NumericType struct{}

// NotUndefType accepts any value but undef that Type accepts (Type nil means Any).
// A string parameter (NotUndef['x']) is a *StringType with a Value.
type NotUndefType struct{ Type Type }

// OptionalType accepts undef or what Type accepts. A string parameter
// (Optional['x']) is a *StringType with a Value.
type OptionalType struct{ Type Type }

// VariantType accepts what any of its members accepts.
type VariantType struct{ Types []Type }

// IntegerType is an inclusive range; MinInt and MaxInt mean unbounded,
// unless ExplicitMin or ExplicitMax says that bound was written as a
// number: Puppet's integers are unbounded, so Integer[0,
// 9223372036854775807] has a real upper bound where Integer[0] has none
// (they match the same 64-bit values, but print, compare and assign
// differently). The flags are only ever set on a MinInt or MaxInt bound.
// FloatMax is set only when the upper bound was written as a Float
// (Integer[1, 1.0]): Max is then its floor, and the type prints the Float
// as Puppet does. It is a value, not a pointer, so that types compare with ==.
type IntegerType struct {
	Min, Max                 int64
	FloatMax                 float64
	HasFloat                 bool
	ExplicitMin, ExplicitMax bool
}

// lowOpen reports whether the range has no lower bound (-infinity).
func (t *IntegerType) lowOpen() bool { return t.Min == MinInt && !t.ExplicitMin }

// highOpen reports whether the range has no upper bound (+infinity).
func (t *IntegerType) highOpen() bool { return t.Max == MaxInt && !t.ExplicitMax }

// covers reports whether every integer of a is in t, with open ends as
// infinities (Puppet's PIntegerType assignability).
func (t *IntegerType) covers(a *IntegerType) bool {
	low := t.lowOpen() || !a.lowOpen() && t.Min <= a.Min
	high := t.highOpen() || !a.highOpen() && t.Max >= a.Max
	return low && high
}

// exactRange is the range lo..hi of finite bounds (an inferred value's:
// the value 9223372036854775807 is Integer[9223372036854775807,
// 9223372036854775807]).
func exactRange(lo, hi int64) *IntegerType {
	return &IntegerType{Min: lo, Max: hi, ExplicitMin: lo == MinInt, ExplicitMax: hi == MaxInt}
}

// joinRange is the smallest range holding x and y, open where either is.
func joinRange(x, y *IntegerType) *IntegerType {
	r := &IntegerType{Min: min(x.Min, y.Min), Max: max(x.Max, y.Max)}
	r.ExplicitMin = r.Min == MinInt && !x.lowOpen() && !y.lowOpen()
	r.ExplicitMax = r.Max == MaxInt && !x.highOpen() && !y.highOpen()
	return r
}

// FloatType is an inclusive range; -Inf and +Inf mean unbounded.
type FloatType struct{ Min, Max float64 }

// StringType accepts strings whose length in code points is within Size
// (nil: any length). Value is set only for a literal string type (the
// parameter of Optional['x'], or the inferred type of a string value).
type StringType struct {
	Size  *IntegerType
	Value *string
}

// BooleanType accepts true and false, or only *Value when it is set.
type BooleanType struct{ Value *bool }

// EnumType accepts one of Values (sorted, unique). CaseInsensitive compares
// with ASCII-only case folding.
type EnumType struct {
	Values          []string
	CaseInsensitive bool
}

// PatternType accepts strings in which any of Patterns finds a match
// anywhere; no patterns means any string.
type PatternType struct{ Patterns []*Regexp }

// RegexpType is the type of regular expression objects (never plain data).
// Pattern is nil for the bare Regexp type.
type RegexpType struct{ Pattern *Regexp }

// Regexp is a Ruby regular expression with its Go translation.
type Regexp struct {
	// Source is the Ruby source, without slashes and with `\/` unescaped.
	Source string
	// Go is the compiled translation, with its match bound; nil when
	// the source uses a construct that RE2 cannot reproduce, or is
	// beyond catc's bounds (Err says which).
	Go  *rubyregexp.Regexp
	Err error
}

// ArrayType accepts arrays whose elements Elem accepts, with a length within
// Size (nil: any length).
type ArrayType struct {
	Elem Type
	Size *IntegerType
}

// HashType accepts hashes whose keys Key accepts and values Value accepts,
// with a size within Size (nil: any size).
type HashType struct {
	Key, Value Type
	Size       *IntegerType
}

// TupleType accepts arrays whose element i is accepted by Types[min(i, n-1)].
// Size nil means exactly len(Types) elements (any array when Types is empty).
type TupleType struct {
	Types []Type
	Size  *IntegerType
}

// StructType accepts hashes with exactly the described keys.
type StructType struct{ Elements []StructElement }

// StructElement is one key of a Struct. Key is the key type as written:
// a *StringType with a Value, an *OptionalType or a *NotUndefType of one
// (or an *EnumType). Name is the key string.
type StructElement struct {
	Key   Type
	Name  string
	Value Type
}

// CollectionType accepts arrays and hashes with a size within Size.
type CollectionType struct{ Size *IntegerType }

// IterableType accepts strings, non-negative integers, arrays and hashes
// (Type nil), or those whose element type Type accepts.
type IterableType struct{ Type Type }

// SensitiveType accepts only Sensitive values whose content Type accepts
// (Type nil: any content). Type is generalized, as Puppet does
// (Sensitive[Integer[0, 10]] is Sensitive[Integer]); Declared keeps the
// parameter as written (nil: none), for SealSensitive.
type SensitiveType struct{ Type, Declared Type }

// AliasType is a named type alias. The built-in aliases are Data, RichData
// and RichDataKey; Resolved may refer back to the alias itself.
type AliasType struct {
	Name     string
	Resolved Type
}

// TypeReferenceType is a name Puppet could not resolve; every value fails
// against it ("references an unresolved type").
type TypeReferenceType struct{ Name string }

// OpaqueType is any other Puppet type (Timestamp, SemVer, Type[...],
// Callable, Runtime, Object, resource types ...): no plain data value is an
// instance of it. Name is its short name for messages (e.g. "Timestamp",
// "Resource"); Canonical is its full canonical form.
type OpaqueType struct {
	Name      string
	Canonical string
}

func (*AnyType) isType()           {}
func (*UndefType) isType()         {}
func (*DefaultType) isType()       {}
func (*ScalarType) isType()        {}
func (*ScalarDataType) isType()    {}
func (*NumericType) isType()       {}
func (*NotUndefType) isType()      {}
func (*OptionalType) isType()      {}
func (*VariantType) isType()       {}
func (*IntegerType) isType()       {}
func (*FloatType) isType()         {}
func (*StringType) isType()        {}
func (*BooleanType) isType()       {}
func (*EnumType) isType()          {}
func (*PatternType) isType()       {}
func (*RegexpType) isType()        {}
func (*ArrayType) isType()         {}
func (*HashType) isType()          {}
func (*TupleType) isType()         {}
func (*StructType) isType()        {}
func (*CollectionType) isType()    {}
func (*IterableType) isType()      {}
func (*SensitiveType) isType()     {}
func (*AliasType) isType()         {}
func (*TypeReferenceType) isType() {}
func (*OpaqueType) isType()        {}

func (t *AnyType) String() string           { return Format(t) }
func (t *UndefType) String() string         { return Format(t) }
func (t *DefaultType) String() string       { return Format(t) }
func (t *ScalarType) String() string        { return Format(t) }
func (t *ScalarDataType) String() string    { return Format(t) }
func (t *NumericType) String() string       { return Format(t) }
func (t *NotUndefType) String() string      { return Format(t) }
func (t *OptionalType) String() string      { return Format(t) }
func (t *VariantType) String() string       { return Format(t) }
func (t *IntegerType) String() string       { return Format(t) }
func (t *FloatType) String() string         { return Format(t) }
func (t *StringType) String() string        { return Format(t) }
func (t *BooleanType) String() string       { return Format(t) }
func (t *EnumType) String() string          { return Format(t) }
func (t *PatternType) String() string       { return Format(t) }
func (t *RegexpType) String() string        { return Format(t) }
func (t *ArrayType) String() string         { return Format(t) }
func (t *HashType) String() string          { return Format(t) }
func (t *TupleType) String() string         { return Format(t) }
func (t *StructType) String() string        { return Format(t) }
func (t *CollectionType) String() string    { return Format(t) }
func (t *IterableType) String() string      { return Format(t) }
func (t *SensitiveType) String() string     { return Format(t) }
func (t *AliasType) String() string         { return Format(t) }
func (t *TypeReferenceType) String() string { return Format(t) }
func (t *OpaqueType) String() string        { return Format(t) }
