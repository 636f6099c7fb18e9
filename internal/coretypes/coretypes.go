package coretypes

import (
	"embed"
	"strings"
)

//go:embed *.hcl
var files embed.FS

// Names are the built-in types, in the order they are declared.
var Names = []string{"file", "exec", "package", "service", "user", "group", "notify", "cron", "mount",
	"host", "ssh_authorized_key", "tidy", "schedule", "resources", "filebucket", "augeas", "sshkey",
	"mailalias", "selmodule", "selboolean", "yumrepo", "zfs", "zpool"}

// NotIsomorphic are the built-in types Puppet declares not isomorphic
// (types.json's "isomorphic": false): their resources are known by title
// only, so two of them may share a namevar value (two execs running the
// same command) and a reference by the namevar finds nothing.
var NotIsomorphic = []string{"exec", "tidy"}

// Prefix starts the file name of every built-in source, so that a
// diagnostic pointing into one says where it is (`<builtin>/file.hcl`).
const Prefix = "<builtin>/"

// Source is one built-in type's HCL.
type Source struct {
	Name string // Prefix + type name + ".hcl"
	Src  []byte
}

// Sources returns the built-in types' sources in declaration order; each
// call returns fresh slices, which the caller may keep.
func Sources() []Source {
	out := make([]Source, len(Names))
	for i, n := range Names {
		// Every name is embedded (the package's tests check it), so
		// SourceOf cannot fail; a missing one would only be left empty.
		out[i], _ = SourceOf(n)
	}
	return out
}

// SourceOf returns the source of the built-in type called name (lower
// case), reading only that one.
func SourceOf(name string) (Source, bool) {
	src, err := files.ReadFile(name + ".hcl")
	if err != nil {
		return Source{}, false
	}
	return Source{Name: Prefix + name + ".hcl", Src: src}, true
}

// IsBuiltinFile reports whether a file name (a diagnostic's or a range's)
// is one of the built-in sources.
func IsBuiltinFile(name string) bool {
	return strings.HasPrefix(name, Prefix)
}
