// Package hclpaths turns the path arguments of catc's commands (check,
// plan, fmt, the language server's folders) into the *.hcl files they
// mean, in a stable order: directories walked bytewise, hidden ones left
// out, symbolic links followed without loops or escapes from the tree,
// each file once. It reports what it skips as hcl diagnostics; it does
// not read the files (catalog does, through internal/inputfile).
package hclpaths
