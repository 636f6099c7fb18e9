// Package hclpaths turns the path arguments of catc's commands (check,
// plan, fmt, the language server's folders) into the *.hcl files they
// mean, in a stable order: directories walked bytewise, hidden ones left
// out, symbolic links followed without loops, each file once, and only
// where a checkout's link may lead (inputfile): below a directory named,
// never out of the working directory's tree for a path named. It reports
// what it skips or refuses as hcl diagnostics, and gives each file the
// roots its reader checks it against (File.Read): a file the walk found
// is opened at the path the walk resolved and checked, following no link,
// so a directory swapped for a link after the walk is refused, not
// followed. It does not read the files itself (catalog does, through
// internal/inputfile).
package hclpaths
