package gitrev

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// checkPresent is nil when every object of the paths rels (from the top)
// at rev is in the local repository. A partial clone (a checkout made
// with --filter=blob:none) lacks the blobs of revisions it did not check
// out, and git would fetch each one it is asked for from the promisor
// remote, running the transport the repository's configuration names
// (the attack of a checkout that commits such a repository); catc's git
// may use no transport (safeConfig), so a missing object must be found
// before git is asked for it. git 2.39 has no switch against that fetch
// (GIT_NO_LAZY_FETCH and --no-lazy-fetch came in 2.44), but `rev-list
// --missing=print` walks the trees without fetching (it turns the fetch
// off for its process) and prints a missing object as "?OID".
func (r *Repo) checkPresent(rev string, rels []string) error {
	args := []string{"rev-list", "--objects", "--missing=print", "--end-of-options", rev + "^{tree}", "--"}
	out, err := r.git(nil, append(args, rels...)...)
	if err != nil {
		return fmt.Errorf("git rev-list %s: %w", rev, err)
	}
	n, first := 0, ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if oid, ok := strings.CutPrefix(sc.Text(), "?"); ok {
			if n == 0 {
				first = oid
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return &MissingError{Rev: rev, Paths: rels, Count: n, First: first}
}

// MissingError is the objects of a revision that the local repository
// lacks (a partial clone's), which catc never lets git fetch.
type MissingError struct {
	Rev   string
	Paths []string // from the top of the working tree
	Count int
	First string // the first missing object's id
}

func (e *MissingError) Error() string {
	what := "1 object"
	if e.Count > 1 {
		what = fmt.Sprintf("%d objects", e.Count)
	}
	are := "is"
	if e.Count > 1 {
		are = "are"
	}
	return fmt.Sprintf("%s of %s at %s (%s first) %s not in the local repository: it is a partial clone (made with --filter, such as --filter=blob:none), which fetches objects when they are read, and catc never lets git fetch (the repository's configuration would choose the program that fetches). Fetch them first, with `git fetch --refetch --no-filter origin` or a clone without --filter (actions/checkout makes one unless given filter:), then run catc again",
		what, strings.Join(e.Paths, ", "), e.Rev, e.First, are)
}
