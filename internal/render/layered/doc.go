// Package layered lays out a graph whose nodes come in apply order, top
// to bottom, without Graphviz: each node sits one layer below the lowest
// node it depends on (its rank is the longest chain of edges before it),
// a layer wider than the picture should be wraps into several rows, and
// the nodes of a row are ordered by the mean position of what they depend
// on (one downward sweep). It is linear in nodes and edges plus a sort
// per layer, where Graphviz's dot layout took 18 s for 10,000 resources
// (see internal/render/htmlpage).
//
// It does not route edges (a page draws each as a curve from the bottom
// of its source to the top of its target), nor minimise crossings beyond
// that one sweep, nor measure text: widths are given.
package layered
