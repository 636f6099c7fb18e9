package types

import (
	"math"
	"strings"
)

// Format returns the canonical form of t, as Puppet's TypeFormatter prints
// it (to_s): Format(Parse(s)) is what Puppet prints for the type s.
func Format(t Type) string {
	f := typeFormatter{}
	f.typ(t)
	return f.b.String()
}

// formatExpanded is Format with type aliases expanded, as Puppet prints
// types in mismatch messages: a non-built-in alias prints as
// "Name = <resolved type>" (once, the bare name inside itself); the
// built-in aliases (Data, RichData, ...) print only their name.
func formatExpanded(t Type) string {
	f := typeFormatter{expand: true}
	f.typ(t)
	return f.b.String()
}

// typeFormatter builds the canonical form of a type.
type typeFormatter struct {
	b         strings.Builder
	expand    bool
	expanding []*AliasType
}

func (f *typeFormatter) w(s string) { f.b.WriteString(s) }

// list writes "[a, b]" with each element written by one function.
func (f *typeFormatter) list(parts ...func()) {
	f.w("[")
	for i, part := range parts {
		if i > 0 {
			f.w(", ")
		}
		part()
	}
	f.w("]")
}

func (f *typeFormatter) text(s string) func() { return func() { f.w(s) } }
func (f *typeFormatter) child(t Type) func()  { return func() { f.typ(t) } }
func (f *typeFormatter) texts(ss []string) []func() {
	parts := make([]func(), len(ss))
	for i, s := range ss {
		parts[i] = f.text(s)
	}
	return parts
}

// typ writes one type.
func (f *typeFormatter) typ(t Type) {
	switch t := t.(type) {
	case nil, *AnyType:
		f.w("Any")
	case *UndefType:
		f.w("Undef")
	case *DefaultType:
		f.w("Default")
	case *ScalarType:
		f.w("Scalar")
	case *ScalarDataType:
		f.w("ScalarData")
	case *NumericType:
		f.w("Numeric")
	case *IntegerType:
		f.w("Integer")
		if parts := integerRangeParts(t); len(parts) > 0 {
			f.list(f.texts(parts)...)
		}
	case *FloatType:
		f.w("Float")
		if parts := floatRangeParts(t); len(parts) > 0 {
			f.list(f.texts(parts)...)
		}
	case *StringType:
		f.w("String")
		if parts := fmtSizeParts(t.Size); len(parts) > 0 {
			f.list(f.texts(parts)...)
		}
	case *BooleanType:
		f.w("Boolean")
		if t.Value != nil {
			f.list(f.text(fmtBool(*t.Value)))
		}
	case *EnumType:
		f.enum(t)
	case *PatternType:
		f.w("Pattern")
		if len(t.Patterns) > 0 {
			parts := make([]string, len(t.Patterns))
			for i, r := range t.Patterns {
				parts[i] = rubyRegexpInspect(r.Source)
			}
			f.list(f.texts(parts)...)
		}
	case *RegexpType:
		f.w("Regexp")
		if t.Pattern != nil {
			f.list(f.text(rubyRegexpInspect(t.Pattern.Source)))
		}
	default:
		f.composite(t)
	}
}

// composite writes the types that contain other types.
func (f *typeFormatter) composite(t Type) {
	switch t := t.(type) {
	case *NotUndefType:
		f.w("NotUndef")
		if _, isAny := t.Type.(*AnyType); t.Type != nil && !isAny {
			f.list(f.literalOrType(t.Type))
		}
	case *OptionalType:
		f.w("Optional")
		if t.Type != nil {
			f.list(f.literalOrType(t.Type))
		}
	case *VariantType:
		f.w("Variant")
		f.members(t.Types)
	case *ArrayType:
		f.array(t)
	case *HashType:
		f.hash(t)
	case *TupleType:
		f.w("Tuple")
		if len(t.Types) > 0 {
			parts := make([]func(), 0, len(t.Types)+2)
			for _, m := range t.Types {
				parts = append(parts, f.child(m))
			}
			f.list(append(parts, f.texts(fmtSizeParts(t.Size))...)...)
		}
	case *StructType:
		f.structType(t)
	case *CollectionType:
		f.w("Collection")
		if parts := fmtSizeParts(t.Size); len(parts) > 0 {
			f.list(f.texts(parts)...)
		}
	case *IterableType:
		f.w("Iterable")
		if t.Type != nil {
			f.list(f.child(t.Type))
		}
	case *SensitiveType:
		f.w("Sensitive")
		if t.Type != nil {
			f.list(f.child(t.Type))
		}
	case *AliasType:
		f.alias(t)
	case *TypeReferenceType:
		f.w("TypeReference")
		f.list(f.text(puppetQuote(t.Name)))
	case *OpaqueType:
		f.w(t.Canonical)
	}
}

func (f *typeFormatter) members(ts []Type) {
	if len(ts) == 0 {
		return
	}
	parts := make([]func(), len(ts))
	for i, m := range ts {
		parts[i] = f.child(m)
	}
	f.list(parts...)
}

// literalOrType writes 'x' for a literal string type, else the type.
func (f *typeFormatter) literalOrType(t Type) func() {
	if s, ok := t.(*StringType); ok && s.Value != nil {
		return f.text(puppetQuote(*s.Value))
	}
	return f.child(t)
}

func (f *typeFormatter) enum(t *EnumType) {
	f.w("Enum")
	if len(t.Values) == 0 {
		return
	}
	parts := make([]string, 0, len(t.Values)+1)
	for _, v := range t.Values {
		parts = append(parts, puppetQuote(v))
	}
	if t.CaseInsensitive {
		parts = append(parts, "true")
	}
	f.list(f.texts(parts)...)
}

func fmtEmptyRange(r *IntegerType) bool { return r != nil && r.Min == 0 && r.Max == 0 }

func (f *typeFormatter) array(t *ArrayType) {
	f.w("Array")
	if fmtEmptyRange(t.Size) {
		f.w("[0, 0]")
		return
	}
	if _, isAny := t.Elem.(*AnyType); (isAny || t.Elem == nil) && t.Size == nil {
		return
	}
	f.list(append([]func(){f.child(t.Elem)}, f.texts(fmtSizeParts(t.Size))...)...)
}

func (f *typeFormatter) hash(t *HashType) {
	f.w("Hash")
	if fmtEmptyRange(t.Size) {
		f.w("[0, 0]")
		return
	}
	_, kAny := t.Key.(*AnyType)
	_, vAny := t.Value.(*AnyType)
	if (kAny || t.Key == nil) && (vAny || t.Value == nil) && t.Size == nil {
		return
	}
	f.list(append([]func(){f.child(t.Key), f.child(t.Value)}, f.texts(fmtSizeParts(t.Size))...)...)
}

// structType writes Struct[{k => V}]. A key prints as 'k', except that an
// optional key whose value rejects undef prints Optional['k'] and a
// required key whose value accepts undef prints NotUndef['k'].
func (f *typeFormatter) structType(t *StructType) {
	f.w("Struct")
	if len(t.Elements) == 0 {
		return
	}
	f.w("[{")
	for i, e := range t.Elements {
		if i > 0 {
			f.w(", ")
		}
		_, optional := e.Key.(*OptionalType)
		valueOptional := typeAcceptsUndef(e.Value, nil)
		name := puppetQuote(e.Name)
		switch {
		case optional && !valueOptional:
			f.w("Optional[" + name + "]")
		case !optional && valueOptional:
			f.w("NotUndef[" + name + "]")
		default:
			f.w(name)
		}
		f.w(" => ")
		f.typ(e.Value)
	}
	f.w("}]")
}

func (f *typeFormatter) alias(t *AliasType) {
	f.w(t.Name)
	if !f.expand || isBuiltinAlias(t) || t.Resolved == nil {
		return
	}
	for _, a := range f.expanding {
		if a == t {
			return
		}
	}
	f.expanding = append(f.expanding, t)
	f.w(" = ")
	f.typ(t.Resolved)
	f.expanding = f.expanding[:len(f.expanding)-1]
}

// fmtSizeParts is Puppet's range part of a size: nothing when unbounded,
// "default" for an unbounded lower end, no unbounded upper end.
func fmtSizeParts(r *IntegerType) []string {
	if r == nil {
		return nil
	}
	return integerRangeParts(r)
}

func integerRangeParts(r *IntegerType) []string {
	if r.lowOpen() && r.highOpen() {
		if r.HasFloat {
			return []string{"default", rubyFloat(r.FloatMax)}
		}
		return nil
	}
	from := "default"
	if !r.lowOpen() {
		from = fmtInt(r.Min)
	}
	if r.HasFloat {
		return []string{from, rubyFloat(r.FloatMax)}
	}
	if r.highOpen() {
		return []string{from}
	}
	return []string{from, fmtInt(r.Max)}
}

func floatRangeParts(r *FloatType) []string {
	lo, hi := math.IsInf(r.Min, -1), math.IsInf(r.Max, 1)
	switch {
	case lo && hi:
		return nil
	case hi:
		return []string{rubyFloat(r.Min)}
	case lo:
		return []string{"default", rubyFloat(r.Max)}
	}
	return []string{rubyFloat(r.Min), rubyFloat(r.Max)}
}

func fmtBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
