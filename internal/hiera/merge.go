package hiera

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/rubyregexp"
	"github.com/catc-dev/catc/internal/types"
)

// Merge strategies as Puppet's MergeStrategy classes: first (and
// default) takes the first value found; unique flattens and joins arrays
// (a scalar counts as a one-element array); hash merges top-level keys,
// the higher level winning; deep merges recursively as the deep_merge
// gem does, with its options knockout_prefix, sort_merged_arrays and
// merge_hash_arrays.

// strategy is a merge strategy with its options.
type strategy struct {
	name string // first, default, unique, hash, deep
	// options are the options as given (strategy included), nil when
	// none: the explanation prints them.
	options *types.Hash
	ko      string
	koRx    *rubyregexp.Regexp
	sort    bool
	hashArr bool
}

var firstStrategy = &strategy{name: "default"}

var mergeTypes = sync.OnceValue(func() map[string]types.Type {
	m := map[string]types.Type{}
	for k, s := range map[string]string{
		"hash":         "Hash[String,Data]",
		"unique":       "Variant[Scalar,Array[Data]]",
		"opts:deep":    "Struct[{strategy=>Optional[Pattern[deep]],knockout_prefix=>Optional[String],merge_debug=>Optional[Boolean],merge_hash_arrays=>Optional[Boolean],sort_merged_arrays=>Optional[Boolean]}]",
		"opts:first":   "Struct[{strategy=>Optional[Pattern[/first/]]}]",
		"opts:default": "Struct[{strategy=>Optional[Pattern[/default/]]}]",
		"opts:unique":  "Struct[{strategy=>Optional[Pattern[/unique/]]}]",
		"opts:hash":    "Struct[{strategy=>Optional[Pattern[/hash/]]}]",
	} {
		t, err := types.Parse(s)
		if err != nil {
			panic(err)
		}
		m[k] = t
	}
	return m
})

// parseStrategy reads a merge as Puppet's MergeStrategy.strategy takes
// it: nil, a strategy name, or a hash with 'strategy' and options.
func parseStrategy(merge types.Value) (*strategy, error) {
	var name string
	var opts *types.Hash
	switch m := merge.(type) {
	case nil:
		return firstStrategy, nil
	case string:
		name = m
	case *types.Hash:
		s, ok := m.Get("strategy")
		if !ok || s == nil {
			return nil, &lookupError{msg: "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'"}
		}
		name, ok = s.(string)
		if !ok {
			return nil, &lookupError{msg: fmt.Sprintf("Unknown merge strategy: '%s'", keyText(s))}
		}
		if m.Len() > 1 {
			opts = m
		}
	default:
		return nil, &lookupError{msg: fmt.Sprintf("Unknown merge strategy: '%s'", types.RubyInspect(merge))}
	}
	switch name {
	case "first", "default", "unique", "hash", "deep":
	default:
		return nil, &lookupError{msg: fmt.Sprintf("Unknown merge strategy: '%s'", name)}
	}
	st := &strategy{name: name, options: opts}
	if opts == nil {
		return st, nil
	}
	if msg, ok := types.Check("The merge options has wrong type,", mergeTypes()["opts:"+name], opts); !ok {
		return nil, &lookupError{msg: msg}
	}
	if ko, ok := opts.Get("knockout_prefix"); ok && ko != nil {
		st.ko = ko.(string)
		if st.ko == "" {
			return nil, &lookupError{msg: "knockout_prefix cannot be an empty string in deep_merge!"}
		}
		rx, err := rubyregexp.Compile("^"+st.ko, "")
		if err != nil {
			return nil, &lookupError{msg: fmt.Sprintf("The knockout_prefix %q is not usable as the prefix of a Ruby regular expression: %v", st.ko, err)}
		}
		st.koRx = rx
	}
	st.sort = truthy(opts, "sort_merged_arrays")
	st.hashArr = truthy(opts, "merge_hash_arrays")
	return st, nil
}

func truthy(h *types.Hash, k string) bool {
	v, _ := h.Get(k)
	b, _ := v.(bool)
	return b
}

// isFirst reports whether s takes the first value found.
func (s *strategy) isFirst() bool { return s.name == "first" || s.name == "default" }

// optionsWithoutStrategy are the options the explanation prints.
func (s *strategy) optionsWithoutStrategy() *types.Hash {
	if s.options == nil {
		return nil
	}
	h := &types.Hash{}
	for i, k := range s.options.Keys {
		if k != "strategy" {
			h.Append(k, s.options.Values[i])
		}
	}
	if h.Len() == 0 {
		return nil
	}
	return h
}

// convert is MergeStrategy#convert_value: unique makes every value an
// array.
func (s *strategy) convert(v types.Value) types.Value {
	if s.name != "unique" {
		return v
	}
	if a, ok := v.([]types.Value); ok {
		return flatten(a, nil)
	}
	return []types.Value{v}
}

// single is MergeStrategy#merge_single: unique removes duplicates.
func (s *strategy) single(v types.Value) types.Value {
	if a, ok := v.([]types.Value); ok && s.name == "unique" {
		return union(nil, a)
	}
	return v
}

// merge merges e2 (found later, of lower priority) into e1.
func (s *strategy) merge(e1, e2 types.Value) (types.Value, error) {
	if t := mergeTypes()[s.name]; t != nil {
		if msg, ok := types.Check("The first element of the merge has wrong type,", t, unsealAll(e1)); !ok {
			return nil, &lookupError{msg: msg}
		}
		if msg, ok := types.Check("The second element of the merge has wrong type,", t, unsealAll(e2)); !ok {
			return nil, &lookupError{msg: msg}
		}
	}
	switch s.name {
	case "unique":
		return union(s.convert(e1).([]types.Value), s.convert(e2).([]types.Value)), nil
	case "hash":
		h1, h2 := e1.(*types.Hash), e2.(*types.Hash)
		out := copyHash(h2)
		for i, k := range h1.Keys {
			out.Set(k, h1.Values[i])
		}
		return out, nil
	case "deep":
		return s.deepMerge(e1, deepClone(e2), 0)
	}
	return e1, nil
}

// deepMerge is the deep_merge gem's deep_merge!(source, dest) with
// preserve_unmergeables off, as Puppet calls it; dest is the caller's
// own copy.
func (s *strategy) deepMerge(source, dest types.Value, depth int) (types.Value, error) {
	if depth > maxDepth {
		return nil, &lookupError{msg: fmt.Sprintf("The values merged nest deeper than %d levels.", maxDepth)}
	}
	if source == nil {
		return dest, nil
	}
	if !isTruthy(dest) {
		return source, nil
	}
	switch src := source.(type) {
	case *types.Hash:
		for i, k := range src.Keys {
			sv := src.Values[i]
			dh, ok := dest.(*types.Hash)
			if !ok {
				// deep_merge carries on with the source itself as the
				// destination: later keys merge into themselves
				dest = deepClone(s.overwrite(source, dest))
				continue
			}
			if dv, ok := dh.Get(k); ok && isTruthy(dv) {
				m, err := s.deepMerge(sv, dv, depth+1)
				if err != nil {
					return nil, err
				}
				dh.Set(k, m)
			} else {
				m, err := s.deepMerge(sv, deepClone(sv), depth+1)
				if err != nil {
					return nil, err
				}
				dh.Set(k, m)
			}
		}
		return dest, nil
	case []types.Value:
		src = append([]types.Value(nil), src...)
		if s.ko != "" && indexOf(src, s.ko) >= 0 {
			dest = clearOrNil(dest)
			src = deleteAll(src, s.ko)
		}
		da, ok := dest.([]types.Value)
		if !ok {
			return s.overwrite(src, dest), nil
		}
		if s.ko != "" {
			kept := src[:0:0]
			for _, item := range src {
				str, isStr := item.(string)
				if isStr {
					if plain := s.koRx.ReplaceAllString(str, ""); plain != str {
						da = deleteAll(deleteAll(da, plain), str)
						continue
					}
				}
				kept = append(kept, item)
			}
			src = kept
		}
		if s.hashArr && allHashes(src) && allHashes(da) {
			list := make([]types.Value, len(da))
			for i := range da {
				var si types.Value = &types.Hash{}
				if i < len(src) && isTruthy(src[i]) {
					si = src[i]
				}
				m, err := s.deepMerge(si, da[i], depth+1)
				if err != nil {
					return nil, err
				}
				list[i] = m
			}
			if len(src) > len(da) {
				list = append(list, src[len(da):]...)
			}
			da = list
		} else {
			da = union(da, src)
		}
		if s.sort {
			if err := rubySort(da); err != nil {
				return nil, err
			}
		}
		return da, nil
	}
	return s.overwrite(source, dest), nil
}

// overwrite is deep_merge's overwrite_unmergeables.
func (s *strategy) overwrite(source, dest types.Value) types.Value {
	if s.ko == "" {
		return source
	}
	switch x := source.(type) {
	case string:
		if s.koRx.ReplaceAllString(x, "") != x {
			return ""
		}
	case []types.Value:
		var kept []types.Value
		for _, item := range x {
			if str, ok := item.(string); ok && s.koRx.MatchString(str) {
				continue
			}
			kept = append(kept, item)
		}
		if kept == nil {
			kept = []types.Value{}
		}
		return kept
	}
	return source
}

// isTruthy is Ruby's truth: all but nil and false.
func isTruthy(v types.Value) bool { return v != nil && v != false }

func clearOrNil(v types.Value) types.Value {
	switch v.(type) {
	case []types.Value:
		return []types.Value{}
	case *types.Hash:
		return &types.Hash{}
	case string:
		return ""
	}
	return nil
}

func allHashes(a []types.Value) bool {
	for _, e := range a {
		if _, ok := e.(*types.Hash); !ok {
			return false
		}
	}
	return true
}

func indexOf(a []types.Value, v types.Value) int {
	for i, e := range a {
		if equal(e, v) {
			return i
		}
	}
	return -1
}

func deleteAll(a []types.Value, v types.Value) []types.Value {
	out := make([]types.Value, 0, len(a))
	for _, e := range a {
		if !equal(e, v) {
			out = append(out, e)
		}
	}
	return out
}

// union is Ruby's Array#|: the elements of a then b, each once.
func union(a, b []types.Value) []types.Value {
	out := make([]types.Value, 0, len(a)+len(b))
	seen := map[string]bool{}
	for _, list := range [][]types.Value{a, b} {
		for _, e := range list {
			k := identity(e)
			if !seen[k] {
				seen[k] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// identity is a text equal for two values exactly when Ruby's eql?
// holds (1 and 1.0 differ).
func identity(v types.Value) string {
	switch x := v.(type) {
	case float64:
		return "f" + types.RubyInspect(x)
	case int64:
		return "i" + types.RubyInspect(x)
	case types.Sensitive:
		return "s" + identity(x.Value)
	}
	return "v" + types.RubyInspect(unsealAll(v))
}

func equal(a, b types.Value) bool { return identity(a) == identity(b) }

func flatten(a []types.Value, out []types.Value) []types.Value {
	if out == nil {
		out = make([]types.Value, 0, len(a))
	}
	for _, e := range a {
		if inner, ok := e.([]types.Value); ok {
			out = flatten(inner, out)
			continue
		}
		out = append(out, e)
	}
	return out
}

// rubySort sorts as Array#sort!: numbers with numbers, strings with
// strings; anything else is Ruby's "comparison of X with Y failed".
func rubySort(a []types.Value) error {
	for _, x := range a[min(1, len(a)):] {
		if _, err := rubyCompare(a[0], x); err != nil {
			return err
		}
	}
	var err error
	sort.SliceStable(a, func(i, j int) bool {
		c, e := rubyCompare(a[i], a[j])
		if e != nil && err == nil {
			err = e
		}
		return c < 0
	})
	return err
}

func rubyCompare(x, y types.Value) (int, error) {
	xf, xnum := number(x)
	yf, ynum := number(y)
	if xnum && ynum {
		switch {
		case xf < yf:
			return -1, nil
		case xf > yf:
			return 1, nil
		}
		return 0, nil
	}
	xs, xstr := x.(string)
	ys, ystr := y.(string)
	if xstr && ystr {
		return strings.Compare(xs, ys), nil
	}
	return 0, &lookupError{msg: fmt.Sprintf("comparison of %s with %s failed", rubyClass(x), rubyClass(y))}
}

func number(v types.Value) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func copyHash(h *types.Hash) *types.Hash {
	return &types.Hash{Keys: append([]string(nil), h.Keys...), Values: append([]types.Value(nil), h.Values...)}
}

func deepClone(v types.Value) types.Value {
	switch x := v.(type) {
	case *types.Hash:
		h := &types.Hash{Keys: append([]string(nil), x.Keys...), Values: make([]types.Value, len(x.Values))}
		for i, e := range x.Values {
			h.Values[i] = deepClone(e)
		}
		return h
	case []types.Value:
		out := make([]types.Value, len(x))
		for i, e := range x {
			out[i] = deepClone(e)
		}
		return out
	}
	return v
}
