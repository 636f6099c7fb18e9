package svg_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/render/svg"
)

// classCatalog is a Puppet catalog (JSON) of n classes side by side in
// Class[main], each holding a file and a notify after it; with hub, as
// Puppet's apache module does, every file also requires Package[httpd]
// (in Class[Base]) and notifies Service[httpd] (in Class[Svc]).
func classCatalog(n int, hub bool) []byte {
	var res, edges []string
	add := func(typ, title, params string) {
		res = append(res, fmt.Sprintf(`{"type":%q,"title":%q,"tags":[],"exported":false,"parameters":{%s}}`, typ, title, params))
	}
	contain := func(from, to string) { edges = append(edges, fmt.Sprintf(`{"source":%q,"target":%q}`, from, to)) }
	add("Stage", "main", `"name":"main"`)
	add("Class", "Settings", "")
	add("Class", "main", `"name":"main"`)
	contain("Stage[main]", "Class[Settings]")
	contain("Stage[main]", "Class[main]")
	if hub {
		add("Class", "Base", "")
		add("Package", "httpd", `"ensure":"installed"`)
		add("Class", "Svc", "")
		add("Service", "httpd", `"ensure":"running"`)
		contain("Stage[main]", "Class[Base]")
		contain("Class[Base]", "Package[httpd]")
		contain("Stage[main]", "Class[Svc]")
		contain("Class[Svc]", "Service[httpd]")
	}
	for i := range n {
		class, file, note := fmt.Sprintf("Mod_%d", i), fmt.Sprintf("/etc/mods/mod_%d.load", i), fmt.Sprintf("mod %d loaded", i)
		add("Class", class, "")
		params := `"ensure":"file"`
		if hub {
			params += `,"require":"Package[httpd]","notify":"Service[httpd]"`
		}
		add("File", file, params)
		add("Notify", note, fmt.Sprintf(`"require":"File[%s]"`, file))
		contain("Stage[main]", "Class["+class+"]")
		contain("Class["+class+"]", "File["+file+"]")
		contain("Class["+class+"]", "Notify["+note+"]")
	}
	return []byte(`{"name":"wide","version":1,"catalog_format":2,"environment":"production","tags":[],"classes":[],"resources":[` +
		strings.Join(res, ",") + `],"edges":[` + strings.Join(edges, ",") + `]}`)
}

// TestWideClassGraphAspect: a Puppet catalog drawn with its class boxes
// (the default for Puppet catalogs) is folded too: many classes side by
// side came out many times wider than tall, as class boxes switched the
// wrapping off. The picture stays within 2.5:1, every edge still
// points down, and what the folding adds is invisible (class wrap).
func TestWideClassGraphAspect(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		n    int
		hub  bool
	}{
		{"40 classes side by side", 40, false},
		{"24 classes between one package and one service", 24, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pc, diags := puppetcatalog.Parse("wide.json", classCatalog(tc.n, tc.hub))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			defs, _ := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
			cat, diags := puppetcatalog.Model(pc, defs)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			s, _ := graph.Build(cat).Select(graph.Selection{})
			var src bytes.Buffer
			if err := dot.Write(&src, s, dot.Options{Cluster: dot.ClusterClass}); err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(src.String(), "\n") {
				if strings.Contains(line, "class=wrap") && !strings.Contains(line, "style=invis") {
					t.Errorf("a visible wrapping line: %s", line)
				}
			}
			if !strings.Contains(src.String(), "class=wrap") {
				t.Errorf("not folded:\n%s", src.String())
			}
			out, err := svg.Render(context.Background(), src.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			w, h := svgSize(t, out)
			t.Logf("%.0f × %.0f pt", w, h)
			if w > 2.5*h {
				t.Errorf("picture is %.0f × %.0f pt (%.1f:1), want at most 2.5:1", w, h, w/h)
			}
			y := nodeYs(out)
			for _, e := range s.Edges {
				from, to := e.F.Resource.Ref(), e.T.Resource.Ref()
				if _, ok := y[from]; !ok || graph.IsContainer(e.F.Resource) || graph.IsContainer(e.T.Resource) {
					continue // a class with no edge of its own is a box, not a node
				}
				if y[from] >= y[to] {
					t.Errorf("%s is drawn at y %.0f, not above %s at y %.0f", from, y[from], to, y[to])
				}
			}
		})
	}
}
