package types

import (
	"fmt"
	"sort"
	"strings"
)

// Aliases is a table of Puppet type aliases (`type Mymod::Port =
// Integer[0, 65535]`), as a module's types/*.pp files define them. Names
// are looked up case-insensitively, as Puppet's loader does. Aliases may
// refer to each other in any order and to themselves through a structure
// (`Tree = Array[Variant[Integer, Tree]]`); they are resolved on first use.
type Aliases struct {
	byName map[string]*aliasEntry
}

type aliasEntry struct {
	name  string
	text  string
	alias *AliasType
	state aliasState
	err   error
}

type aliasState int

const (
	aliasPending aliasState = iota
	aliasResolving
	aliasDone
)

// Define adds an alias. The name must be a Puppet class reference
// (Mymod::Port: each segment capitalized); a name that is already defined,
// or that names a built-in type, is an error. The text is parsed later.
func (a *Aliases) Define(name, text string) error {
	if !validAliasName(name) {
		return fmt.Errorf("%q is not a valid type alias name: each segment of the name starts with an upper-case letter followed by letters, digits or _, segments separated by :: (e.g. Mymod::Port)", name)
	}
	lower := strings.ToLower(name)
	if isBuiltinName(lower) {
		return fmt.Errorf("%s is a built-in type and cannot be redefined (Puppet: \"Attempt to redefine entity\"); give the alias a module prefix such as Mymod::%s", name, name)
	}
	if a.byName == nil {
		a.byName = map[string]*aliasEntry{}
	}
	if prev, ok := a.byName[lower]; ok {
		return fmt.Errorf("the type alias %s is already defined (as %s)", name, prev.name)
	}
	a.byName[lower] = &aliasEntry{name: name, text: text}
	return nil
}

// Resolve returns the alias called name (nil when none is), parsing its
// type on first use, and the error of that parse. An alias that fails
// resolves to an unresolved reference.
func (a *Aliases) Resolve(name string) (*AliasType, error) {
	if a == nil {
		return nil, nil
	}
	e, ok := a.byName[strings.ToLower(name)]
	if !ok {
		return nil, nil
	}
	return a.resolve(e)
}

// Names are the aliases' names as defined, sorted.
func (a *Aliases) Names() []string {
	if a == nil {
		return nil
	}
	out := make([]string, 0, len(a.byName))
	for _, e := range a.byName {
		out = append(out, e.name)
	}
	sort.Strings(out)
	return out
}

// has reports whether an alias called name is defined, without resolving
// it.
func (a *Aliases) has(name string) bool {
	if a == nil {
		return false
	}
	_, ok := a.byName[strings.ToLower(name)]
	return ok
}

func (a *Aliases) resolve(e *aliasEntry) (*AliasType, error) {
	switch e.state {
	case aliasDone:
		return e.alias, e.err
	case aliasResolving:
		return e.alias, nil // a recursive reference: the same alias, filled in below
	}
	e.state = aliasResolving
	e.alias = &AliasType{Name: e.name}
	t, _, err := parseWith(e.text, false, a)
	if err == nil {
		t, err = realType(e.alias, t)
	}
	if err != nil {
		e.err = err
		e.alias.Resolved = &TypeReferenceType{Name: e.name}
	} else {
		e.alias.Resolved = t
	}
	e.state = aliasDone
	return e.alias, e.err
}

// realType removes direct self-references from a resolved alias body, as
// Puppet's normalization does (Variant[A, Integer] is Integer for A), and
// rejects a body that is nothing but the alias itself.
func realType(self *AliasType, t Type) (Type, error) {
	if v, ok := t.(*VariantType); ok {
		var kept []Type
		for _, m := range v.Types {
			if !reaches(m, self, nil) {
				kept = append(kept, m)
			}
		}
		switch {
		case len(kept) == 1:
			t = kept[0]
		case len(kept) < len(v.Types) && len(kept) > 0:
			t = &VariantType{Types: kept}
		}
	}
	if reaches(t, self, nil) {
		return nil, fmt.Errorf("Type alias '%s' cannot be resolved to a real type", self.Name)
	}
	return t, nil
}

// reaches reports whether t is self, directly or through a chain of
// aliases (or a Variant of them) with no structure in between.
func reaches(t Type, self *AliasType, seen []*AliasType) bool {
	switch t := t.(type) {
	case *AliasType:
		if t == self {
			return true
		}
		for _, s := range seen {
			if s == t {
				return false
			}
		}
		return t.Resolved != nil && reaches(t.Resolved, self, append(seen, t))
	case *VariantType:
		for _, m := range t.Types {
			if !reaches(m, self, seen) {
				return false
			}
		}
		return len(t.Types) > 0
	}
	return false
}

// validAliasName is Puppet's class reference: ((::)?[A-Z]\w*)+.
func validAliasName(name string) bool {
	if name == "" {
		return false
	}
	for _, seg := range strings.Split(name, "::") {
		if seg == "" || seg[0] < 'A' || seg[0] > 'Z' {
			return false
		}
		for i := 1; i < len(seg); i++ {
			c := seg[i]
			if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return false
			}
		}
	}
	return true
}

func isBuiltinName(lower string) bool {
	if _, ok := bareTypes()[lower]; ok {
		return true
	}
	if _, ok := accessRules()[lower]; ok {
		return true
	}
	if _, ok := pcoreObjects()[lower]; ok {
		return true
	}
	return builtinAlias(lower) != nil || unparameterized()[lower] || coreResourceTypes()[lower]
}

// ParseWith is Parse with a table of aliases: a name the table defines
// resolves to its *AliasType.
func ParseWith(s string, aliases *Aliases) (Type, error) {
	t, _, err := parseWith(s, false, aliases)
	return t, err
}
