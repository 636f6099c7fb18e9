// Package puppetdb reads a live PuppetDB (query API v4: PuppetDB 7 and 8,
// OpenVoxDB): the names of the nodes a PQL query selects (Certnames), the
// facts of nodes with their trusted data (Nodes, from inventory), and a
// node's current catalog (CatalogJSON, Catalog; Prefetch for a fleet).
// Facts are read by limit and offset in certname order, catalogs a page
// of nodes by name at a time.
//
// It connects as Puppet's own clients do (Config): TLS with Puppet's CA,
// a client certificate, the server's name checked; plain http:// only to
// loopback unless allowed; a token (X-Authentication) for PE's RBAC.
// Every query only reads (a GET, or a POST for a page of nodes by
// name), bounded in time (connect, and each wait for
// data) and size (per row), read as a stream, and tried once more when
// the connection drops. Errors name the URL and say what to do; none
// holds the token or a key.
//
// Catalogs are read by puppetcatalog (PuppetDB's query output); facts
// become nodefacts.Node. It knows nothing of the command line, and it
// does not compare catalogs (fleet, plandiff).
package puppetdb
