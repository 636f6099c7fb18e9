package fleet

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/nodefacts"
)

// TestShapeKeyAgrees: a node's key made from its class's shape (the
// parts its values go into digested again) is the key of its own parts,
// so nodes group alike whichever way they were compiled; the parts of
// another value give another key.
func TestShapeKeyAgrees(t *testing.T) {
	t.Parallel()
	k := &keyer{token: "catcsentineltest"}
	hole := `v{"content":"server ` + k.sentinel(0) + `"}`
	class := []string{"sFile[/etc/a]", hole, "w1 Package[x]", "sPackage[x]", `v{"ensure":"16"}`}
	own := func(value string) []string {
		return []string{"sFile[/etc/a]", `v{"content":"server ` + value + `"}`, "w1 Package[x]", "sPackage[x]", `v{"ensure":"16"}`}
	}
	shape := &planShape{parts: class, keys: newShapeKeys(class, k.token)}
	shape.rest = strings.Join([]string{class[0], class[2], class[3], class[4]}, "\x00")
	shape.grams = newGramSet(shape.rest)
	web01 := identityOf(&nodefacts.Node{Name: "web-01.example.com"})
	web02 := identityOf(&nodefacts.Node{Name: "web-02.example.com"})
	for _, tc := range []struct {
		id    *identity
		value string
	}{{web01, "web-01.example.com"}, {web02, "web-02.example.com"}, {web01, "db"}} {
		got := shape.key(tc.id, &sentinels{k: k, values: []string{tc.value}})
		if want := partsKey(own(tc.value), tc.id, nil); got != want {
			t.Errorf("value %q: shape key %s, own parts' key %s", tc.value, got, want)
		}
	}
	a := shape.key(web01, &sentinels{k: k, values: []string{"web-01.example.com"}})
	b := shape.key(web02, &sentinels{k: k, values: []string{"web-02.example.com"}})
	c := shape.key(web01, &sentinels{k: k, values: []string{"db"}})
	if a != b || a == c {
		t.Errorf("each node's own name: %s and %s, want equal; another value: %s, want another key", a, b, c)
	}
	if partsKey(own("16"), nil, nil) == partsKey(own("13"), nil, nil) {
		t.Error("two values, one key")
	}
}

// TestShapeKeyLiteralIdentity: a node's name written in a class's plan
// outside its values (a title, a value the site writes) is replaced as
// in the node's own parts.
func TestShapeKeyLiteralIdentity(t *testing.T) {
	t.Parallel()
	class := []string{"sFile[/etc/motd]", `v{"content":"web-01.example.com"}`}
	shape := &planShape{parts: class, keys: newShapeKeys(class, "catcsentineltest"), rest: strings.Join(class, "\x00")}
	shape.grams = newGramSet(shape.rest)
	for _, name := range []string{"web-01.example.com", "web-02.example.com"} {
		id := identityOf(&nodefacts.Node{Name: name})
		if got, want := shape.key(id, &sentinels{k: &keyer{token: "catcsentineltest"}}), partsKey(class, id, nil); got != want {
			t.Errorf("%s: shape key %s, own parts' key %s", name, got, want)
		}
	}
	if g := newGramSet("server web-01"); g.mayHold("web-02.example.com") || !g.mayHold("web-01") {
		t.Error("the 3-gram filter")
	}
}
