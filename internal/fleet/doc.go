// Package fleet compiles one site for many nodes and answers the fleet
// questions: which nodes compile (Validate, Plans), and what a change does
// to every node, with the nodes grouped by what changes (Diff, Merge).
//
// The site's files are parsed and everything that does not depend on the
// node evaluated once per side (compiler.LoadSite). The nodes are then
// keyed by what the sites read of them (compiler.Site.Inputs: keyer), and
// each class of nodes is compiled, ordered and compared once, for a
// stand-in holding sentinels where the nodes' verbatim values go; each
// node's outcome is its class's with its own values in their place,
// which is what compiling it gives (classes, diffclass, compileclass).
// A diff whose old side is each node's own (Sides.OldOf: what it runs
// now, from PuppetDB) compiles and compares every node. The nodes come
// from a list (or ListStream), or are read from their facts files as the
// run goes (Stream: DiffStream, ValidateStream, PlansStream), on several
// goroutines; only the distinct outcomes, and a bounded number of
// classes, are kept, so neither every node nor every catalog is ever
// held. A fleet of catalogs Puppet compiled, one NODE.json per node on
// each side (CatalogNodes, DiffCatalogs), or in one directory to check,
// plan or draw (CatalogDir, ReadCatalogs), is read node by node and
// grouped the same way, with what catc cannot know of the catalogs
// gathered once for them all (catalog.Notes). Package render prints the
// results for people. It writes no file: the command writes what it
// returns (package atomicfile is the command's).
//
// The fleet JSON is written and read here: the fleet diff, format
// "catc.fleet-diff/1" (JSONFormat: WriteJSON, and ReadJSON for --merge),
// whose groups hold plandiff's catc.diff/2 documents, and plan --nodes,
// format "catc.fleet-plan/1" (PlansJSONFormat: WritePlansJSON), whose
// plans are catalogjson's plan documents. Summary and OnNodes phrase what
// those documents and the fleet's diagnostics say.
package fleet
