package types

// Value is a plain data value, as JSON or HCL can hold it:
//
//	nil          undef
//	bool         Boolean
//	string       String
//	int64        Integer (catc supports 64-bit integers; larger ones are rejected when decoded)
//	float64      Float
//	[]Value      Array
//	*Hash        Hash (string keys, insertion order kept)
//	Sensitive    a value marked sensitive
type Value = any

// Hash is an ordered map with string keys. Keys are unique.
type Hash struct {
	Keys   []string
	Values []Value
}

// Get returns the value of key k and whether it is present.
func (h *Hash) Get(k string) (Value, bool) {
	for i, key := range h.Keys {
		if key == k {
			return h.Values[i], true
		}
	}
	return nil, false
}

// Set sets key k, keeping the position of an existing key (as Ruby does
// for a duplicate key: the last value wins, the first position stays).
func (h *Hash) Set(k string, v Value) {
	for i, key := range h.Keys {
		if key == k {
			h.Values[i] = v
			return
		}
	}
	h.Keys = append(h.Keys, k)
	h.Values = append(h.Values, v)
}

// Append adds key k, which h does not hold yet, at the end: what Set
// does without looking for k, for a caller copying keys it knows to be
// distinct (another hash's, an object's). Set looks at every key, so a
// hash of n keys built by Set costs n²/2 comparisons.
func (h *Hash) Append(k string, v Value) {
	h.Keys = append(h.Keys, k)
	h.Values = append(h.Values, v)
}

// Len is the number of entries.
func (h *Hash) Len() int { return len(h.Keys) }

// Sensitive wraps a value that must never be printed.
type Sensitive struct{ Value Value }
