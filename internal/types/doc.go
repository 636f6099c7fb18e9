// Package types is the Puppet 4+ data type system as Puppet 7.23 has it, for
// plain data: the values an HCL or JSON document can hold.
//
// It parses type expression strings (Parse), prints their canonical form
// (Type.String), decides whether a value is an instance of a type
// (IsInstance), and describes a mismatch in Puppet's exact words (Check).
// Regexp and Pattern[] sources are translated from Ruby to Go's RE2 syntax
// by internal/rubyregexp. It reads a value from JSON (DecodeJSON) and
// owns a value's JSON form (WriteJSON, EncodeJSON), which every catc
// JSON document writes through internal/jsonw.
//
// It does not know about HCL files, resources or catalogs: callers map
// offsets in a type string to source ranges themselves. It does not coerce
// values: "1" is never an Integer.
package types
