// Package graph is the dependency stage of catc: it turns a loaded
// catalog into a directed graph, orders the apply plan exactly as Puppet
// does, finds dependency cycles at compile time, works out which
// resources refresh which, and explains why one resource comes before
// another.
//
// Direction, once and for all: an edge A → B means "A is applied before
// B". `require = A` and `subscribe = A` on B, and `before = B` and
// `notify = B` on A, all give A → B; so do the type rules autorequire and
// autosubscribe (target → resource) and autobefore and autonotify
// (resource → target). Kinds subscribe, notify, autosubscribe and
// autonotify also carry refresh events from A to B.
//
// The passes, in order:
//
//   - Build adds every manual edge (resource by resource in declaration
//     order; require, subscribe, before, notify), then the auto edges
//     resource by resource (autorequire, autosubscribe, autobefore,
//     autonotify), skipping an auto edge when the two resources already
//     have an edge in either direction, as Puppet 7 does. Parallel kinds
//     between one pair are one Edge carrying all of them, with the
//     Origin of each.
//   - Order runs Kahn's algorithm taking, among the ready resources, the
//     one declared first (Puppet's order), finds the cycles among what it
//     could not order (Tarjan's strongly connected components, then one
//     shortest simple cycle per component by breadth-first search) and
//     computes which resources' events reach each resource: the
//     RefreshersShown nearest and the count of the others (a chain of
//     refresh edges makes every list quadratic in all), over a
//     RefreshNet that a diff keeps to find what its changes refresh in
//     one pass (RefreshNet.FirstReaching). The result is a Plan; cycles
//     also come back as hcl.Diagnostics. The ordering core
//     (Digraph: Kahn with priorities, components, shortest cycle) is
//     exported for package plandiff, which orders a plan read back from
//     JSON with it.
//   - Plan.Why and Plan.Neighbours answer `catc why`.
//
// The graph is stored as adjacency lists of *Edge in edge insertion
// order (Puppet's adjacency order, which decides ties in cycle paths) and
// an index of edges by pair. A gonum simple.DirectedGraph was the first
// store, but its two maps per node alone took half of the 1 s budget for
// 100,000 resources, and it cannot hold self-loops; so neither the graph
// nor a plan read back from JSON is ordered over one.
//
// This package computes values and formats nothing but diagnostics, and
// those say nothing of how the user runs catc: a cycle's suggested edge
// is data (SuggestedEdge, the diagnostic's Extra), from which the CLI and
// the language server phrase the `catc why` command line;
// package render prints plans and why answers, package plandiff compares
// two plans. It never edits the catalog.
package graph
