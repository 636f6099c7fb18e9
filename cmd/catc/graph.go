package main

import (
	"bytes"
	"fmt"

	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/render/svgclient"
)

// svgNodeLimit is the node count above which --format svg refuses to
// render without --force: Graphviz takes seconds to minutes there, and
// the picture is no longer readable.
const svgNodeLimit = 2000

func graphCommand() *cli.Command {
	return &cli.Command{
		Name:      "graph",
		Usage:     "draw the dependency graph as DOT, SVG, JSON or an HTML page to explore it",
		ArgsUsage: "PATH...",
		Description: catalogPathsHelp + "one picture per node, into -o DIR\n" +
			"(DIR/NODE.dot, .svg, .json or .html), every one or none.\n\n" +
			"An edge A -> B means A is applied before B; resources are drawn top to bottom\n" +
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
		Action: withRun(graphAction),
	}
}

func graphAction(c *cmdRun) error {
	f := c.graphFlags
	format, opts, sel, err := graphOptions(c, f)
	if err != nil {
		return err
	}
	d := drawing{f: f, format: format, opts: opts, sel: sel}
	if dir, types, ok, err := catalogDirArgs(c); err != nil || ok {
		if err != nil {
			return err
		}
		return graphCatalogDir(c, d, dir, types)
	}
	cat, err := loadCatalog(c, c.common.args, false)
	if err != nil {
		return err
	}
	sub, opts, diags, err := d.selectIn(c, graph.Build(cat))
	if perr := printDiagnostics(c, diags, cat.Files()); perr != nil {
		return perr
	}
	if diags.HasErrors() {
		return failed()
	}
	if err != nil {
		return err
	}
	sayCycles(c, sel, sub)
	data, err := d.render(c, sub, opts, true)
	if err != nil {
		return err
	}
	return writeOutput(c, bytesWriter(data))
}

// drawing is what the graph flags ask to draw, read once: for one
// catalog, or for each node of a directory of catalogs.
type drawing struct {
	f      graphFlags
	format string
	opts   dot.Options
	sel    graph.Selection
}

// selectIn resolves the flags that name resources in g's catalog
// (--focus, --collapse) and selects what to draw. The diagnostics say
// what the catalog lacks; the error, a --collapse that names no class.
func (d drawing) selectIn(c *cmdRun, g *graph.Graph) (*graph.Subgraph, dot.Options, hcl.Diagnostics, error) {
	opts, sel := d.opts, d.sel
	var diags hcl.Diagnostics
	sel.Focus, diags = resolveRefs(g.Catalog, d.f.focus)
	if diags.HasErrors() {
		return nil, opts, diags, nil
	}
	sub, more := g.Select(sel)
	diags = append(diags, more...)
	if diags.HasErrors() {
		return nil, opts, diags, nil
	}
	more, err := classOptions(d.f, g.Catalog, &opts)
	diags = append(diags, more...)
	if diags.HasErrors() || err != nil {
		return nil, opts, diags, err
	}
	opts.Caption = caption(sub.Focus, sel, opts)
	return sub, opts, diags, nil
}

// render draws sub in the chosen format. A page without the renderer is
// laid out by the page, said on stderr when say is set.
func (d drawing) render(c *cmdRun, sub *graph.Subgraph, opts dot.Options, say bool) ([]byte, error) {
	var b bytes.Buffer
	var err error
	switch d.format {
	case "json":
		err = render.GraphJSON(&b, sub)
	case "svg":
		return drawSVG(c, d.f, sub, opts)
	case "html":
		err = writeGraphPage(c, d.f, sub, opts, say, &b)
	default:
		err = dot.Write(&b, sub, opts)
	}
	return b.Bytes(), err
}

// sayCycles says on stderr that a --cycles picture is empty, or that the
// picture holds cycles and where they are explained.
func sayCycles(c *cmdRun, sel graph.Selection, sub *graph.Subgraph) {
	if jsonDiagnostics(c) {
		return // stderr is one JSON document: no notes in it
	}
	if sel.Cycles && len(sub.Resources) == 0 {
		fmt.Fprintln(c.stderr, "catc: the catalog has no dependency cycles; the graph is empty")
	}
	if n := sub.CycleCount(); n > 0 {
		// Drawing a cyclic graph succeeds (that is how one looks at the
		// cycle); say where the explanation is.
		fmt.Fprintf(c.stderr, "catc: %s drawn in red; 'catc plan' lists each edge and where it was written\n", count(n, "dependency cycle"))
	}
}

// graphOptions checks the flags before any work: the format, the DOT
// options and the selection (without its focus, which needs the catalog).
func graphOptions(c *cmdRun, f graphFlags) (string, dot.Options, graph.Selection, error) {
	var opts dot.Options
	var sel graph.Selection
	format := f.format
	if format != "dot" && format != "svg" && format != "json" && format != "html" {
		return "", opts, sel, failf("--format %q is not a graph format: use dot, svg, json or html", format)
	}
	var err error
	if opts.Cluster, err = dot.ParseCluster(f.cluster); err != nil {
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

// resolveRefs resolves the references refs name in cat (--focus,
// --collapse), with a diagnostic for each that names nothing.
func resolveRefs(cat *catalog.Catalog, refs []string) ([]*catalog.Resource, hcl.Diagnostics) {
	var out []*catalog.Resource
	var diags hcl.Diagnostics
	for _, ref := range refs {
		r, more := graph.Resolve(cat, ref)
		diags = append(diags, more...)
		if !more.HasErrors() {
			out = append(out, r)
		}
	}
	return out, diags
}

// caption says how the graph was selected and which classes opts
// collapses, for the picture's title.
func caption(focus []*catalog.Resource, sel graph.Selection, opts dot.Options) string {
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

// drawSVG renders the DOT through the companion renderer.
func drawSVG(c *cmdRun, f graphFlags, sub *graph.Subgraph, opts dot.Options) ([]byte, error) {
	if n := len(sub.Resources); n > svgNodeLimit && !f.force {
		return nil, failf(
			"the graph has %d resources, more than %d: its SVG would take long to render and be unreadable. "+
				"Draw part of it with --focus REF (and --depth N), --type T or --cycles, "+
				"or use --format dot, or pass --force to render it anyway", n, svgNodeLimit)
	}
	var src bytes.Buffer
	if err := dot.Write(&src, sub, opts); err != nil {
		return nil, err
	}
	renderer, err := svgclient.Find()
	if err != nil {
		return nil, fail(err.Error())
	}
	stop := showProgress(c.stderr, fmt.Sprintf("rendering %s and %s as SVG", count(len(sub.Resources), "resource"), count(len(sub.Edges), "edge")))
	var svg bytes.Buffer
	err = svgclient.Render(c.ctx, &svg, src.Bytes(), svgclient.Options{Renderer: renderer, Timeout: f.timeout})
	stop() // before any output, which may go to the same terminal
	if err != nil {
		return nil, fail(err.Error())
	}
	return svg.Bytes(), nil
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
