// Package plandiff compares two plans: what a change to a catalog does
// when Puppet applies it (`catc diff`). Each side is a Snapshot, reduced
// from a compiled plan (NewSnapshot) or read from a catalog or plan JSON
// file (ReadSnapshot); Diff matches resources by uniqueness key (so a
// rename is a rename), compares attribute values by behaviour (init_only,
// sensitive digests), edges, apply order, refresh chains, purges,
// failures and what they skip, and cycles. PlanDiff is the result, sorted
// by new apply step. A changed parameter of a class or defined-type
// instance carries where its value came from on each side, and the diff
// names the data keys behind such changes (origin.go: DataCauses).
//
// A snapshot read from JSON is ordered by graph's ordering core
// (graph.Digraph), the one graph.Order uses, so that a plan file and the
// catalog it was compiled from give the same order and cycles.
//
// The diff JSON (format "catc.diff/2", JSONFormat, docs/diff-json.md) is
// written and read here too (WriteJSON, NewJSONDocument, and
// JSONDocument.Diff for fleet merges), with the words it carries
// (PlanDiff.Summary, ResourceChange.Fate). Otherwise this package prints
// nothing for people: package render writes the text and Markdown forms.
package plandiff
