// Package htmlpage writes `catc graph --format html` and `catc diff
// --format html`: one self-contained HTML file (its script, style and
// data inline; nothing fetched) to explore a dependency graph: pan and
// zoom, search, a resource's neighbours to a chosen depth with each
// edge's kinds and origins, the path between two resources, cycles, a
// type filter, groups (by type or file, and for a Puppet catalog by
// class, the grouping such a page opens with) that collapse into one
// node, and a URL fragment that keeps the selection. A big picture that
// would be unreadable whole opens with the groups of its default
// grouping collapsed (a Puppet catalog's classes), laid out to be read
// at Fit.
//
// It computes nothing about the graph: the nodes, edges, steps, cycles
// and origins come from package graph (Page.FromSubgraph) or plandiff
// (FromDiff); the path between two resources is found in the page by the
// same breadth-first search as graph.Plan.Why (edges tried in the order
// given, which is the graph's insertion order), and a browser test
// checks the two agree. The picture is either Graphviz's layout of the
// DOT package dot writes (the layout of `catc graph --format svg`), as
// data: Graphviz's JSON (`catc-svg -layout`), whose nodes and edges
// Write finds by their names (graphvizOf) and hands the page as shapes
// to draw, or, past GraphvizLimit resources and for a diff, package
// layered's positions, which the page draws itself. Collapsing
// a group lays the picture out again in the page by layered's rules,
// with the group one node (on a Graphviz page, in place of Graphviz's
// picture while a group is collapsed). Past 2,000 resources the page
// paints its picture on a canvas and makes SVG elements only for the
// resources in view (when few are) and those highlighted.
//
// A graph's page writes no attribute value: only refs, types, titles,
// file:line, steps, edge kinds and origins. A diff's page also writes
// each changed resource's lines and the data keys behind changed class
// parameters as the text diff words them (render.ChangeLines,
// render.DataCauseLines: a secret masked there). The data is JSON with <, >
// and & escaped, inside a script element of type application/json, so a
// title such as </script> stays text.
//
// Measured on 2 shared cores (internal/gen catalogs): Graphviz's dot
// layout through catc-svg took 0.64 s for 1,000 resources, 4.3 s for
// 5,000 (its SVG alone 6.6 MB) and 18.2 s for 10,000 (13.4 MB), so past
// GraphvizLimit the page is laid out by package layered. BenchmarkPage
// measures the rest: under a load average of 13–25, the page of 10,000
// resources is 1.24 MB (file names and the edge's refs written once,
// see fileTable), written in 0.17–0.62 s, and interactive, its picture
// laid out and painted in headless Chromium, after 0.74 s at best of
// five loads (median 1.3 s). Before the canvas, 20,000 SVG elements
// took 2.7–5.8 s; on the canvas, dashed curves for 10,000 edges took
// the rasteriser a second, so zoomed out edges are straight and solid.
// The web fixture's page: 75 kB, 79 ms to write with Graphviz's layout
// as data, 0.15 s to interactive (median 0.20 s), under a load average
// of 10 (with Graphviz's SVG it was 91 kB, 27 ms and 0.23 s, median
// 0.29 s, measured beside it).
package htmlpage
