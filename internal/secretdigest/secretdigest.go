package secretdigest

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/types"
)

// None is the marker text of a sensitive value written without a
// digest key: nothing computed from the value.
const None = "redacted"

// Prefix starts the marker text of a digested sensitive value:
// "hmac-sha256:<key id>:<hex digest>".
const Prefix = "hmac-sha256:"

// KeyID is the key id of a digest marker (Prefix, the key
// id, ":", the digest); "" for a digest written without one (older
// files: "hmac-sha256:<digest>") and for any other text. Two digests can
// be compared only when their key ids are the same.
func KeyID(marker string) string {
	rest, ok := strings.CutPrefix(marker, Prefix)
	if !ok {
		return ""
	}
	if id, _, ok := strings.Cut(rest, ":"); ok {
		return id
	}
	return ""
}

// minKeySize is the shortest digest key NewKey takes, in bytes.
const minKeySize = 16

// Key is the user's key of the digests written into catalog files
// (compiler.LoadOptions.Key). It is secret: with it anyone can test a guess
// of a value against its digest. It keeps keyed HMACs to reuse: keying
// one costs two hash blocks and a catalog can have a secret on every
// resource.
type Key struct {
	id   string
	macs sync.Pool
	// keyed is the key of NewHash's HMACs, derived from the user's key.
	keyed []byte
}

// NewKey makes the digest key key (nil: none, the files then carry
// None); it must be at least minKeySize bytes long.
func NewKey(key []byte) (*Key, error) {
	if key == nil {
		return nil, nil
	}
	if len(key) < minKeySize {
		return nil, fmt.Errorf("the digest key is %d bytes long: use at least %d random bytes (e.g. head -c 32 /dev/urandom | base64)", len(key), minKeySize)
	}
	return newKey(key), nil
}

func newKey(key []byte) *Key {
	k := &Key{id: keyID(key)}
	key = append([]byte(nil), key...)
	m := hmac.New(sha256.New, key)
	m.Write([]byte("catc keyed digests"))
	k.keyed = m.Sum(nil)
	k.macs.New = func() any { return hmac.New(sha256.New, key) }
	return k
}

// runKey is the random key of in-process comparisons without a user's
// key, made once: both sides of a diff must digest under the same key,
// and no output keeps a digest made with it.
var runKey = sync.OnceValue(func() *Key {
	random := make([]byte, 32)
	rand.Read(random) // never fails (crypto/rand)
	return newKey(random)
})

// Marker is the text that stands for a sensitive value in an output file:
// its digest under k, or None without a key (k nil).
func (k *Key) Marker(v types.Value) string {
	if k == nil {
		return None
	}
	return k.digest(v)
}

// RunDigest is the digest of a sensitive value for a comparison within
// this run: under k (so that it compares with catalog files written with
// it), else (k nil) under a random key made for the run, which no output
// keeps.
func (k *Key) RunDigest(v types.Value) string {
	if k == nil {
		return runKey().digest(v)
	}
	return k.digest(v)
}

// digest is Prefix, the key id, ":" and the HMAC-SHA256 of the
// value's JSON form.
func (k *Key) digest(v types.Value) string {
	w := jsonw.Compact()
	types.WriteJSON(w, v, k.Marker)
	m := k.macs.Get().(hash.Hash)
	m.Reset()
	m.Write(w.Bytes())
	var sum [sha256.Size]byte
	out := Prefix + k.id + ":" + hex.EncodeToString(m.Sum(sum[:0]))
	k.macs.Put(m)
	return out
}

// ID names k without revealing it (the id digest markers carry); "" for
// no key (k nil).
func (k *Key) ID() string {
	if k == nil {
		return ""
	}
	return k.id
}

// NewHash is the hash of the other digests catc keys with the user's key
// (a fleet diff's group keys and shard digests): an HMAC-SHA256 under a
// key derived from k, so that no such digest ever compares with a
// value's; without a key (k nil), plain SHA-256, which anyone can
// compute: it catches an edit, not a forgery.
func (k *Key) NewHash() hash.Hash {
	if k == nil {
		return sha256.New()
	}
	return hmac.New(sha256.New, k.keyed)
}

// keyID names a key without revealing it: digests under different keys
// cannot be compared, and diff says so instead of seeing a change.
func keyID(key []byte) string {
	if key == nil {
		return ""
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("catc digest key id"))
	return hex.EncodeToString(m.Sum(nil)[:4])
}
