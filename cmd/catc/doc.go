// catc compiles Puppet-Resource-API-style catalogs written in HCL, offline.
//
// Usage:
//
//	catc COMMAND [FLAGS] ARGS...
//
// Commands:
//
//	match TYPE [VALUE]   check a JSON value against a Puppet data type, or print the type's canonical form
//	version              print the version
//
// Flags may come before or after the positional arguments. Exit codes: 0
// success, 1 errors (invalid input, a value that does not match, usage).
package main
