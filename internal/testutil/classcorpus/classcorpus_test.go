package classcorpus

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

func loadAll(t *testing.T) []*Case {
	t.Helper()
	cases, err := All()
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestAll: every case loads, with at least 40 hand-written sites, and the
// ten generated ones of gen/INDEX.tsv.
func TestAll(t *testing.T) {
	t.Parallel()
	cases := loadAll(t)
	hand, gen, refused := 0, 0, 0
	for _, c := range cases {
		if c.Generated != "" {
			gen++
		} else {
			hand++
		}
		if c.Refused() {
			refused++
		}
	}
	if hand < 40 || gen != 10 || refused == 0 {
		t.Errorf("%d hand-written cases (%d refused) and %d generated; want at least 40, some refused, and 10", hand, refused, gen)
	}
}

var leadingComment = regexp.MustCompile(`\A(?:#[^\n]*\n)+`)

// TestWellFormed: each case is what its README promises: the twin starts
// with the site's comment; the facts name the node; a catalog has
// Puppet's containers, every resource contained, every class listed, and
// is the node's; an answer names only catalog resources and applies every
// one of them, unless a cycle stopped it; a refusal has Puppet's words.
func TestWellFormed(t *testing.T) {
	t.Parallel()
	for _, c := range loadAll(t) {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			if c.Generated == "" {
				site, twin := leadingComment.FindString(string(c.Site)), leadingComment.FindString(string(c.HCL))
				if site == "" || site != twin {
					t.Errorf("main.hcl does not start with site.pp's comment:\n%s---\n%s", site, twin)
				}
				if want := certname(t, c); c.Certname != want {
					t.Errorf("facts.json names %s, want %s", c.Certname, want)
				}
			}
			switch {
			case c.Refused():
				if !strings.Contains(c.Refusal.Error, c.Refusal.Message) {
					t.Errorf("refusal message %q is not in its error %q", c.Refusal.Message, c.Refusal.Error)
				}
				if len(c.CatcErrors) > 0 {
					t.Error("catc.txt beside a refusal: catc.txt is for sites Puppet accepts")
				}
			default:
				checkCatalog(t, c)
				checkAnswer(t, c)
			}
		})
	}
}

// certname is the node a hand case compiles for: its certname file, else
// its name with - for _ and .example.com.
func certname(t *testing.T, c *Case) string {
	data, err := os.ReadFile(filepath.Join(c.Dir, "certname"))
	if err == nil {
		return strings.TrimSpace(string(data))
	}
	return strings.ReplaceAll(c.Name, "_", "-") + ".example.com"
}

func checkCatalog(t *testing.T, c *Case) {
	cat := c.Catalog
	if cat.Name != c.Certname || cat.CatalogFormat != 2 {
		t.Errorf("catalog of %s, format %d; want %s, 2", cat.Name, cat.CatalogFormat, c.Certname)
	}
	for _, ref := range []string{"Stage[main]", "Class[Settings]", "Class[main]"} {
		if cat.Lookup(ref) == nil {
			t.Errorf("no %s", ref)
		}
	}
	if len(cat.Classes) == 0 || cat.Classes[0] != "settings" {
		t.Errorf("classes %v do not start with settings", cat.Classes)
	}
	declared := map[string]bool{}
	for _, r := range cat.Resources {
		if r.Type == "Class" || r.Type == "Node" {
			declared[strings.ToLower(r.Title)] = true // Puppet lists a node's name too
		}
	}
	for _, name := range cat.Classes {
		if !declared[name] {
			t.Errorf("class %s is listed but not in the catalog", name)
		}
	}
	for _, r := range cat.Resources {
		if r.Type != "Stage" && len(cat.Containers(r.Ref())) == 0 {
			t.Errorf("%s has no container", r.Ref())
		}
		if r.Exported {
			t.Errorf("%s is exported: Puppet leaves exported resources out without storeconfigs", r.Ref())
		}
		if r.File != "" && r.File != "site.pp" {
			t.Errorf("%s is declared in %s, not site.pp", r.Ref(), r.File)
		}
	}
	if c.Generated != "" {
		checkGenerated(t, c)
	}
}

func checkAnswer(t *testing.T, c *Case) {
	a, cat := c.Answer, c.Catalog
	known := func(ref string) bool {
		return cat.Lookup(ref) != nil
	}
	for _, list := range [][]string{a.OrderWithoutWhits(), a.Refreshed, a.RefreshScheduled, a.RefreshUnscheduled, a.Failed, a.Skipped} {
		for _, ref := range list {
			if !known(ref) {
				t.Errorf("the answer names %s, which is not in the catalog", ref)
			}
		}
	}
	for _, e := range slices.Concat(a.Edges, a.RefreshEdges) {
		if !known(e[0]) || !known(e[1]) {
			t.Errorf("edge %s -> %s names a resource not in the catalog", e[0], e[1])
		}
	}
	if a.HasCycle() {
		if len(a.Order) != 0 || len(a.CycleMembers()) < 2 {
			t.Errorf("a cycle with an order of %d or %d members", len(a.Order), len(a.CycleMembers()))
		}
		for _, m := range a.CycleMembers() {
			if !known(m) {
				t.Errorf("cycle member %s is not in the catalog", m)
			}
		}
		return
	}
	if refusal := a.AgentRefusal(); refusal != "" {
		// the agent refused the catalog: nothing applied, an exit of 1
		if a.ExitCode != 1 || len(a.Failed) > 0 || len(a.Edges) > 0 {
			t.Errorf("the agent refused the catalog (%s) but exited %d, failed %q, drew %d edges", refusal, a.ExitCode, a.Failed, len(a.Edges))
		}
		return
	}
	if !a.OK || a.ExitCode != 0 && a.ExitCode != 2 {
		t.Errorf("Puppet's apply failed: %v (exit %d)", a.Errors, a.ExitCode)
	}
	var core []string
	for _, r := range cat.Core() {
		core = append(core, r.Ref())
	}
	order := a.OrderWithoutWhits()
	slices.Sort(order)
	slices.Sort(core)
	if !slices.Equal(order, core) {
		t.Errorf("applied %d resources, the catalog has %d: the order must apply each once", len(order), len(core))
	}
	if !slices.ContainsFunc(a.Order, func(o string) bool { return o == "Whit[Admissible_stage[main]]" }) {
		t.Error("the order has no Whit[Admissible_stage[main]]")
	}
}

// checkGenerated: a generated site's catalog has the generator's counts
// (-n core resources, -class-count classes, -instances define instances)
// and a cycle exactly when -cycle.
func checkGenerated(t *testing.T, c *Case) {
	f := strings.Fields(c.Generated)
	want := map[string]int{}
	cycle := false
	for i := 0; i < len(f); i++ {
		if f[i] == "-cycle" {
			cycle = true
			continue
		}
		n, err := strconv.Atoi(f[i+1])
		if err != nil {
			t.Fatalf("INDEX.tsv arguments %q: %v", c.Generated, err)
		}
		want[f[i]] = n
		i++
	}
	core, classes, instances := 0, 0, 0
	for _, r := range c.Catalog.Resources {
		switch {
		case r.Type == "Class":
			classes++
		case r.Kind == "defined_type":
			instances++
		case !r.IsContainer():
			core++
		}
	}
	if core != want["-n"] || classes != want["-class-count"]+2 || instances != want["-instances"] {
		t.Errorf("%d core resources, %d classes (main and settings included), %d define instances; want %d, %d+2, %d",
			core, classes, instances, want["-n"], want["-class-count"], want["-instances"])
	}
	if c.Answer.HasCycle() != cycle {
		t.Errorf("cycle %v, want %v", c.Answer.HasCycle(), cycle)
	}
}

// TestHelpers: the accessors on a known case, include_basic.
func TestHelpers(t *testing.T) {
	t.Parallel()
	c, err := Load(filepath.Join(Dir(), "include_basic"), "include_basic")
	if err != nil {
		t.Fatal(err)
	}
	cat := c.Catalog
	if got := cat.Holder("Notify[base]"); got != "Class[Base]" {
		t.Errorf("Notify[base] is held by %q, want Class[Base]", got)
	}
	if got := cat.Containers("Class[Base]"); !slices.Equal(got, []string{"Stage[main]"}) {
		t.Errorf("Class[Base] is contained by %v, want only Stage[main] (include does not contain)", got)
	}
	if got := cat.ClassRefs(); !slices.Equal(got, []string{"Class[Settings]", "Class[main]", "Class[App]", "Class[Base]"}) {
		t.Errorf("classes %v", got)
	}
	want := []string{"Notify[top first]", "Notify[app]", "Notify[after app]", "Notify[before base]", "Notify[base]"}
	if got := c.Answer.OrderWithoutWhits(); !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if r := cat.Lookup("Notify[base]"); r == nil || !r.HasTag("app") || r.IsContainer() {
		t.Errorf("Notify[base] %+v: want a core resource tagged app (its class was declared in app)", r)
	}
	cyc, err := Load(filepath.Join(Dir(), "cycle_classes"), "cycle_classes")
	if err != nil {
		t.Fatal(err)
	}
	if got := cyc.Answer.CycleMembers(); !slices.Equal(got, []string{"Class[Db]", "Class[Web]", "Notify[db ready]", "Notify[web ready]"}) {
		t.Errorf("cycle members %v", got)
	}
	ref, err := Load(filepath.Join(Dir(), "err_unknown_class"), "err_unknown_class")
	if err != nil {
		t.Fatal(err)
	}
	if !ref.Refused() || ref.Refusal.Line != 5 || !strings.HasPrefix(ref.Refusal.Message, "Could not find class ::profile::wbe") {
		t.Errorf("refusal %+v", ref.Refusal)
	}
}

// TestDocExamples: every example of docs/classes.md is a snippet of the
// corpus case it names, both languages of a construct side by side.
func TestDocExamples(t *testing.T) {
	t.Parallel()
	examples, err := DocExamples()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Case{}
	for _, c := range loadAll(t) {
		byName[c.Name] = c
	}
	langs := map[string]map[string]bool{}
	for _, e := range examples {
		if e.File != "" {
			data, err := os.ReadFile(filepath.Join(testutil.Root(), e.File))
			if err != nil || !e.InText(string(data)) {
				t.Errorf("docs/classes.md:%d: the example is not in %s (%v)", e.Line, e.File, err)
			}
			continue
		}
		c := byName[e.Case]
		switch {
		case c == nil:
			t.Errorf("docs/classes.md:%d: no case %q", e.Line, e.Case)
		case !e.In(c):
			t.Errorf("docs/classes.md:%d: the %s example is not in %s", e.Line, e.Lang, e.Case)
		}
		if langs[e.Case] == nil {
			langs[e.Case] = map[string]bool{}
		}
		langs[e.Case][e.Lang] = true
	}
	if len(examples) < 30 {
		t.Errorf("%d examples", len(examples))
	}
	for name, l := range langs {
		if !l["hcl"] || !l["puppet"] {
			t.Errorf("docs/classes.md: %s has an example in one language only", name)
		}
	}
}

// TestREADME: the corpus README's table has a row for every case and
// names no case that does not exist.
func TestREADME(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(Dir(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9_/]+)` \\|")
	listed := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		listed[m[1]] = true
	}
	for _, c := range loadAll(t) {
		if !listed[c.Name] {
			t.Errorf("README.md has no row for %s", c.Name)
		}
		delete(listed, c.Name)
	}
	for name := range listed {
		t.Errorf("README.md lists %s, which is not a case", name)
	}
}
