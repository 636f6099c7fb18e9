package lsp

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
)

// TestResourceRefsFromEdges: the references to a resource, found from
// the edges touching it, are those a scan of every relation of every
// resource finds, in the same order: references written before and after
// it, of every metaparameter, several per resource, and to itself.
func TestResourceRefsFromEdges(t *testing.T) {
	t.Parallel()
	site := siteHCL + `
resource "package" "php" {
  before  = [package.nginx]
  notify  = "File[/etc/motd]"
  require = [package.php]
}

resource "file" "/etc/php.ini" {
  subscribe = ["Package[php]", package.nginx]
  before    = [file["/etc/motd"], package.nginx]
}
`
	ws := newWorkspace()
	ws.open["/w/types.hcl"] = []byte(typesHCL)
	ws.open["/w/site.hcl"] = []byte(site)
	snap := ws.load()
	// cycles included (they are edges as well)
	n := 0
	for _, r := range snap.cat.Resources {
		n += len(r.Relations)
	}
	if len(snap.cat.Resources) != 5 || n != 9 {
		t.Fatalf("the fixture loads %d resources with %d relations: %v", len(snap.cat.Resources), n, snap.diags)
	}
	for _, r := range snap.cat.Resources {
		var want []hcl.Range
		for _, other := range snap.cat.Resources {
			for _, rel := range other.Relations {
				if rel.Target == r {
					want = append(want, rel.Range)
				}
			}
		}
		got := snap.resourceRefs(r, false)
		// the relations come first, then the auto rules' places
		if len(got) < len(want) {
			t.Fatalf("%s: %d references, want at least %d", r.Ref(), len(got), len(want))
		}
		if diff := cmp.Diff(want, got[:len(want)]); diff != "" {
			t.Errorf("%s: references (-scan +edges):\n%s", r.Ref(), diff)
		}
	}
}
