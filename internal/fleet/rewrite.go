package fleet

import (
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math"
	"reflect"
	"sort"

	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/secretdigest"
)

// The plan diff is rewritten and keyed by reflection, over every exported
// field: a field added to plandiff.PlanDiff later takes part without a
// change here. A field tagged `fleetkey:"omitzero"` is left out of the
// key when it is zero, so that adding it keeps the keys of the diffs
// that do not use it (the shards of a fleet diffed before).

// substitute returns a deep copy of d with every string (refs, paths,
// values, messages) passed through f.
func substitute(d *plandiff.PlanDiff, f func(string) string) *plandiff.PlanDiff {
	return rewrite(reflect.ValueOf(d), f).Interface().(*plandiff.PlanDiff)
}

func rewrite(v reflect.Value, f func(string) string) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		n := reflect.New(v.Type()).Elem()
		n.SetString(f(v.String()))
		return n
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type().Elem())
		n.Elem().Set(rewrite(v.Elem(), f))
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			n.Index(i).Set(rewrite(v.Index(i), f))
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type()).Elem()
		n.Set(rewrite(v.Elem(), f))
		return n
	case reflect.Struct:
		n := reflect.New(v.Type()).Elem()
		n.Set(v) // unexported fields as they are
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				n.Field(i).Set(rewrite(v.Field(i), f))
			}
		}
		return n
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			n.SetMapIndex(rewrite(it.Key(), f), rewrite(it.Value(), f))
		}
		return n
	}
	return v
}

// keyOf is a digest of every exported value in d: two diffs have the same
// key exactly when they say the same. It is keyed with the digest key
// when one is given (secretdigest.Key.NewHash), so that a shard's key
// cannot be forged by whoever edits the shard.
func keyOf(d *plandiff.PlanDiff, key *secretdigest.Key) string {
	h := key.NewHash()
	writeKey(h, reflect.ValueOf(d))
	return hex.EncodeToString(h.Sum(nil)[:12])
}

func writeKey(h hash.Hash, v reflect.Value) {
	var buf [9]byte
	num := func(tag byte, x uint64) {
		buf[0] = tag
		binary.LittleEndian.PutUint64(buf[1:], x)
		h.Write(buf[:])
	}
	switch v.Kind() {
	case reflect.String:
		num('s', uint64(v.Len()))
		h.Write([]byte(v.String()))
	case reflect.Bool:
		b := uint64(0)
		if v.Bool() {
			b = 1
		}
		num('b', b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		num('i', uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		num('u', v.Uint())
	case reflect.Float32, reflect.Float64:
		num('f', math.Float64bits(v.Float()))
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			num('n', 0)
			return
		}
		if v.Kind() == reflect.Interface {
			h.Write([]byte(v.Elem().Type().String()))
		}
		writeKey(h, v.Elem())
	case reflect.Slice, reflect.Array:
		num('l', uint64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			writeKey(h, v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if f.IsExported() && !(f.Tag.Get("fleetkey") == "omitzero" && v.Field(i).IsZero()) {
				writeKey(h, v.Field(i))
			}
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		num('m', uint64(len(keys)))
		for _, k := range keys {
			writeKey(h, k)
			writeKey(h, v.MapIndex(k))
		}
	}
}
