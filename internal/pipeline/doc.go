// Package pipeline composes catc's stages once: a loaded catalog (HCL,
// or a Puppet catalog modelled with its types) is built into its
// dependency graph and ordered as Puppet's agent would (Plan), or
// reduced to the snapshot a diff compares (Snapshot). Every command, the
// fleet runs and the language server go through it, so the chain read →
// model → build → order is written here only.
//
// It reads no file and prints nothing: the input stage (internal/source)
// reads, the callers print the diagnostics it returns.
package pipeline
