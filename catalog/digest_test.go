package catalog

import (
	"strings"
	"testing"
)

// TestDigestKeyID: a digest's key id is what tells digests that can be
// compared from those that cannot; other markers have none.
func TestDigestKeyID(t *testing.T) {
	t.Parallel()
	k1, err := NewDigestKey([]byte("0123456789abcdef0123"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := k1.marker("one"), k1.marker("two")
	if id := DigestKeyID(a); len(id) != 8 || id != DigestKeyID(b) {
		t.Errorf("key ids %q and %q of one key", id, DigestKeyID(b))
	}
	k2, err := NewDigestKey([]byte("another key, 16 bytes or more"))
	if err != nil {
		t.Fatal(err)
	}
	if DigestKeyID(k2.marker("one")) == DigestKeyID(a) {
		t.Error("two keys have the same key id")
	}
	for _, m := range []string{NoDigest, "", "sha256:ab", DigestPrefix + "95c5d839"} {
		if id := DigestKeyID(m); id != "" {
			t.Errorf("DigestKeyID(%q) = %q", m, id)
		}
	}
}

// TestNewDigestKeyShort: a key shorter than MinDigestKey is refused with
// what to do; no key is no key, not an error.
func TestNewDigestKeyShort(t *testing.T) {
	t.Parallel()
	if _, err := NewDigestKey([]byte("short")); err == nil || !strings.Contains(err.Error(), "use at least 16 random bytes") {
		t.Errorf("short key: err %v", err)
	}
	if k, err := NewDigestKey(nil); k != nil || err != nil {
		t.Errorf("no key: %v, %v", k, err)
	}
}
