package catalogjson

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/types"
)

// TestWriteMatchesEncodingJSON is the property the hand-written writer
// keeps: on random catalogs, Document.Write gives the bytes of
// encoding/json's Encoder (indented by two spaces, no HTML escaping) with
// the further escapes of jsonw.Encode, and a Value the bytes of the
// encoder-based writer it replaced.
func TestWriteMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 7))
		j := randomJSONCatalog(rng)
		var want bytes.Buffer
		if err := jsonw.Encode(&want, j); err != nil {
			t.Fatalf("seed %d: encoding/json: %v", seed, err)
		}
		var got bytes.Buffer
		if err := j.Write(&got); err != nil {
			t.Fatalf("seed %d: Write: %v", seed, err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("seed %d: Write differs from encoding/json\n got: %q\nwant: %q", seed, got.Bytes(), want.Bytes())
		}
		for _, r := range j.Resources {
			for _, v := range []Value{r.Namevars, r.Attributes} {
				got, _ := v.MarshalJSON()
				var ref bytes.Buffer
				refValue(&ref, v.V)
				if !bytes.Equal(got, ref.Bytes()) {
					t.Fatalf("seed %d: value %q, want %q", seed, got, ref.Bytes())
				}
			}
		}
	}
}

// refValue is the reference compact form, as catalog wrote it with
// encoding/json: every string through the Encoder, floats in Ruby's form,
// NaN and ±Inf as strings, sensitive values as a fresh HMAC's marker.
func refValue(b *bytes.Buffer, v types.Value) {
	str := func(s string) {
		_ = jsonw.Encode(b, s) // encoding/json's escapes, and jsonw's further ones
		b.Truncate(b.Len() - 1)
	}
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		if _, err := json.Marshal(v); err != nil {
			str(jsonw.FormatFloat(v))
		} else {
			b.WriteString(jsonw.FormatFloat(v))
		}
	case string:
		str(v)
	case []types.Value:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			refValue(b, x)
		}
		b.WriteByte(']')
	case *types.Hash:
		b.WriteByte('{')
		if v != nil {
			for i, k := range v.Keys {
				if i > 0 {
					b.WriteByte(',')
				}
				str(k)
				b.WriteByte(':')
				refValue(b, v.Values[i])
			}
		}
		b.WriteByte('}')
	case types.Sensitive:
		b.WriteString(`{"sensitive":`)
		str(secretdigest.None) // the random values carry no digest key
		b.WriteByte('}')
	default:
		b.WriteString("null")
	}
}

func randomJSONCatalog(rng *rand.Rand) *Document {
	j := &Document{Format: randomString(rng)}
	if rng.IntN(8) > 0 {
		for range rng.IntN(3) {
			jt := Type{Name: randomString(rng)}
			if rng.IntN(5) > 0 {
				jt.Attributes = []Attribute{}
			}
			for range rng.IntN(3) {
				jt.Attributes = append(jt.Attributes, Attribute{Name: randomString(rng), Behaviour: "property", Sensitive: rng.IntN(2) == 0})
			}
			j.Types = append(j.Types, jt)
		}
	}
	if rng.IntN(8) > 0 {
		j.Resources = []Resource{}
	}
	for i := range rng.IntN(4) {
		r := Resource{
			Ref: randomString(rng), Type: randomString(rng), Title: randomString(rng),
			Namevars: Value{V: randomValue(rng, 3)}, Attributes: Value{V: randomValue(rng, 3)},
			File: randomString(rng), Line: rng.IntN(1000), Index: i,
		}
		if rng.IntN(4) > 0 {
			r.Tags = []string{}
		}
		for range rng.IntN(3) {
			r.Tags = append(r.Tags, randomString(rng))
		}
		if rng.IntN(2) == 0 {
			b := rng.IntN(2) == 0
			r.Noop = &b
		}
		j.Resources = append(j.Resources, r)
	}
	if rng.IntN(8) > 0 {
		j.Edges = []Edge{}
	}
	for range rng.IntN(4) {
		e := Edge{From: randomString(rng), To: randomString(rng), Refresh: rng.IntN(2) == 0}
		if rng.IntN(6) > 0 {
			e.Kinds = []string{"require"}
			e.Origins = []Origin{}
		}
		for range rng.IntN(3) {
			o := Origin{Kind: randomString(rng), File: randomString(rng), Line: rng.IntN(99)}
			if rng.IntN(2) == 0 {
				o.Rule = randomString(rng)
			}
			e.Origins = append(e.Origins, o)
		}
		j.Edges = append(j.Edges, e)
	}
	return j
}

// randomValue is a random catalog value: scalars (floats with NaN, ±Inf
// and -0), arrays, ordered hashes (nil ones too) and sensitive values.
func randomValue(rng *rand.Rand, depth int) types.Value {
	k := rng.IntN(10)
	if depth == 0 {
		k = rng.IntN(6)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return rng.IntN(2) == 0
	case 2:
		return rng.Int64() - rng.Int64()
	case 3:
		fs := []float64{0, math.Copysign(0, -1), 1, 1.5, -2.25e-9, 1e21, 123456789e30, math.NaN(), math.Inf(1), math.Inf(-1), rng.NormFloat64() * 1e6}
		return fs[rng.IntN(len(fs))]
	case 4, 5:
		return randomString(rng)
	case 6:
		if rng.IntN(5) == 0 {
			return []types.Value(nil)
		}
		a := []types.Value{}
		for range rng.IntN(4) {
			a = append(a, randomValue(rng, depth-1))
		}
		return a
	case 7, 8:
		if rng.IntN(6) == 0 {
			return (*types.Hash)(nil)
		}
		h := &types.Hash{}
		for range rng.IntN(4) {
			h.Keys = append(h.Keys, randomString(rng))
			h.Values = append(h.Values, randomValue(rng, depth-1))
		}
		return h
	default:
		return types.Sensitive{Value: randomValue(rng, depth-1)}
	}
}

// randomString mixes plain ASCII with what JSON escapes: quotes,
// backslashes, control characters, HTML characters, U+2028/2029,
// multi-byte runes and invalid UTF-8.
func randomString(rng *rand.Rand) string {
	pieces := []string{"a", "Node_res[x]", "/etc/hosts", " ", `"`, `\`, "\n", "\t", "\x00", "\x1f", "\x7f", "<", ">", "&",
		"\u2028", "\u2029", "é", "日本", "\U0001F600", "\xff", "\xe2\x80", "\ufffd", "\b", "\f", "\r"}
	var b []byte
	for range rng.IntN(6) {
		b = append(b, pieces[rng.IntN(len(pieces))]...)
	}
	return string(b)
}
