package catalog

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
	"github.com/catc-dev/catc/types"
)

// Digests of sensitive values. A digest lets diff see that a secret
// changed, and must let nobody else confirm a guessed secret: it is an
// HMAC under a key the user holds (LoadOptions.DigestKey), never a key in the
// source. Without one, the output files carry no digest at all
// (NoDigest), and in-process comparisons (diff of HCL paths, --base) use
// a random key made for the run.

// NoDigest is the marker text of a sensitive value written without a
// digest key: nothing computed from the value.
const NoDigest = "redacted"

// DigestPrefix starts the marker text of a digested sensitive value:
// "hmac-sha256:<key id>:<hex digest>".
const DigestPrefix = "hmac-sha256:"

// DigestKeyID is the key id of a digest marker (DigestPrefix, the key
// id, ":", the digest); "" for a digest written without one (older
// files: "hmac-sha256:<digest>") and for any other text. Two digests can
// be compared only when their key ids are the same.
func DigestKeyID(marker string) string {
	rest, ok := strings.CutPrefix(marker, DigestPrefix)
	if !ok {
		return ""
	}
	if id, _, ok := strings.Cut(rest, ":"); ok {
		return id
	}
	return ""
}

// minDigestKey is the shortest digest key NewDigestKey takes, in bytes.
const minDigestKey = 16

// DigestKey is the user's key of the digests written into catalog files
// (LoadOptions.DigestKey). It is secret: with it anyone can test a guess
// of a value against its digest. It keeps keyed HMACs to reuse: keying
// one costs two hash blocks and a catalog can have a secret on every
// resource.
type DigestKey struct {
	id   string
	macs sync.Pool
}

// NewDigestKey makes the digest key key (nil: none, the files then carry
// NoDigest); it must be at least minDigestKey bytes long.
func NewDigestKey(key []byte) (*DigestKey, error) {
	if key == nil {
		return nil, nil
	}
	if len(key) < minDigestKey {
		return nil, fmt.Errorf("the digest key is %d bytes long: use at least %d random bytes (e.g. head -c 32 /dev/urandom | base64)", len(key), minDigestKey)
	}
	return newDigestKey(key), nil
}

func newDigestKey(key []byte) *DigestKey {
	k := &DigestKey{id: keyID(key)}
	key = append([]byte(nil), key...)
	k.macs.New = func() any { return hmac.New(sha256.New, key) }
	return k
}

// runKey is the random key of in-process comparisons without a user's
// key, made once: both sides of a diff must digest under the same key,
// and no output keeps a digest made with it.
var runKey = sync.OnceValue(func() *DigestKey {
	random := make([]byte, 32)
	rand.Read(random) // never fails (crypto/rand)
	return newDigestKey(random)
})

// marker is the text that stands for a sensitive value in an output file:
// its digest under k, or NoDigest without a key.
func (k *DigestKey) marker(v types.Value) string {
	if k == nil {
		return NoDigest
	}
	return k.digest(v)
}

// SensitiveMarker is the text that stands for a sensitive value of c in
// an output file: its digest under the key c was loaded with, or NoDigest
// without one.
func (c *Catalog) SensitiveMarker(v types.Value) string { return c.digestKey.marker(v) }

// SensitiveDigest is the digest of a sensitive value of c for a
// comparison within this run: under the key c was loaded with (so that it
// compares with catalog files written with it), else under a random key
// made for the run, which no output keeps.
func (c *Catalog) SensitiveDigest(v types.Value) string {
	if c.digestKey == nil {
		return runKey().digest(v)
	}
	return c.digestKey.digest(v)
}

// digest is DigestPrefix, the key id, ":" and the HMAC-SHA256 of the
// value's JSON form.
func (k *DigestKey) digest(v types.Value) string {
	w := jsonw.Compact()
	w.Value(v, k.marker)
	m := k.macs.Get().(hash.Hash)
	m.Reset()
	m.Write(w.Bytes())
	var sum [sha256.Size]byte
	out := DigestPrefix + k.id + ":" + hex.EncodeToString(m.Sum(sum[:0]))
	k.macs.Put(m)
	return out
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
