package types

// smallHash is how many keys a HashBuilder looks through one by one
// before it indexes them.
const smallHash = 16

// HashBuilder sets keys in a hash as Hash.Set does (a repeated key keeps
// its first position and takes the last value), in time linear in the
// keys: Set looks at every key, so n keys set one by one cost n²/2
// comparisons, which an input of many keys (an object literal, a
// catalog resource's parameters) must not be able to make it pay.
type HashBuilder struct {
	H  *Hash
	at map[string]int
}

// Set sets key k to v.
func (b *HashBuilder) Set(k string, v Value) {
	h := b.H
	if b.at == nil {
		if len(h.Keys) < smallHash {
			h.Set(k, v)
			return
		}
		b.at = make(map[string]int, 2*len(h.Keys))
		for i, key := range h.Keys {
			if _, seen := b.at[key]; !seen {
				b.at[key] = i
			}
		}
	}
	if i, ok := b.at[k]; ok {
		h.Values[i] = v
		return
	}
	b.at[k] = len(h.Keys)
	h.Append(k, v)
}
