package types

import (
	"math"
	"strings"
	"sync"
)

// This file resolves type names: Puppet's built-in types (case-insensitive,
// first letter upper case), the built-in aliases, Puppet's core resource
// types and Pcore objects; any other name is a type reference.

// bareTypes builds each built-in type written without parameters.
var bareTypes = sync.OnceValue(func() map[string]func() Type {
	return map[string]func() Type{
		"any":          func() Type { return &AnyType{} },
		"undef":        func() Type { return &UndefType{} },
		"default":      func() Type { return &DefaultType{} },
		"scalar":       func() Type { return &ScalarType{} },
		"scalardata":   func() Type { return &ScalarDataType{} },
		"numeric":      func() Type { return &NumericType{} },
		"notundef":     func() Type { return &NotUndefType{} },
		"optional":     func() Type { return &OptionalType{} },
		"variant":      func() Type { return &VariantType{} },
		"integer":      func() Type { return &IntegerType{Min: MinInt, Max: MaxInt} },
		"float":        func() Type { return &FloatType{Min: math.Inf(-1), Max: math.Inf(1)} },
		"string":       func() Type { return &StringType{} },
		"boolean":      func() Type { return &BooleanType{} },
		"enum":         func() Type { return &EnumType{} },
		"pattern":      func() Type { return &PatternType{} },
		"regexp":       func() Type { return &RegexpType{} },
		"array":        func() Type { return &ArrayType{Elem: &AnyType{}} },
		"hash":         func() Type { return &HashType{Key: &AnyType{}, Value: &AnyType{}} },
		"tuple":        func() Type { return &TupleType{} },
		"struct":       func() Type { return &StructType{} },
		"collection":   func() Type { return &CollectionType{} },
		"iterable":     func() Type { return &IterableType{} },
		"sensitive":    func() Type { return &SensitiveType{} },
		"init":         opaque("Init"),
		"iterator":     opaque("Iterator"),
		"binary":       opaque("Binary"),
		"class":        opaque("Class"),
		"resource":     opaque("Resource"),
		"catalogentry": opaque("CatalogEntry"),
		"runtime":      opaque("Runtime"),
		"type":         opaque("Type"),
		"object":       opaque("Object"),
		"typealias":    opaque("TypeAlias"),
		"typereference": func() Type {
			return &OpaqueType{Name: "TypeReference", Canonical: "TypeReference"}
		},
		"typeset":     opaque("TypeSet"),
		"callable":    opaque("Callable"),
		"semver":      opaque("SemVer"),
		"semverrange": opaque("SemVerRange"),
		"timestamp":   opaque("Timestamp"),
		"timespan":    opaque("Timespan"),
		"uri":         opaque("URI"),
	}
})

func opaque(name string) func() Type {
	return func() Type { return &OpaqueType{Name: name, Canonical: name} }
}

// unparameterized are the built-in names that take no parameters.
var unparameterized = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"any": true, "undef": true, "default": true, "scalar": true, "scalardata": true,
		"numeric": true, "catalogentry": true, "semverrange": true, "binary": true,
		"typealias": true, "typereference": true,
	}
})

// coreResourceTypes are the resource types Puppet 7.23 itself defines.
// Types of modules (and catc's own HCL types) are not known to Parse.
var coreResourceTypes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"component": true, "exec": true, "file": true, "filebucket": true, "group": true,
		"notify": true, "package": true, "resources": true, "schedule": true, "service": true,
		"stage": true, "tidy": true, "user": true, "whit": true,
	}
})

// pcoreObjects are the Pcore object types the environment loader knows,
// with their canonical form as Puppet prints it.
var pcoreObjects = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"error":    `Object[{name => 'Error', type_parameters => {'kind' => Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]], 'issue_code' => Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]]}, attributes => {'msg' => String[1], 'kind' => {type => Optional[String[1]], value => undef}, 'details' => {type => Optional[Hash[String[1], Data]], value => undef}, 'issue_code' => {type => Optional[String[1]], value => undef}}, functions => {'message' => Callable[[0, 0], String[1]]}}]`,
		"deferred": `Object[{name => 'Deferred', attributes => {'name' => Pattern[/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/], 'arguments' => {type => Optional[Array], value => undef}}}]`,
	}
})

// typeName is a written name without a leading "::".
func typeName(written string) string { return strings.TrimPrefix(written, "::") }

// resolveName resolves a name written without parameters.
func (in *typeInterpreter) resolveName(n *exprNode) Type {
	name := typeName(n.text)
	lower := strings.ToLower(name)
	if mk, ok := bareTypes()[lower]; ok {
		return mk()
	}
	if a := builtinAlias(lower); a != nil {
		return a
	}
	if coreResourceTypes()[lower] {
		return &OpaqueType{Name: "Resource", Canonical: resourceTypeName(lower)}
	}
	if c, ok := pcoreObjects()[lower]; ok {
		return &OpaqueType{Name: capitalizeSegments(lower), Canonical: c}
	}
	if a, _ := in.aliases.Resolve(name); a != nil {
		return a
	}
	return &TypeReferenceType{Name: name}
}

// resourceTypeName is Puppet's spelling of a resource type: each segment
// capitalized (file → File, foo::bar → Foo::Bar).
func resourceTypeName(name string) string { return capitalizeSegments(strings.ToLower(name)) }

func capitalizeSegments(name string) string {
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(segs, "::")
}

// The built-in aliases, built once; Resolved of Data and RichData refers
// back to the alias itself.
var (
	dataAlias        = &AliasType{Name: "Data"}
	richDataKeyAlias = &AliasType{Name: "RichDataKey"}
	richDataAlias    = &AliasType{Name: "RichData"}
	lookupKeyAlias   = &AliasType{Name: "Puppet::LookupKey", Resolved: richDataKeyAlias}
	lookupValueAlias = &AliasType{Name: "Puppet::LookupValue", Resolved: richDataAlias}
)

func init() {
	dataAlias.Resolved = &VariantType{Types: []Type{
		&ScalarDataType{}, &UndefType{},
		&HashType{Key: &StringType{}, Value: dataAlias},
		&ArrayType{Elem: dataAlias},
	}}
	richDataKeyAlias.Resolved = &VariantType{Types: []Type{&StringType{}, &NumericType{}}}
	richDataAlias.Resolved = &VariantType{Types: []Type{
		&ScalarType{}, opaque("SemVerRange")(), opaque("Binary")(), &SensitiveType{},
		opaque("Type")(), opaque("TypeSet")(), opaque("URI")(), opaque("Object")(),
		&UndefType{}, &DefaultType{},
		&HashType{Key: richDataKeyAlias, Value: richDataAlias},
		&ArrayType{Elem: richDataAlias},
	}}
}

// builtinAlias returns the alias for a lower-case name, or nil.
func builtinAlias(lower string) *AliasType {
	switch lower {
	case "data":
		return dataAlias
	case "richdata":
		return richDataAlias
	case "richdatakey":
		return richDataKeyAlias
	case "puppet::lookupkey":
		return lookupKeyAlias
	case "puppet::lookupvalue":
		return lookupValueAlias
	}
	return nil
}

// isBuiltinAlias reports whether an alias is one Puppet prints by name only.
func isBuiltinAlias(a *AliasType) bool {
	switch a.Name {
	case "Data", "RichData", "RichDataKey", "Puppet::LookupKey", "Puppet::LookupValue":
		return true
	}
	return false
}
