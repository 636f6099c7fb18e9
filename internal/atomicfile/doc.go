// Package atomicfile writes catc's output files so that a reader, a
// failure or a signal never sees half of one: a file is written beside
// its target and renamed over it (WriteFile, ReplaceFile), a directory
// output gets every file or none (StageDir), and the temporary files of
// the process are removed on SIGINT, SIGTERM or SIGHUP before it exits
// (Registry.CleanupOnSignal). A Guard keeps an output from replacing one
// of the command's inputs, or a file catc did not write (CatcWrote
// recognises catc's outputs by their first bytes).
//
// It does not render anything, write standard output (a Buffer holds
// what is printed there until it is whole), read flags, or phrase
// command-line errors beyond naming the path the user gave.
package atomicfile
