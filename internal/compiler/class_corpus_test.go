package compiler_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil/classcorpus"
	"github.com/catc-dev/catc/internal/types"
)

// TestClassCorpus compiles every case of the classes oracle corpus for
// its node and compares catc's catalog and plan with what Puppet 7.23
// compiled and applied: resources in order with their parameters, tags
// and containers, the classes, the edges, refreshes, order (whits
// included) and cycles; or Puppet's refusal, in Puppet's words.
func TestClassCorpus(t *testing.T) {
	cases, err := classcorpus.All()
	if err != nil {
		t.Fatal(err)
	}
	passed := 0
	for _, c := range cases {
		ok := t.Run(c.Name, func(t *testing.T) {
			node, nodeDiags := nodefacts.ReadOne(filepath.Join(c.Dir, "facts.json"))
			cat, diags := compiler.Load([]string{filepath.Join(c.Dir, "main.hcl")}, compiler.LoadOptions{Node: node, NodeDiags: nodeDiags})
			switch {
			case len(c.CatcErrors) > 0:
				for _, e := range c.CatcErrors {
					wantError(t, diags, e)
				}
			case c.Refused():
				wantPuppetError(t, diags, c.Refusal.Message)
			case c.Answer.AgentRefusal() != "":
				// Puppet compiled it; its agent refused the catalog
				wantPuppetError(t, diags, c.Answer.AgentRefusal())
			default:
				if diags.HasErrors() {
					t.Fatalf("catc refuses what Puppet compiles: %s", diags.Error())
				}
				compareCatalog(t, cat, c.Catalog)
				comparePlan(t, cat, c.Answer)
				for _, w := range c.CompileWarnings {
					wantWarning(t, diags, w)
				}
			}
		})
		if ok {
			passed++
		}
	}
	t.Logf("%d of %d cases pass fully", passed, len(cases))
}

// wantError asserts an error whose text contains want.
func wantError(t *testing.T, diags hcl.Diagnostics, want string) {
	t.Helper()
	for _, d := range diags {
		if d.Severity == hcl.DiagError && strings.Contains(d.Summary+": "+d.Detail, want) {
			if d.Subject == nil {
				t.Errorf("the error %q has no place", d.Detail)
			}
			return
		}
	}
	t.Errorf("no error containing %q: %v", want, diags)
}

// puppetPlace is the place Puppet's message names in the Puppet site
// ("already declared at (file: …)", "already defined (file: …)").
var puppetPlace = regexp.MustCompile(`(?: at)? \(file: [^)]*\)`)

// puppetWarning is a compile warning's words: without "Warning: " and
// the place in site.pp Puppet ends it with.
var puppetWarning = regexp.MustCompile(`^Warning: (.*?)(?: \(file: [^)]*\))?$`)

// wantWarning asserts a warning, with a place, in the words of Puppet's
// compile warning w.
func wantWarning(t *testing.T, diags hcl.Diagnostics, w string) {
	t.Helper()
	words := puppetWarning.FindStringSubmatch(w)[1]
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning && strings.Contains(d.Detail, words) {
			if d.Subject == nil {
				t.Errorf("the warning %q has no place", d.Detail)
			}
			return
		}
	}
	t.Errorf("no warning in Puppet's words %q: %v", words, diags)
}

// catcPlace is where catc puts a place Puppet names.
var catcPlace = regexp.MustCompile(`^ at \S*main\.hcl:\d+`)

// wantPuppetError asserts an error in Puppet's words: the message, with
// catc's place where Puppet names one of site.pp.
func wantPuppetError(t *testing.T, diags hcl.Diagnostics, msg string) {
	t.Helper()
	parts := puppetPlace.Split(msg, -1)
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		rest, all := d.Detail, true
		for i, p := range parts {
			at := strings.Index(rest, p)
			if at < 0 || i > 0 && !catcPlace.MatchString(rest[:at]) {
				all = false
				break
			}
			rest = rest[at+len(p):]
		}
		if all {
			if d.Subject == nil {
				t.Errorf("the error %q has no place", d.Detail)
			}
			return
		}
	}
	t.Errorf("no error in Puppet's words %q: %v", msg, diags)
}

// puppetRef is a reference as catc writes it: a class title capitalised
// as the agent finds it.
func puppetRef(ref string) string {
	typ, title, _ := catalog.SplitRef(ref)
	if typ == "Class" {
		return "Class[" + capitalize(strings.ToLower(title)) + "]"
	}
	return ref
}

func capitalize(s string) string {
	parts := strings.Split(s, "::")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "::")
}

// compareCatalog compares the resources, their order, parameters, tags
// and containers.
func compareCatalog(t *testing.T, cat *catalog.Catalog, want *classcorpus.Catalog) {
	t.Helper()
	var got, wantRefs []string
	for _, r := range cat.Resources {
		got = append(got, r.Ref())
	}
	for _, r := range want.Resources {
		wantRefs = append(wantRefs, puppetRef(r.Ref()))
	}
	if !slices.Equal(got, wantRefs) {
		t.Fatalf("resources\n%q\nPuppet\n%q", got, wantRefs)
	}
	for i, r := range cat.Resources {
		w := &want.Resources[i]
		compareParams(t, r, w)
		tags := slices.Clone(r.External.Tags)
		wantTags := slices.Clone(w.Tags)
		sort.Strings(tags)
		sort.Strings(wantTags)
		if !slices.Equal(tags, wantTags) {
			t.Errorf("%s: tags %q, Puppet %q", r.Ref(), tags, wantTags)
		}
		var containers []string
		for _, p := range r.External.Containers {
			containers = append(containers, p.Ref())
		}
		var wantContainers []string
		for _, p := range want.Containers(w.Ref()) {
			wantContainers = append(wantContainers, puppetRef(p))
		}
		if !slices.Equal(containers, wantContainers) {
			t.Errorf("%s: containers %q, Puppet %q", r.Ref(), containers, wantContainers)
		}
	}
}

// compareParams compares a resource's parameters with Puppet's:
// relationships through the references they resolve to, the rest by
// value. A core resource may hold more (its type's defaults), a
// container exactly Puppet's.
func compareParams(t *testing.T, r *catalog.Resource, w *classcorpus.Resource) {
	t.Helper()
	rels := map[string][]string{}
	for _, rel := range r.Relations {
		rels[rel.Kind.String()] = append(rels[rel.Kind.String()], rel.Target.Ref())
	}
	for name, v := range w.Parameters {
		if _, isRel := map[string]bool{"require": true, "before": true, "notify": true, "subscribe": true}[name]; isRel {
			var want []string
			for _, x := range flatten(v) {
				want = append(want, puppetRef(fmt.Sprint(x)))
			}
			if !slices.Equal(rels[name], want) {
				t.Errorf("%s: %s %q, Puppet %q", r.Ref(), name, rels[name], want)
			}
			continue
		}
		if name == "tag" || name == "stage" && !graph.IsContainer(r) {
			continue
		}
		got, ok := r.Attributes.Get(name)
		if !ok {
			t.Errorf("%s: no %s, Puppet %v", r.Ref(), name, v)
			continue
		}
		if g, wv := canonical(got), canonical(v); g != wv {
			t.Errorf("%s: %s = %s, Puppet %s", r.Ref(), name, g, wv)
		}
	}
	if graph.IsContainer(r) {
		for _, name := range r.Attributes.Keys {
			if _, ok := w.Parameters[name]; !ok {
				t.Errorf("%s: %s not in Puppet's catalog", r.Ref(), name)
			}
		}
	}
}

func flatten(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	return []any{v}
}

// canonical is a value as JSON, for comparing catc's with Puppet's.
func canonical(v any) string {
	var plain func(any) any
	plain = func(v any) any {
		switch x := v.(type) {
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = plain(e)
			}
			return out
		case *types.Hash:
			m := map[string]any{}
			for _, k := range x.Keys {
				e, _ := x.Get(k)
				m[k] = plain(e)
			}
			return m
		case map[string]any:
			m := map[string]any{}
			for k, e := range x {
				m[k] = plain(e)
			}
			return m
		case json.Number:
			return string(x)
		case int64, float64:
			return fmt.Sprint(x)
		}
		return v
	}
	b, _ := json.Marshal(plain(v))
	return string(b)
}

// comparePlan compares the graph's edges, refreshes, order and cycles
// with the agent's.
func comparePlan(t *testing.T, cat *catalog.Catalog, want *classcorpus.Answer) {
	t.Helper()
	g := graph.Build(cat)
	var edges, refreshes [][2]string
	for _, e := range g.Edges() {
		pair := [2]string{e.F.Resource.Ref(), e.T.Resource.Ref()}
		edges = append(edges, pair)
		if e.Refresh() {
			refreshes = append(refreshes, pair)
		}
	}
	norm := func(pairs [][2]string) [][2]string {
		out := make([][2]string, 0, len(pairs))
		for _, p := range pairs {
			out = append(out, [2]string{puppetRef(p[0]), puppetRef(p[1])})
		}
		slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
		return slices.Compact(out)
	}
	if got, w := norm(edges), norm(want.Edges); !slices.Equal(got, w) {
		t.Errorf("edges\n%q\nPuppet\n%q", got, w)
	}
	if got, w := norm(refreshes), norm(want.RefreshEdges); !slices.Equal(got, w) {
		t.Errorf("refresh edges\n%q\nPuppet\n%q", got, w)
	}
	order, cycles := graph.Expand(g).Order()
	if want.HasCycle() {
		var members []string
		for _, c := range cycles {
			for _, v := range c.Members {
				members = append(members, v.Resource.Ref())
			}
		}
		slices.Sort(members)
		members = slices.Compact(members)
		var w []string
		for _, m := range want.CycleMembers() {
			w = append(w, puppetRef(m))
		}
		slices.Sort(w)
		if !slices.Equal(members, slices.Compact(w)) {
			t.Errorf("cycle members %q, Puppet %q", members, w)
		}
		return
	}
	if len(cycles) > 0 {
		t.Fatalf("catc finds a cycle Puppet does not: %s", graph.CycleMessage(cycles))
	}
	var got []string
	for _, v := range order {
		got = append(got, v.Ref())
	}
	if !slices.Equal(got, want.Order) {
		t.Errorf("order\n%q\nPuppet\n%q", got, want.Order)
	}
}
