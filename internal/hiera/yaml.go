package hiera

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"gopkg.in/yaml.v3"

	"github.com/catc-dev/catc/internal/types"
)

// A data file's YAML is read as Puppet reads it (Psych's safe_load with
// aliases and Symbol allowed): the values of plain scalars are typed by
// Psych's scalar scanner (YAML 1.1: yes/no/on/off are Booleans, 012 is
// octal, 1:30 is base 60, 1e3 is a String), quoted ones stay Strings, and
// a date or time is an error as Puppet's "Tried to load unspecified
// class". yaml.v3 gives the nodes with their positions; this file only
// types them.

// maxAliasValues bounds how many values the aliases of one file may
// expand to beyond the file's own nodes, so that a "billion laughs"
// document ends in an error instead of filling the memory (every later
// walk of the value would pay for the expansion again).
const maxAliasValues = 1 << 20

// maxDepth bounds the nesting of a data value.
const maxDepth = 1000

// yamlError is a problem at a position of a YAML document.
type yamlError struct {
	line, column int
	msg          string
}

func (e *yamlError) Error() string { return e.msg }

// yamlReader types the nodes of one document.
type yamlReader struct {
	budget int
	// sizes memoizes the expanded size of anchored nodes, vals their
	// values (made when a file has aliases or anchors: most have none).
	sizes map[*yaml.Node]int
	vals  map[*yaml.Node]types.Value
}

// badValue stands, in a data hash, for a value Puppet cannot hold (a
// Ruby Symbol, an infinite float): looking its key up is an error that
// names it, as Puppet's check of looked-up values does.
type badValue struct{ why string }

// topEntry is one top-level key of a data file.
type topEntry struct {
	value types.Value
	line  int
	col   int
	// plain is set when no string in the value holds "%{": it needs no
	// interpolation, and is returned as read.
	plain bool
	// bad is set when the value cannot be used (badValue's reason).
	bad string
	// origin is the Origins of a lookup that finds the entry, made once
	// for every node (for the level that found it last).
	origin atomic.Pointer[[1]Origin]
}

// origins are the Origins of a lookup that found the entry in file, at
// the level: one slice shared by every lookup, not one each.
func (e *topEntry) origins(file, level string) []Origin {
	if o := e.origin.Load(); o != nil && o[0].File == file && o[0].Level == level {
		return o[:]
	}
	o := &[1]Origin{{File: file, Line: e.line, Column: e.col, Level: level}}
	e.origin.Store(o)
	return o[:]
}

// decodeYAMLData reads a data file's YAML: its top-level mapping as
// entries in file order. An empty document is an empty hash, as Puppet
// reads it (with a warning Puppet prints; catc says nothing).
func decodeYAMLData(src []byte) (keys []string, entries map[string]*topEntry, notHash bool, err error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, nil, false, yamlSyntaxError(err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, map[string]*topEntry{}, false, nil
	}
	root := doc.Content[0]
	r := &yamlReader{budget: maxAliasValues}
	m := resolveAlias(root)
	if m.Kind != yaml.MappingNode || m.Tag == "!!set" {
		v, err := r.value(root, 0)
		if err != nil {
			return nil, nil, false, err
		}
		if v == nil || v == false {
			return nil, map[string]*topEntry{}, false, nil // Puppet: an empty file or `false` holds no data
		}
		return nil, map[string]*topEntry{}, true, nil
	}
	pairs, err := r.pairs(m, 0)
	if err != nil {
		return nil, nil, false, err
	}
	// the entries are allocated together, and the keys at their size:
	// a fleet reads thousands of files of a few keys each
	all := make([]topEntry, len(pairs))
	keys = make([]string, 0, len(pairs))
	entries = make(map[string]*topEntry, len(pairs))
	for i, p := range pairs {
		k := p.key
		e := &all[i]
		*e = topEntry{value: p.value, line: p.line, col: p.col}
		if b, ok := p.value.(badValue); ok {
			e.bad, e.value = b.why, nil
		} else if why := badInside(p.value); why != "" {
			e.bad, e.value = why, nil
		}
		e.plain = !needsInterpolation(e.value)
		if _, dup := entries[k]; !dup {
			keys = append(keys, k)
		}
		entries[k] = e
	}
	return keys, entries, false, nil
}

// yamlSyntaxError turns yaml.v3's error ("yaml: line 3: did not find
// expected key") into one with a line.
func yamlSyntaxError(err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if l, e := strconv.Atoi(n); e == nil {
				line, msg = l, after
			}
		}
	}
	return &yamlError{line: line, column: 1, msg: msg}
}

func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

type yamlPair struct {
	key       string // a non-String key as its text (key)
	value     types.Value
	line, col int
}

// pairs reads a mapping's pairs in order, with Psych's merge keys (<<)
// and its rule for duplicate keys (the last value, at the first place).
func (r *yamlReader) pairs(m *yaml.Node, depth int) ([]yamlPair, error) {
	out := make([]yamlPair, 0, len(m.Content)/2)
	index := make(map[string]int, len(m.Content)/2)
	set := func(p yamlPair) {
		if i, ok := index[p.key]; ok {
			out[i].value = p.value
			return
		}
		index[p.key] = len(out)
		out = append(out, p)
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		kn, vn := m.Content[i], m.Content[i+1]
		if kn.Kind == yaml.ScalarNode && kn.Value == "<<" && kn.Style == 0 {
			merged, ok, err := r.mergeKey(vn, depth)
			if err != nil {
				return nil, err
			}
			if ok {
				for _, p := range merged {
					set(p)
				}
				continue
			}
		}
		k, err := r.key(kn, depth)
		if err != nil {
			return nil, err
		}
		v, err := r.value(vn, depth+1)
		if err != nil {
			return nil, err
		}
		set(yamlPair{key: k, value: v, line: kn.Line, col: kn.Column})
	}
	return out, nil
}

// mergeKey reads the value of a << key: a mapping, an alias of one, or a
// list of them (the first one winning). ok is false when it is none of
// these, and the key is then an ordinary "<<".
func (r *yamlReader) mergeKey(vn *yaml.Node, depth int) ([]yamlPair, bool, error) {
	target := resolveAlias(vn)
	switch {
	case target.Kind == yaml.MappingNode:
		if vn.Kind == yaml.AliasNode {
			if err := r.spend(vn); err != nil {
				return nil, false, err
			}
		}
		ps, err := r.pairs(target, depth+1)
		return ps, err == nil, err
	case vn.Kind == yaml.SequenceNode:
		var all []yamlPair
		seen := map[string]bool{}
		for _, e := range vn.Content {
			t := resolveAlias(e)
			if t.Kind != yaml.MappingNode {
				return nil, false, nil
			}
			if e.Kind == yaml.AliasNode {
				if err := r.spend(e); err != nil {
					return nil, false, err
				}
			}
			ps, err := r.pairs(t, depth+1)
			if err != nil {
				return nil, false, err
			}
			for _, p := range ps {
				if !seen[p.key] {
					seen[p.key] = true
					all = append(all, p)
				}
			}
		}
		return all, true, nil
	}
	return nil, false, nil
}

// key is a mapping key: Psych's typed scalar, a Symbol read as its name.
func (r *yamlReader) key(kn *yaml.Node, depth int) (string, error) {
	if kn.Kind == yaml.ScalarNode && kn.Style&yaml.TaggedStyle == 0 && depth < maxDepth && (quoted(kn) || plainString(kn.Value)) {
		return kn.Value, nil // the String scalar would type it as, without boxing it in a Value
	}
	v, err := r.value(kn, depth+1)
	if err != nil {
		return "", err
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case badValue:
		if name, ok := strings.CutPrefix(x.why, symbolPrefix); ok {
			return name, nil
		}
		return x.why, nil
	case nil, bool, int64, float64:
		return keyText(x), nil
	}
	return types.RubyInspect(v), nil
}

// keyText is the string a non-String key is held under (catc's hashes
// have String keys): its Ruby to_s, as Puppet prints such a key.
func keyText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return types.RubyInspect(x)
	}
	return fmt.Sprint(v)
}

// spend charges the expansion of an alias to the budget.
func (r *yamlReader) spend(alias *yaml.Node) error {
	r.budget -= r.size(alias.Alias, 0)
	if r.budget < 0 {
		return &yamlError{line: alias.Line, column: alias.Column,
			msg: fmt.Sprintf("its aliases expand to more than %d values (an alias bomb?); write the data out, or use fewer nested aliases", maxAliasValues)}
	}
	return nil
}

// size is the number of values n expands to, aliases included.
func (r *yamlReader) size(n *yaml.Node, depth int) int {
	if n == nil || depth > maxDepth {
		return 1
	}
	if s, ok := r.sizes[n]; ok {
		return s
	}
	if r.sizes == nil {
		r.sizes = map[*yaml.Node]int{}
	}
	r.sizes[n] = 1 // a cycle counts once
	s := 1
	if n.Kind == yaml.AliasNode {
		s = r.size(n.Alias, depth+1)
	}
	for _, c := range n.Content {
		s += r.size(c, depth+1)
		if s > maxAliasValues {
			s = maxAliasValues + 1
			break
		}
	}
	r.sizes[n] = s
	return s
}

// value types one node.
func (r *yamlReader) value(n *yaml.Node, depth int) (types.Value, error) {
	if depth > maxDepth {
		return nil, &yamlError{line: n.Line, column: n.Column, msg: fmt.Sprintf("the data nests deeper than %d levels; flatten it", maxDepth)}
	}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, &yamlError{line: n.Line, column: n.Column, msg: "unknown alias " + n.Value}
		}
		if err := r.spend(n); err != nil {
			return nil, err
		}
		if v, ok := r.vals[n.Alias]; ok {
			return v, nil
		}
		return r.value(n.Alias, depth+1)
	case yaml.ScalarNode:
		return r.scalar(n)
	case yaml.SequenceNode:
		out := make([]types.Value, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := r.value(c, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		r.remember(n, out)
		return out, nil
	case yaml.MappingNode:
		ps, err := r.pairs(n, depth)
		if err != nil {
			return nil, err
		}
		h := &types.Hash{Keys: make([]string, 0, len(ps)), Values: make([]types.Value, 0, len(ps))}
		seen := make(map[string]int, len(ps))
		for _, p := range ps {
			k := p.key
			if i, ok := seen[k]; ok { // two keys with one text (1 and "1")
				h.Values[i] = p.value
				continue
			}
			seen[k] = len(h.Keys)
			h.Append(k, p.value)
		}
		r.remember(n, h)
		return h, nil
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return r.value(n.Content[0], depth)
	}
	return nil, &yamlError{line: n.Line, column: n.Column, msg: "unexpected YAML node"}
}

func (r *yamlReader) remember(n *yaml.Node, v types.Value) {
	if n.Anchor != "" {
		if r.vals == nil {
			r.vals = map[*yaml.Node]types.Value{}
		}
		r.vals[n] = v
	}
}

// scalar types a scalar as Psych does.
func (r *yamlReader) scalar(n *yaml.Node) (types.Value, error) {
	explicit := n.Style&yaml.TaggedStyle != 0
	if !explicit {
		if quoted(n) {
			return n.Value, nil
		}
		return r.plain(n)
	}
	switch n.Tag {
	case "!!str", "!str", "!ruby/string":
		return n.Value, nil
	case "!!float", "!float":
		v, err := r.plain(n)
		if err != nil {
			return nil, err
		}
		switch x := v.(type) {
		case float64:
			return x, nil
		case int64:
			return float64(x), nil
		}
		if f, err := strconv.ParseFloat(strings.TrimSpace(n.Value), 64); err == nil && !math.IsInf(f, 0) {
			return f, nil
		}
		return nil, &yamlError{line: n.Line, column: n.Column, msg: fmt.Sprintf("invalid value for Float(): %s", types.RubyInspectString(n.Value))}
	case "!!int", "!!bool", "!!null", "!!timestamp":
		return r.plain(n)
	case "!ruby/sym", "!ruby/symbol":
		return badValue{why: symbolPrefix + n.Value}, nil
	}
	if strings.HasPrefix(n.Tag, "!ruby/") || strings.HasPrefix(n.Tag, "!") {
		return nil, &yamlError{line: n.Line, column: n.Column, msg: fmt.Sprintf("Tried to load unspecified class: %s", strings.TrimPrefix(strings.TrimPrefix(n.Tag, "!ruby/object:"), "!"))}
	}
	return r.plain(n)
}

func (r *yamlReader) plain(n *yaml.Node) (types.Value, error) {
	v, class := psychTokenize(n.Value)
	if class != "" {
		return nil, &yamlError{line: n.Line, column: n.Column, msg: "Tried to load unspecified class: " + class}
	}
	return v, nil
}

// symbolPrefix starts the reason of a Symbol's badValue; the rest is its
// name.
const symbolPrefix = "a Ruby Symbol :"

var (
	psychWordy = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[^\d.:-]?[\p{L}_\s!@#$%^&*(){}<>|/\\~;=]+`) })
	psychTime  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$`)
	})
	psychDate   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`) })
	psychSexInt = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$`) })
	psychSexFlt = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$`) })
	psychFloat  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$`)
	})
	psychInteger = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$`)
	})
	psychYes = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)^(yes|true|on)$`) })
	psychNo  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)^(no|false|off)$`) })
)

// psychTokenize is Psych's ScalarScanner#tokenize for a plain scalar:
// the typed value, or the name of the Ruby class safe_load refuses
// (Date, Time).
func psychTokenize(s string) (types.Value, string) {
	if s == "" {
		return nil, ""
	}
	switch {
	case wordy(s):
		if len(s) > 5 {
			return s, ""
		}
		switch {
		case s == "~" || strings.EqualFold(s, "null"):
			return nil, ""
		case psychYes().MatchString(s):
			return true, ""
		case psychNo().MatchString(s):
			return false, ""
		}
		return s, ""
	case psychTime().MatchString(s):
		return nil, "Time"
	case psychDate().MatchString(s):
		// Psych asks its class loader for Date before it reads the date, so
		// even 2001-02-30 is refused
		return nil, "Date"
	case strings.EqualFold(s, ".inf") || strings.EqualFold(s, "+.inf") || strings.EqualFold(s, "-.inf") || strings.EqualFold(s, ".nan"):
		return badValue{why: "an infinite or not-a-number Float (" + s + ")"}, ""
	case len(s) > 1 && s[0] == ':':
		name := s[1:]
		if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') && strings.HasSuffix(name, name[:1]) {
			name = name[1 : len(name)-1]
		}
		return badValue{why: symbolPrefix + strings.TrimPrefix(name, ":")}, ""
	case psychSexInt().MatchString(s):
		return sexagesimal(s, false), ""
	case psychSexFlt().MatchString(s):
		return sexagesimal(s, true), ""
	case psychFloat().MatchString(s):
		if s == "." || s == "-." || s == "+." {
			return s, ""
		}
		t := strings.NewReplacer(",", "", "_", "").Replace(s)
		t = strings.TrimSuffix(t, ".")
		t = strings.Replace(t, ".e", "e", 1)
		t = strings.Replace(t, ".E", "E", 1)
		f, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsInf(f, 0) {
			return s, ""
		}
		return f, ""
	case psychInteger().MatchString(s):
		t := strings.NewReplacer(",", "", "_", "").Replace(s)
		n, err := strconv.ParseInt(t, 0, 64)
		if err != nil {
			return badValue{why: "an Integer beyond 64 bits (" + s + ")"}, ""
		}
		return n, ""
	}
	return s, ""
}

// quoted is whether a scalar is quoted (or a block scalar): a String.
func quoted(n *yaml.Node) bool {
	return n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0
}

// wordy is whether Psych's scanner reads a plain scalar as a word: a
// String, unless it is short enough to be a null or a Boolean.
func wordy(s string) bool {
	return startsWordy(s) || psychWordy().MatchString(s) || strings.Contains(s, "\n")
}

// plainString is whether psychTokenize types the plain scalar s as the
// String s.
func plainString(s string) bool {
	return s != "" && wordy(s) && (len(s) > 5 || !(s == "~" || strings.EqualFold(s, "null") || psychYes().MatchString(s) || psychNo().MatchString(s)))
}

// startsWordy is a quick psychWordy for the common case: a string that
// starts with an ASCII letter or "_" matches it (its optional first
// character left out, that one is in its class), without the regexp.
func startsWordy(s string) bool {
	c := s[0]
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// sexagesimal reads Psych's base-60 numbers: each part, with its own
// sign, times 60 to the power |i-2| (so 1:30 is 5400, as Psych has it).
func sexagesimal(s string, float bool) types.Value {
	var fi float64
	var ii int64
	for i, part := range strings.Split(s, ":") {
		mul := math.Pow(60, math.Abs(float64(i-2)))
		part = strings.ReplaceAll(part, "_", "")
		if float {
			f, _ := strconv.ParseFloat(strings.TrimSuffix(part, "."), 64)
			fi += f * mul
			continue
		}
		n, _ := strconv.ParseInt(part, 10, 64)
		ii += n * int64(mul)
	}
	if float {
		return fi
	}
	return ii
}

// badInside is the reason a nested value cannot be used, or "".
func badInside(v types.Value) string {
	switch x := v.(type) {
	case badValue:
		return x.why
	case []types.Value:
		for _, e := range x {
			if why := badInside(e); why != "" {
				return why
			}
		}
	case *types.Hash:
		for _, e := range x.Values {
			if why := badInside(e); why != "" {
				return why
			}
		}
	}
	return ""
}
