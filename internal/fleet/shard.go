package fleet

import (
	"encoding/hex"
	"fmt"
	"reflect"

	"github.com/catc-dev/catc/internal/secretdigest"
)

// Seal records in d's shard identity the digest of everything the shard
// says (its nodes and where each is: unchanged, in which group, failing
// how; the groups' keys, which digest their diffs), keyed with key as the
// shard's other digests are (nil: plain SHA-256). Merge recomputes it: an
// edit that moves a node from a group to the unchanged ones, which no
// group key or fleet digest would notice, is refused, and with a key so
// is a forgery, whose digests no one without the key can recompute.
func (d *Diff) Seal(key *secretdigest.Key) {
	if d.Shard != nil {
		d.Shard.Digest = shardDigest(d, key)
	}
}

// shardDigest is the digest Seal records.
func shardDigest(d *Diff, key *secretdigest.Key) string {
	type group struct {
		Key                 string
		Placeholders, Nodes []string
	}
	type failure struct {
		Side   int
		Errors string
		Nodes  []string
	}
	sealed := struct {
		Strict       string
		Index, Of    int
		Fleet, KeyID string
		Unchanged    []string
		Groups       []group
		Failures     []failure
	}{Strict: d.Strict.String(), Index: d.Shard.Index, Of: d.Shard.Of, Fleet: d.Shard.Fleet, KeyID: d.Shard.KeyID, Unchanged: d.Unchanged}
	for _, g := range d.Groups {
		sealed.Groups = append(sealed.Groups, group{Key: g.Key, Placeholders: g.Placeholders, Nodes: g.Nodes})
	}
	for _, f := range d.Failures {
		sealed.Failures = append(sealed.Failures, failure{Side: int(f.Side), Errors: f.Errors, Nodes: f.Nodes})
	}
	h := key.NewHash()
	writeKey(h, reflect.ValueOf(sealed))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// checkShardDigests requires every shard's digests keyed with key (none
// without one) and its seal to be the digest of what it says.
func checkShardDigests(parts []*Diff, key *secretdigest.Key) error {
	for _, p := range parts {
		s := p.Shard
		switch {
		case s.KeyID == key.ID():
		case key == nil:
			return fmt.Errorf("shard %d/%d was written with a digest key (id %s): give --merge the same key (--digest-key-file or $CATC_DIGEST_KEY)", s.Index, s.Of, s.KeyID)
		case s.KeyID == "":
			return fmt.Errorf("shard %d/%d was written without the digest key, so its digests are plain SHA-256 that anyone can recompute: with a key, --merge takes only shards written with it; run every shard with the key", s.Index, s.Of)
		default:
			return fmt.Errorf("shard %d/%d was written with another digest key (id %s, this one is %s): run every shard and the merge with one key", s.Index, s.Of, s.KeyID, key.ID())
		}
		if s.Digest == "" || shardDigest(p, key) != s.Digest {
			return fmt.Errorf("shard %d/%d: its digest is not the digest of what it says: the file was edited, or written by another catc release, or is not what catc wrote; run the shard again", s.Index, s.Of)
		}
	}
	return nil
}
