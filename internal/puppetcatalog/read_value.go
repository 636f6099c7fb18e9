package puppetcatalog

import (
	"github.com/catc-dev/catc/internal/types"
)

// Deferred is a Deferred value of a Puppet catalog
// ({"__ptype": "Deferred", "name": FN, "arguments": […]}): a function
// the agent calls while applying, so its result is unknown offline.
type Deferred struct {
	Name      string
	Arguments []types.Value
}

// RichData is a rich-data value of a Puppet catalog that catc keeps as it
// is without giving it a meaning ({"__ptype": P, "__pvalue": V}):
// Default, Regexp, SemVer, Timespan, Timestamp, Binary, a Hash with keys
// that are not all strings ([k, v, …] in Value), a Pcore object (its
// attributes as a *types.Hash) or a reference to another value of the
// document (PType "__pref").
type RichData struct {
	PType string
	Value types.Value
}

// value reads the JSON value at the current position: objects as
// ordered *types.Hash, numbers as int64 or float64, and Puppet's rich
// data decoded: Sensitive as types.Sensitive, Deferred as Deferred, the
// rest as RichData.
func (s *scanner) value() (types.Value, bool) {
	switch s.peek() {
	case '{':
		return s.hash()
	case '[':
		return s.list()
	case '"':
		str, ok := s.str()
		return s.box(str), ok
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return s.number()
	}
	return s.literal()
}

// list reads an array: its elements gather on the stack (arrays nest),
// then move to a list of their number.
func (s *scanner) list() (types.Value, bool) {
	base := len(s.stack)
	defer func() { s.stack = s.stack[:base] }()
	ok := s.array(func(int, int) bool {
		v, ok := s.value()
		s.stack = append(s.stack, v)
		return ok
	})
	if !ok {
		return nil, false
	}
	if len(s.stack) == base {
		return emptyList, true
	}
	return s.values.copyOf(s.stack[base:]), true
}

// emptyList is every [] read: one Value for all (its capacity is 0, so
// an append makes a new list), not one allocation each.
var emptyList types.Value = []types.Value{}

// maxBoxed bounds the strings box remembers: past it a catalog's values
// are mostly distinct (generated names), and a larger map would cost
// more than the allocations it saves.
const maxBoxed = 4096

// box returns str as a Value. Making a string a Value allocates, and a
// catalog repeats most of its values ("present", "root", the same class
// reference): each distinct one is made once.
func (s *scanner) box(str string) types.Value {
	if v, ok := s.boxed[str]; ok {
		return v
	}
	v := types.Value(str)
	if len(s.boxed) < maxBoxed {
		if s.boxed == nil {
			s.boxed = map[string]types.Value{}
		}
		s.boxed[str] = v
	}
	return v
}

// hash reads an object as a *types.Hash, its keys and values gathered as
// list gathers elements, or as the rich data it encodes.
func (s *scanner) hash() (types.Value, bool) {
	off := s.pos
	base, keyBase := len(s.stack), len(s.stackKeys)
	defer func() { s.stack, s.stackKeys = s.stack[:base], s.stackKeys[:keyBase] }()
	ok := s.object(func(key string, _ int) bool {
		v, ok := s.value()
		s.stackKeys = append(s.stackKeys, key)
		s.stack = append(s.stack, v)
		return ok
	})
	if !ok {
		return nil, false
	}
	h := &types.Hash{}
	if len(s.stack) > base {
		h.Keys, h.Values = s.strs.copyOf(s.stackKeys[keyBase:]), s.values.copyOf(s.stack[base:])
	}
	if _, rich := h.Get("__ptype"); rich {
		return s.richData(h, off)
	}
	if ref, isRef := h.Get("__pref"); isRef && h.Len() == 1 {
		return RichData{PType: "__pref", Value: ref}, true
	}
	return h, true
}

// richData decodes {"__ptype": …} (Puppet's rich_data JSON, what
// Puppet::Pops::Serialization::ToDataConverter writes).
func (s *scanner) richData(h *types.Hash, off int) (types.Value, bool) {
	pt, _ := h.Get("__ptype")
	name, ok := pt.(string)
	if !ok {
		return nil, s.fail(off, "the __ptype of a rich-data value must be a string (a Puppet type name)")
	}
	pv, hasValue := h.Get("__pvalue")
	switch name {
	case "Sensitive":
		return types.Sensitive{Value: pv}, true
	case "Deferred":
		return deferred(h), true
	case "Hash":
		return richHash(pv), true
	}
	if !hasValue {
		// A Pcore object: its attributes are the other keys.
		attrs := &types.Hash{}
		for i, k := range h.Keys {
			if k != "__ptype" {
				attrs.Keys = append(attrs.Keys, k)
				attrs.Values = append(attrs.Values, h.Values[i])
			}
		}
		if attrs.Len() == 0 {
			return RichData{PType: name}, true
		}
		return RichData{PType: name, Value: attrs}, true
	}
	return RichData{PType: name, Value: pv}, true
}

func deferred(h *types.Hash) Deferred {
	d := Deferred{}
	if n, ok := h.Get("name"); ok {
		d.Name, _ = n.(string)
	}
	if a, ok := h.Get("arguments"); ok {
		d.Arguments, _ = a.([]types.Value)
	}
	return d
}

// richHash is a Hash written as [k, v, …]: a *types.Hash when every key
// is a string, else RichData with the list. A key given twice keeps its
// first place and its last value, as Hash.Set does, but found in a map:
// Set's search made a hash of many keys cost their square.
func richHash(pv types.Value) types.Value {
	list, ok := pv.([]types.Value)
	if !ok || len(list)%2 != 0 {
		return RichData{PType: "Hash", Value: pv}
	}
	h := &types.Hash{}
	var at map[string]int // key → its place in h
	if n := len(list) / 2; n > 0 {
		h.Keys, h.Values, at = make([]string, 0, n), make([]types.Value, 0, n), make(map[string]int, n)
	}
	for i := 0; i < len(list); i += 2 {
		k, ok := list[i].(string)
		if !ok {
			return RichData{PType: "Hash", Value: pv}
		}
		if j, seen := at[k]; seen {
			h.Values[j] = list[i+1]
			continue
		}
		at[k] = len(h.Keys)
		h.Keys, h.Values = append(h.Keys, k), append(h.Values, list[i+1])
	}
	return h
}

// HasDeferred reports whether v holds a Deferred value anywhere.
func HasDeferred(v types.Value) bool {
	switch v := v.(type) {
	case Deferred:
		return true
	case types.Sensitive:
		return HasDeferred(v.Value)
	case []types.Value:
		for _, e := range v {
			if HasDeferred(e) {
				return true
			}
		}
	case *types.Hash:
		for _, e := range v.Values {
			if HasDeferred(e) {
				return true
			}
		}
	case RichData:
		return HasDeferred(v.Value)
	}
	return false
}
