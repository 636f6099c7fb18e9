// Package catalogjson owns catc's catalog JSON, format "catc.catalog/1"
// (Format): the one document `catc compile` writes and `catc diff` reads
// back. Its types (Document and the rest) are the wire format; New and
// OfGraph fill them from a catalog and its graph, Document.Write writes
// them, WriteCatalog does both. The plan JSON (`catc plan --format json`,
// WritePlan) is the same document, same format string, plus the apply
// "order", each resource's "refreshed_by" and the "cycles". Read reads
// either back, checked (one document, no key twice, this format).
//
// It sits above graph (a catalog's JSON carries its edges, a plan's its
// order) and below plandiff, which turns a Document into a snapshot to
// compare, and fleet, which embeds plans in catc.fleet-plan/1. It
// computes nothing: values come from catalog and graph; it writes by hand
// with internal/jsonw for speed, and decodes with encoding/json.
package catalogjson
