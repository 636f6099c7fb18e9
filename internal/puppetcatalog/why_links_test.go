package puppetcatalog

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// reach is the transitive closure of a graph given as [from, to] pairs
// of vertex names: reach[a][b] when a path a → … → b exists.
func reach(edges [][]string) map[string]map[string]bool {
	succ := map[string][]string{}
	for _, e := range edges {
		succ[e[0]] = append(succ[e[0]], e[1])
	}
	out := map[string]map[string]bool{}
	for v := range succ {
		seen := map[string]bool{}
		stack := []string{v}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range succ[u] {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		out[v] = seen
	}
	return out
}

// endName is the name Puppet's expanded graph gives one end of r: its
// ref, or the admissible or completed whit of a container.
func endName(r *catalog.Resource, e graph.End) string {
	if !graph.IsContainer(r) {
		return r.Ref()
	}
	w := graph.Admissible
	if e == graph.Finish {
		w = graph.Completed
	}
	return graph.Vertex{Resource: r, Whit: w}.Ref()
}

// TestWhyLinksEqualPuppetGraph: for every pair of resources (classes and
// defines included) of catalogs Puppet 7.23 compiled from puppetlabs-docker
// and voxpupuli-redis, `why`'s links (graph.Expanded.Links) order them
// exactly when Puppet's expanded graph (expanded_relationships.dot, in
// the answer) has a path between an end of one and an end of the other,
// say "comes before" exactly when the first ends before the second
// starts there, and each link is such a path. Containment counts:
// Class[Docker::Service] starts before Service[docker] and ends after it.
func TestWhyLinksEqualPuppetGraph(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"docker", "redis"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var want struct {
				Expanded [][]string `json:"expanded_edges"`
			}
			data, err := os.ReadFile(testutil.Fixture("oracle", "review", name+".json"))
			if err != nil || json.Unmarshal(data, &want) != nil || len(want.Expanded) == 0 {
				t.Fatalf("Puppet's answer: %v", err)
			}
			puppet := reach(want.Expanded)
			g, _, _ := planPuppet(t, testutil.Fixture("oracle", "review", name+".catalog.json"))
			x := graph.Expand(g)
			ordered, partial := 0, 0
			for _, a := range g.Catalog.Resources {
				for _, b := range g.Catalog.Resources {
					if a == b {
						continue
					}
					links := x.Links(a, b)
					anyPath := false
					for _, ae := range []graph.End{graph.Start, graph.Finish} {
						for _, be := range []graph.End{graph.Start, graph.Finish} {
							anyPath = anyPath || puppet[endName(a, ae)][endName(b, be)] || puppet[endName(b, be)][endName(a, ae)]
						}
					}
					whole := puppet[endName(a, graph.Finish)][endName(b, graph.Start)]
					switch {
					case (links != nil) != anyPath:
						t.Errorf("%s, %s: catc links %v, Puppet's graph orders them: %v", a.Ref(), b.Ref(), links, anyPath)
						continue
					case links == nil:
						continue
					case (links[0].Whole() && links[0].From == a) != whole:
						t.Errorf("%s, %s: catc says it comes wholly before: %v, Puppet: %v", a.Ref(), b.Ref(), !whole, whole)
					}
					for _, l := range links {
						if !puppet[endName(l.From, l.FromEnd)][endName(l.To, l.ToEnd)] || len(l.Steps) == 0 {
							t.Errorf("%s, %s: link %s → %s is no path of Puppet's graph: %q", a.Ref(), b.Ref(),
								endName(l.From, l.FromEnd), endName(l.To, l.ToEnd), l.Steps)
						}
					}
					ordered++
					if !links[0].Whole() {
						partial++
					}
				}
			}
			if partial == 0 || ordered == 0 {
				t.Errorf("%d ordered pairs, %d in part only: the test asks nothing", ordered, partial)
			}
			t.Logf("%d ordered pairs, %d of them in part only (containment, overlap)", ordered, partial)
		})
	}
}

// TestWhyContainmentWords: the answer for a class and a service it
// holds (puppetlabs-docker, the pair of issue 28) says, both ways round,
// that the class starts before the service and ends after it.
func TestWhyContainmentWords(t *testing.T) {
	t.Parallel()
	g, _, _ := planPuppet(t, testutil.Fixture("oracle", "review", "docker.catalog.json"))
	x := graph.Expand(g)
	class, svc := g.Catalog.Lookup("Class", "Docker::Service"), g.Catalog.Lookup("Service", "docker")
	if class == nil || svc == nil {
		t.Fatal("no Class[Docker::Service] or Service[docker]")
	}
	for _, pair := range [][2]*catalog.Resource{{class, svc}, {svc, class}} {
		var words []string
		for _, l := range x.Links(pair[0], pair[1]) {
			words = append(words, l.Steps...)
		}
		got := strings.Join(words, "\n")
		if got != "Class[Docker::Service] contains Service[docker], which starts after Class[Docker::Service] starts\n"+
			"Service[docker] is in Class[Docker::Service], which ends after it" {
			t.Errorf("%s, %s:\n%s", pair[0].Ref(), pair[1].Ref(), got)
		}
	}
}
