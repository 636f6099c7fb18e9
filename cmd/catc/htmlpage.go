package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/render/htmlpage"
	"github.com/catc-dev/catc/internal/svgrenderer"
)

// writeGraphPage writes `graph --format html` to w: up to
// htmlpage.GraphvizLimit resources laid out by Graphviz as --format svg
// is, past it (or without the renderer, said on stderr when say is set)
// by the page's own layered layout.
func writeGraphPage(c *cmdRun, f graphFlags, sub *graph.Subgraph, opts render.DOTOptions, say bool, w io.Writer) error {
	page := htmlpage.FromSubgraph(sub, "catc graph "+strings.Join(c.common.args, " "), opts.Caption)
	var popts htmlpage.Options
	if len(sub.Resources) <= htmlpage.GraphvizLimit {
		svg, err := pageSVG(c, f, sub, opts, say)
		if err != nil {
			return err
		}
		popts.SVG = svg
	}
	return htmlpage.Write(w, page, popts)
}

// pageSVG is Graphviz's picture for the page, or nil (with a note when
// say is set) when the renderer is not installed.
func pageSVG(c *cmdRun, f graphFlags, sub *graph.Subgraph, opts render.DOTOptions, say bool) ([]byte, error) {
	renderer, err := svgrenderer.Find()
	if err != nil {
		if say {
			fmt.Fprintln(c.stderr, "catc: the page is laid out without Graphviz: "+err.Error())
		}
		return nil, nil
	}
	var dot bytes.Buffer
	if err := render.DOT(&dot, sub, opts); err != nil {
		return nil, err
	}
	stop := showProgress(c.stderr, fmt.Sprintf("laying out %s and %s", count(len(sub.Resources), "resource"), count(len(sub.Edges), "edge")))
	var svg bytes.Buffer
	err = svgrenderer.Render(c.ctx, &svg, dot.Bytes(), svgrenderer.Options{Renderer: renderer, Timeout: f.timeout})
	stop()
	if err != nil {
		return nil, fail(err.Error())
	}
	return svg.Bytes(), nil
}

// diffPage writes `diff --format html`: the new catalog's graph with what
// the diff changes coloured, laid out by the page (removed resources are
// not in any one catalog Graphviz could draw).
func diffPage(old, new *plandiff.Snapshot, title string) func(io.Writer, *plandiff.PlanDiff) error {
	return func(w io.Writer, d *plandiff.PlanDiff) error {
		return htmlpage.Write(w, htmlpage.FromDiff(old, new, d, title), htmlpage.Options{})
	}
}
