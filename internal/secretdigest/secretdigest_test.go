package secretdigest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// TestDigestKeyID: a digest's key id is what tells digests that can be
// compared from those that cannot; other markers have none.
func TestDigestKeyID(t *testing.T) {
	t.Parallel()
	k1, err := NewKey([]byte("0123456789abcdef0123"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := k1.Marker("one"), k1.Marker("two")
	if id := KeyID(a); len(id) != 8 || id != KeyID(b) {
		t.Errorf("key ids %q and %q of one key", id, KeyID(b))
	}
	k2, err := NewKey([]byte("another key, 16 bytes or more"))
	if err != nil {
		t.Fatal(err)
	}
	if KeyID(k2.Marker("one")) == KeyID(a) {
		t.Error("two keys have the same key id")
	}
	for _, m := range []string{None, "", "sha256:ab", Prefix + "95c5d839"} {
		if id := KeyID(m); id != "" {
			t.Errorf("KeyID(%q) = %q", m, id)
		}
	}
}

// TestNewDigestKeyShort: a key shorter than minKeySize is refused with
// what to do; no key is no key, not an error.
func TestNewDigestKeyShort(t *testing.T) {
	t.Parallel()
	if _, err := NewKey([]byte("short")); err == nil || !strings.Contains(err.Error(), "use at least 16 random bytes") {
		t.Errorf("short key: err %v", err)
	}
	if k, err := NewKey(nil); k != nil || err != nil {
		t.Errorf("no key: %v, %v", k, err)
	}
}

// TestNewHash: without a key, plain SHA-256 (anyone can recompute it);
// with one, an HMAC that differs with the key and is not the value
// digests' (a derived key), the same on every call.
func TestNewHash(t *testing.T) {
	t.Parallel()
	sum := func(k *Key) string {
		h := k.NewHash()
		h.Write([]byte("shard"))
		return hex.EncodeToString(h.Sum(nil))
	}
	plain := sha256.Sum256([]byte("shard"))
	if got := sum(nil); got != hex.EncodeToString(plain[:]) {
		t.Errorf("no key: %s, want SHA-256", got)
	}
	a, _ := NewKey([]byte("0123456789abcdef-a"))
	b, _ := NewKey([]byte("0123456789abcdef-b"))
	raw := hmac.New(sha256.New, []byte("0123456789abcdef-a"))
	raw.Write([]byte("shard"))
	again, _ := NewKey([]byte("0123456789abcdef-a"))
	if sum(a) != sum(again) || sum(a) == sum(b) || sum(a) == sum(nil) || sum(a) == hex.EncodeToString(raw.Sum(nil)) {
		t.Errorf("keyed: %s, %s, %s", sum(a), sum(b), sum(nil))
	}
	if a.ID() == "" || a.ID() == b.ID() || (*Key)(nil).ID() != "" {
		t.Errorf("ids %q %q", a.ID(), b.ID())
	}
}
