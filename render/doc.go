// Package render writes what the other stages compute for people: plans
// and `why` answers as text, the graph as DOT/SVG and graph JSON, diffs
// and fleet results as text and Markdown, type documentation,
// diagnostics, and the `catc why` hint of a cycle (WhyHints). It computes
// nothing itself: every function takes a finished value (a *graph.Plan, a
// graph.Why, …) and an io.Writer, and returns only I/O errors.
//
// It owns no wire format and never decodes: catc's catalog and plan JSON
// are internal/catalogjson's, the diff JSON plandiff's, the fleet JSON
// fleet's, Puppet's catalog format internal/puppetcatalog's. Output is
// deterministic: the same value always gives the same bytes.
package render
