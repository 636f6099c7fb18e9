// Package htmlpage writes `catc graph --format html` and `catc diff
// --format html`: one self-contained HTML file (its script, style and
// data inline; nothing fetched) to explore a dependency graph: pan and
// zoom, search, a resource's neighbours to a chosen depth with each
// edge's kinds and origins, the path between two resources, cycles, a
// type filter, groups (by type or file; any other key, such as a Puppet
// class, is one more Grouping) that collapse into one node, and a URL
// fragment that keeps the selection.
//
// It computes nothing about the graph: the nodes, edges, steps, cycles
// and origins come from package graph (Page.FromSubgraph) or plandiff
// (FromDiff); the path between two resources is found in the page by the
// same breadth-first search as graph.Plan.Why (edges tried in the order
// given, which is the graph's insertion order), and a browser test
// checks the two agree. The picture is either Graphviz's SVG of the DOT
// package render writes (the layout of `catc graph --format svg`) or,
// past GraphvizLimit resources, package layered's positions, which the
// page draws itself.
//
// No attribute value is ever written: only refs, types, titles,
// file:line, steps, edge kinds and origins. The data is JSON with <, >
// and & escaped, inside a script element of type application/json, so a
// title such as </script> stays text.
//
// Measured on 2 shared cores (internal/gen catalogs): Graphviz's dot
// layout through catc-svg took 0.64 s for 1,000 resources, 4.3 s for
// 5,000 (its SVG alone 6.6 MB) and 18.2 s for 10,000 (13.4 MB), so past
// GraphvizLimit the page is laid out by package layered. BenchmarkPage
// measures the rest (that machine under a load average of 10–16): the
// page of 10,000 resources is 2.35 MB and takes 0.13–0.49 s to write
// (select, data, layout, HTML); it is interactive, its picture laid out
// and painted, after 2.7–5.8 s in headless Chromium, more than the 2 s
// aimed at. About a third of that is reading the document and building
// the data, a third parsing the picture's 20,000 elements, a third
// Chromium's layout and paint; to keep those down, past 2,000 resources
// labels are drawn only for the nodes in view once legible and only
// cycle edges carry arrow heads. The web fixture's page: 75 kB, 12–107 ms
// to write with Graphviz's layout, 0.3 s to interactive.
package htmlpage
