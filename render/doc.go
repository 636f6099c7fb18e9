// Package render formats what the other stages compute: plans and `why`
// answers as text and JSON (this file's siblings plan*.go and why*.go),
// and the graph as DOT (internal/svgrenderer lays it out as SVG), diffs and type documentation. It computes
// nothing itself: every function takes a finished value (a *graph.Plan, a
// graph.Why, …) and an io.Writer, and returns only I/O errors (and
// PuppetCatalog its refusal to write secrets it was not told to reveal).
//
// Machine formats use unexported protocol structs with JSON tags here;
// domain types elsewhere carry none. Output is deterministic: the same
// value always gives the same bytes.
package render
