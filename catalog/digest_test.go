package catalog

import "testing"

// TestDigestKeyID: a digest's key id is what tells digests that can be
// compared from those that cannot; other markers have none.
func TestDigestKeyID(t *testing.T) {
	if err := SetDigestKey([]byte("0123456789abcdef0123")); err != nil {
		t.Fatal(err)
	}
	defer SetDigestKey(nil)
	a, b := SensitiveMarker("one"), SensitiveMarker("two")
	if id := DigestKeyID(a); len(id) != 8 || id != DigestKeyID(b) {
		t.Errorf("key ids %q and %q of one key", id, DigestKeyID(b))
	}
	if err := SetDigestKey([]byte("another key, 16 bytes or more")); err != nil {
		t.Fatal(err)
	}
	if DigestKeyID(SensitiveMarker("one")) == DigestKeyID(a) {
		t.Error("two keys have the same key id")
	}
	for _, m := range []string{NoDigest, "", "sha256:ab", DigestPrefix + "95c5d839"} {
		if id := DigestKeyID(m); id != "" {
			t.Errorf("DigestKeyID(%q) = %q", m, id)
		}
	}
}
