package catalog

import "strings"

// Puppet's own core types (Puppet::Type) identify resources a little
// differently from Resource API types, and the built-in types
// (TypeDef.Builtin) follow them; fixtures/oracle/core holds the answers.

// mungeKey is a resource's uniqueness key as the agent registers it in
// the catalog, each value munged (mungeKeyValue); a lookup's own key is
// not munged, so `/a/../b` finds no File['/b'] (file_link_target_forms).
func (t *TypeDef) mungeKey(key []any) []any {
	if !t.Builtin {
		return key
	}
	names := t.keyNames
	if names == nil {
		names = t.sortedNamevarNames()
	}
	out := make([]any, len(key))
	for i, v := range key {
		out[i] = t.mungeKeyValue(names[i], v)
	}
	return out
}

// mungeKeyValue is a namevar's value as Puppet's core type munges it
// before it enters the uniqueness key: file's path is expand_path'ed
// (file_path_trailing_slash), mount's name loses its trailing slashes
// (mount_trailing_slash). Of the shipped module types, mysql's munge
// the host of a user name to lower case (mysql_user's name, and
// mysql_grant's user, which its rule reads: mysqlmunge.go). Other
// values are kept.
func (t *TypeDef) mungeKeyValue(name string, v any) any {
	s, ok := v.(string)
	if !ok || !t.Builtin {
		return v
	}
	if m, ok := mungeMysql(t.Name, name, s); ok {
		return m
	}
	switch {
	case name == "path" && strings.EqualFold(t.Name, "file") && strings.HasPrefix(s, "/"):
		return expandPath(s)
	case name == "name" && strings.EqualFold(t.Name, "mount") && len(s) > 1:
		if trimmed := strings.TrimRight(s, "/"); trimmed != "" {
			return trimmed
		}
		return s[:1]
	}
	return v
}
