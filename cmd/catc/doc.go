// catc compiles Puppet-Resource-API-style catalogs written in HCL, offline:
// it checks type definitions and resource declarations the way Puppet
// would, resolves titles into namevars, builds the dependency graph, finds
// cycles, orders the apply plan exactly as Puppet would, draws the graph,
// explains paths, and diffs two plans for a pull request.
//
// Usage:
//
//	catc COMMAND [FLAGS] ARGS...
//
// Commands:
//
//	validate PATH...              load and check; print diagnostics
//	compile PATH... [-o FILE]     the compiled catalog as JSON
//	plan PATH... [--format F]     the ordered apply plan (text or json)
//	why PATH... FROM [TO]         why FROM comes before TO, or REF's neighbours
//	graph PATH... [--format F]    the dependency graph (dot, svg or json)
//	diff OLD NEW | --base REV P   what a change does to the plan
//	match TYPE [VALUE]            check a JSON value against a Puppet data type
//	fmt [--check] [--diff] PATH   canonical HCL formatting
//	doc PATH... [-o DIR]          a Markdown reference of the types, classes and defines
//	version                       print the version (also --version)
//	help [COMMAND]                the commands, or one command's flags
//	completion bash|zsh|fish      a shell completion script
//
// PATH is a .hcl file or a directory (every *.hcl below it, in bytewise
// path order). Flags may come before or after the positional arguments.
// Exit codes: 0 success; 1 errors (invalid input, cycles, usage); 2 only
// from `diff --detailed-exitcode` when something changed; 128+N when
// killed by signal N (temporary output files are removed first).
//
// This package only wires the command line to the input stage
// (internal/source: what each path is, and its load), the composed
// stages (internal/pipeline: build and order), the graph, fleet and
// render packages, and to internal/gitrev (diff --base),
// internal/atomicfile (-o files, signal cleanup) and internal/render/svgclient
// (--format svg). It alone tunes the process: the garbage collector for
// batch commands (main.go, internal/gctune), the memory cap of every
// command that evaluates an input (memguard.go, internal/memguard) and
// the digest key of a run (digestkey.go).
package main
