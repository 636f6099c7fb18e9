package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/render/htmlpage"
	"github.com/catc-dev/catc/internal/render/svgclient"
)

// writeGraphPage writes `graph --format html` to w: up to
// htmlpage.GraphvizLimit resources laid out by Graphviz as --format svg
// is, past it (or without the renderer, said on stderr when say is set)
// by the page's own layered layout.
func writeGraphPage(c *cmdRun, f graphFlags, sub *graph.Subgraph, opts dot.Options, say bool, w io.Writer) error {
	page := htmlpage.FromSubgraph(sub, "catc graph "+strings.Join(c.common.args, " "), opts.Caption)
	var popts htmlpage.Options
	if len(sub.Resources) <= htmlpage.GraphvizLimit {
		layout, err := pageLayout(c, f, sub, opts, say)
		if err != nil {
			return err
		}
		popts.Layout = layout
	}
	return htmlpage.Write(w, page, popts)
}

// pageLayout is Graphviz's layout for the page (catc-svg -layout), or
// nil (with a note when say is set) when the renderer is not installed.
func pageLayout(c *cmdRun, f graphFlags, sub *graph.Subgraph, opts dot.Options, say bool) ([]byte, error) {
	renderer, err := svgclient.Find()
	if err != nil {
		if say {
			fmt.Fprintln(c.stderr, "catc: the page is laid out without Graphviz: "+err.Error())
		}
		return nil, nil
	}
	var src bytes.Buffer
	opts.ForLayout = true
	if err := dot.Write(&src, sub, opts); err != nil {
		return nil, err
	}
	stop := showProgress(c.stderr, fmt.Sprintf("laying out %s and %s", count(len(sub.Resources), "resource"), count(len(sub.Edges), "edge")))
	layout, err := svgclient.Layout(c.ctx, src.Bytes(), svgclient.Options{Renderer: renderer, Timeout: f.timeout})
	stop()
	if err != nil {
		return nil, fail(err.Error())
	}
	return layout, nil
}

// diffPage writes `diff --format html`: the new catalog's graph with what
// the diff changes coloured, laid out by the page (removed resources are
// not in any one catalog Graphviz could draw).
func diffPage(old, new *plandiff.Snapshot, title string) func(io.Writer, *plandiff.PlanDiff) error {
	return func(w io.Writer, d *plandiff.PlanDiff) error {
		return htmlpage.Write(w, htmlpage.FromDiff(old, new, d, title), htmlpage.Options{})
	}
}
