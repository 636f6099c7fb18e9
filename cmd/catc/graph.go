package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/svgrenderer"
)

// svgNodeLimit is the node count above which --format svg refuses to
// render without --force: Graphviz takes seconds to minutes there, and
// the picture is no longer readable.
const svgNodeLimit = 2000

func graphCommand() *cli.Command {
	return &cli.Command{
		Name:      "graph",
		Usage:     "draw the dependency graph as DOT, SVG or JSON",
		ArgsUsage: "PATH...",
		Description: "An edge A -> B means A is applied before B; resources are drawn top to bottom\n" +
			"in apply order. Solid edges order only, dashed ones also refresh, grey ones come\n" +
			"only from a type's auto rule, red ones are on a dependency cycle.\n\n" +
			"DOT needs no Graphviz. SVG runs the companion renderer catc-svg (Graphviz in\n" +
			"WebAssembly), found in $CATC_SVG, next to catc or on PATH; or pipe DOT to\n" +
			"Graphviz: catc graph site/ --format dot | dot -Tsvg -o graph.svg",
		Flags: append(catalogFlags(), outputFlag(), overwriteFlag(),
			&cli.StringFlag{Name: "format", Value: "dot", Usage: "`FORMAT` of the graph: dot, svg, json or html (one page to explore it)"},
			&cli.StringSliceFlag{Name: "focus", Usage: "keep the neighbourhood of `REF` (Type[title]; repeatable)"},
			&cli.IntFlag{Name: "depth", Usage: "with --focus, keep resources at most `N` edges away (0: any distance)"},
			&cli.StringFlag{Name: "direction", Value: "both", Usage: "with --focus, follow edges `DIR`: up (what it depends on), down (what depends on it) or both"},
			&cli.BoolFlag{Name: "cycles", Usage: "keep only the resources caught in dependency cycles"},
			&cli.StringSliceFlag{Name: "type", Usage: "keep only resources of type `T` (repeatable)"},
			&cli.StringFlag{Name: "cluster", Usage: "group nodes by `KIND`: type, file, class (a box per class or define; the default for Puppet catalogs) or none"},
			&cli.StringSliceFlag{Name: "collapse", Usage: "draw class or define `REF` (Class[x]; repeatable; or all) as one node, with the edges into and out of it"},
			&cli.BoolFlag{Name: "force", Usage: fmt.Sprintf("render SVG even above %d resources", svgNodeLimit)},
			&cli.DurationFlag{Name: "timeout", Value: 5 * time.Minute, Usage: "stop an SVG render that takes longer than `DURATION`"},
		),
		Action: graphAction,
	}
}

func graphAction(c *cli.Context) error {
	f := graphFlagsOf(c)
	format, opts, sel, err := graphOptions(c, f)
	if err != nil {
		return err
	}
	cat, err := loadCatalog(c, commonOf(c).args, false)
	if err != nil {
		return err
	}
	sub, err := selectGraph(c, cat, sel, f.focus)
	if err != nil {
		return err
	}
	if err := classOptions(c, f, cat, &opts); err != nil {
		return err
	}
	opts.Caption = caption(sub.Focus, sel, opts)
	switch format {
	case "json":
		return writeOutput(c, func(w io.Writer) error { return render.GraphJSON(w, sub) })
	case "svg":
		return writeSVG(c, f, sub, opts)
	case "html":
		return writeGraphPage(c, f, sub, opts)
	}
	return writeOutput(c, func(w io.Writer) error { return render.DOT(w, sub, opts) })
}

// graphOptions checks the flags before any work: the format, the DOT
// options and the selection (without its focus, which needs the catalog).
func graphOptions(c *cli.Context, f graphFlags) (string, render.DOTOptions, graph.Selection, error) {
	var opts render.DOTOptions
	var sel graph.Selection
	format := f.format
	if format != "dot" && format != "svg" && format != "json" && format != "html" {
		return "", opts, sel, failf("--format %q is not a graph format: use dot, svg, json or html", format)
	}
	var err error
	if opts.Cluster, err = render.ParseCluster(f.cluster); err != nil {
		return "", opts, sel, fail(err.Error())
	}
	if sel.Direction, err = graph.ParseDirection(f.direction); err != nil {
		return "", opts, sel, fail("--direction " + err.Error())
	}
	if sel.Depth = f.depth; sel.Depth < 0 {
		return "", opts, sel, fail("--depth must be 0 (any distance) or more")
	}
	focus := len(f.focus) > 0
	if err := firstError(
		pointless(c, "depth", focus, "--focus REF"),
		pointless(c, "direction", focus, "--focus REF"),
		pointless(c, "force", format == "svg", "--format svg"),
		pointless(c, "timeout", format == "svg" || format == "html", "--format svg or html"),
		pointless(c, "cluster", format != "json", "--format dot, svg or html"),
		pointless(c, "collapse", format == "dot" || format == "svg", "--format dot or svg"),
	); err != nil {
		return "", opts, sel, err
	}
	sel.Cycles, sel.Types = f.cycles, f.types
	return format, opts, sel, nil
}

// selectGraph resolves --focus, builds the graph and selects from it,
// printing diagnostics and a note about cycles.
func selectGraph(c *cli.Context, cat *catalog.Catalog, sel graph.Selection, focus []string) (*graph.Subgraph, error) {
	var err error
	if sel.Focus, err = resolveAll(c, cat, focus); err != nil {
		return nil, err
	}
	sub, diags := graph.Build(cat).Select(sel)
	if err := printDiagnostics(c, diags, cat.Files()); err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, failed()
	}
	if jsonDiagnostics(c) {
		return sub, nil // stderr is one JSON document: no notes in it
	}
	if sel.Cycles && len(sub.Resources) == 0 {
		fmt.Fprintln(c.App.ErrWriter, "catc: the catalog has no dependency cycles; the graph is empty")
	}
	if n := sub.CycleCount(); n > 0 {
		// Drawing a cyclic graph succeeds (that is how one looks at the
		// cycle); say where the explanation is.
		fmt.Fprintf(c.App.ErrWriter, "catc: %s drawn in red; 'catc plan' lists each edge and where it was written\n", count(n, "dependency cycle"))
	}
	return sub, nil
}

// resolveAll resolves the --focus references, printing every error.
func resolveAll(c *cli.Context, cat *catalog.Catalog, refs []string) ([]*catalog.Resource, error) {
	var out []*catalog.Resource
	bad := false
	for _, ref := range refs {
		r, diags := graph.Resolve(cat, ref)
		if err := printDiagnostics(c, diags, cat.Files()); err != nil {
			return nil, err
		}
		if diags.HasErrors() {
			bad = true
			continue
		}
		out = append(out, r)
	}
	if bad {
		return nil, failed()
	}
	return out, nil
}

// caption says how the graph was selected and which classes opts
// collapses, for the picture's title.
func caption(focus []*catalog.Resource, sel graph.Selection, opts render.DOTOptions) string {
	var parts []string
	if len(focus) > 0 {
		refs := make([]string, len(focus))
		for i, r := range focus {
			refs[i] = r.Ref()
		}
		p := "focus " + strings.Join(refs, ", ")
		if sel.Depth > 0 {
			p += fmt.Sprintf(" (depth %d, %s)", sel.Depth, sel.Direction)
		} else if sel.Direction != graph.Both {
			p += fmt.Sprintf(" (%s)", sel.Direction)
		}
		parts = append(parts, p)
	}
	if sel.Cycles {
		parts = append(parts, "cycles only")
	}
	if len(sel.Types) > 0 {
		parts = append(parts, "types "+strings.Join(sel.Types, ", "))
	}
	if p := collapseCaption(opts); p != "" {
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ")
}

// writeSVG renders the DOT through the companion renderer.
func writeSVG(c *cli.Context, f graphFlags, sub *graph.Subgraph, opts render.DOTOptions) error {
	if n := len(sub.Resources); n > svgNodeLimit && !f.force {
		return failf(
			"the graph has %d resources, more than %d: its SVG would take long to render and be unreadable. "+
				"Draw part of it with --focus REF (and --depth N), --type T or --cycles, "+
				"or use --format dot, or pass --force to render it anyway", n, svgNodeLimit)
	}
	var dot bytes.Buffer
	if err := render.DOT(&dot, sub, opts); err != nil {
		return err
	}
	renderer, err := svgrenderer.Find()
	if err != nil {
		return fail(err.Error())
	}
	stop := showProgress(c.App.ErrWriter, fmt.Sprintf("rendering %s and %s as SVG", count(len(sub.Resources), "resource"), count(len(sub.Edges), "edge")))
	var svg bytes.Buffer
	err = svgrenderer.Render(c.Context, &svg, dot.Bytes(), svgrenderer.Options{Renderer: renderer, Timeout: f.timeout})
	stop() // before any output, which may go to the same terminal
	if err != nil {
		return fail(err.Error())
	}
	return writeOutput(c, bytesWriter(svg.Bytes()))
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
