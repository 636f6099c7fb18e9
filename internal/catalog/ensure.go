package catalog

import "strings"

// EnsureRemoves reports whether an ensure value of a resource of the type
// called typeName (any case) makes Puppet remove the resource: "absent"
// for every type; for Puppet's file also false, which its ensure aliases
// to absent (lib/puppet/type/file/ensure.rb), written as a boolean or a
// string; for package also "purged" (removed with its configuration).
// The munged values are fixtures/oracle/core/values.jsonl's: service's
// false means stopped and package's false is no removal.
func EnsureRemoves(typeName string, v any) bool {
	switch strings.ToLower(typeName) {
	case "file":
		return v == "absent" || v == false || v == "false"
	case "package":
		return v == "absent" || v == "purged"
	}
	return v == "absent"
}
