package htmlpage_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/render/htmlpage"
)

// puppetCatalog is a catalog Puppet compiled (classes, defines inside
// classes and defines, contain and include).
func puppetCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	defs, diags := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	pc, d := puppetcatalog.Read(fixture("oracle", "catalogs", "hand_containment.catalog.json"))
	diags = append(diags, d...)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, d := puppetcatalog.Model(pc, defs)
	if d.HasErrors() {
		t.Fatal(d)
	}
	return c
}

// TestPuppetPageGroupsByClass: a Puppet catalog's page groups by class
// (the nearest class up the containers, through defines) and opens so
// grouped; an HCL catalog's page has no class grouping.
func TestPuppetPageGroupsByClass(t *testing.T) {
	sub, _ := graph.Build(puppetCatalog(t)).Select(graph.Selection{})
	p := htmlpage.FromSubgraph(sub, "t", "")
	if p.DefaultGroup != "class" {
		t.Fatalf("default grouping %q, want class", p.DefaultGroup)
	}
	classes := groupingOf(t, p, "class")
	of := map[string]string{}
	for i, n := range p.Nodes {
		of[n.Ref] = classes.Names[classes.Of[i]]
	}
	for ref, want := range map[string]string{
		"Exec[restart blue]":    "Class[App]", // in a define in a define in Class[App]
		"Notify[base packages]": "Class[Base::Packages]",
		"Class[Base]":           "Class[Base]", // a class is its own group
		"Notify[last]":          "Class[Main]", // node default's body
		"Stage[main]":           "(no class)",
	} {
		if got, ok := of[ref]; !ok || got != want {
			t.Errorf("%s is in group %q, want %q", ref, got, want)
		}
	}
	web, _ := graph.Build(loadFixture(t, fixture("graph", "web"))).Select(graph.Selection{})
	for _, g := range htmlpage.FromSubgraph(web, "t", "").Groupings {
		if g.Key == "class" {
			t.Errorf("an HCL catalog's page groups by class")
		}
	}

	tb := open(t, browser(t), write(t, sub, nil), "")
	var key string
	var labels []string
	tb.run(t, chromedp.Evaluate(`document.getElementById("group-key").value`, &key),
		chromedp.Evaluate(`[...document.querySelectorAll("#groups-body label a")].map(a => a.textContent)`, &labels))
	if key != "class" || !contains(labels, "Class[App]") {
		t.Errorf("the page opens grouped by %q with groups %q, want class with Class[App]", key, labels)
	}
	// Choosing no grouping is kept in the fragment, as the default is not.
	tb.run(t, chromedp.Evaluate(`(() => { const s = document.getElementById("group-key"); s.value = ""; s.dispatchEvent(new Event("change")); })()`, nil))
	var hash string
	tb.run(t, chromedp.Evaluate(`location.hash`, &hash))
	if hash != "#group=" {
		t.Errorf("fragment %q after choosing no grouping, want #group=", hash)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
