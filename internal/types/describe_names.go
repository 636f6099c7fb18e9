package types

import (
	"math"
	"strings"
)

// className is Puppet's simple_name of a type's class (an alias answers its
// own name, an opaque type its short name).
func className(t Type) string {
	switch t := t.(type) {
	case *AliasType:
		return t.Name
	case *OpaqueType:
		return t.Name
	}
	return builtinClassName(t)
}

func builtinClassName(t Type) string {
	switch t.(type) {
	case *AnyType:
		return "Any"
	case *UndefType:
		return "Undef"
	case *DefaultType:
		return "Default"
	case *ScalarType:
		return "Scalar"
	case *ScalarDataType:
		return "ScalarData"
	case *NumericType:
		return "Numeric"
	case *NotUndefType:
		return "NotUndef"
	case *OptionalType:
		return "Optional"
	case *VariantType:
		return "Variant"
	case *IntegerType:
		return "Integer"
	case *FloatType:
		return "Float"
	case *StringType:
		return "String"
	case *BooleanType:
		return "Boolean"
	case *EnumType:
		return "Enum"
	case *PatternType:
		return "Pattern"
	case *RegexpType:
		return "Regexp"
	}
	return containerClassName(t)
}

func containerClassName(t Type) string {
	switch t.(type) {
	case *ArrayType:
		return "Array"
	case *HashType:
		return "Hash"
	case *TupleType:
		return "Tuple"
	case *StructType:
		return "Struct"
	case *CollectionType:
		return "Collection"
	case *IterableType:
		return "Iterable"
	case *SensitiveType:
		return "Sensitive"
	case *TypeReferenceType:
		return "TypeReference"
	}
	return "Any"
}

// shortName is TypeMismatch#short_name: the class name, with the name of
// the contained type for Optional, NotUndef, Sensitive, Iterable, Type,
// Iterator and Init (Sensitive[String], Type[Integer]).
func shortName(t Type) string {
	var inner Type
	switch t := t.(type) {
	case *OptionalType:
		inner = t.Type
	case *NotUndefType:
		inner = t.Type
	case *SensitiveType:
		inner = t.Type
	case *IterableType:
		inner = t.Type
	case *OpaqueType:
		return opaqueShortName(t)
	}
	if inner == nil || isAny(inner) {
		return className(t)
	}
	return className(t) + "[" + className(inner) + "]"
}

// opaqueShortName applies the contained-type rule to the opaque types that
// have one (Type[T], Iterator[T], Init[T]), taking the contained type's
// name from the canonical form.
func opaqueShortName(t *OpaqueType) string {
	switch t.Name {
	case "Type", "Iterator", "Init":
	default:
		return t.Name
	}
	rest, ok := strings.CutPrefix(t.Canonical, t.Name+"[")
	if !ok {
		return t.Name
	}
	end := strings.IndexAny(rest, "[,]")
	if end < 0 {
		return t.Name
	}
	inner := rest[:end]
	if inner == "Any" {
		return t.Name
	}
	return t.Name + "[" + inner + "]"
}

// defaultOf is the unparameterized type of t's class (Puppet's
// t.class::DEFAULT), which decides whether a mismatch is worth printing
// in detail.
func defaultOf(t Type) Type {
	switch t := t.(type) {
	case *AnyType, *UndefType, *DefaultType, *ScalarType, *ScalarDataType, *NumericType:
		return t
	case *NotUndefType:
		return &NotUndefType{}
	case *OptionalType:
		return &OptionalType{}
	case *VariantType:
		return &VariantType{}
	case *IntegerType:
		return &IntegerType{Min: MinInt, Max: MaxInt}
	case *FloatType:
		return &FloatType{math.Inf(-1), math.Inf(1)}
	case *StringType:
		return &StringType{}
	case *BooleanType:
		return &BooleanType{}
	case *EnumType:
		return &EnumType{}
	case *PatternType:
		return &PatternType{}
	case *RegexpType:
		return &RegexpType{}
	}
	return defaultOfContainer(t)
}

func defaultOfContainer(t Type) Type {
	switch t := t.(type) {
	case *ArrayType:
		return &ArrayType{}
	case *HashType:
		return &HashType{}
	case *TupleType:
		return &TupleType{}
	case *StructType:
		return &StructType{}
	case *CollectionType:
		return &CollectionType{}
	case *IterableType:
		return &IterableType{}
	case *SensitiveType:
		return &SensitiveType{}
	case *TypeReferenceType:
		return &TypeReferenceType{Name: "UnresolvedReference"}
	case *OpaqueType:
		return &OpaqueType{Name: t.Name, Canonical: t.Name}
	}
	// An alias of an alias: Puppet's default alias resolves to nothing.
	return &VariantType{}
}
