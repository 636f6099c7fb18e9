package catalog

import "strings"

// mungeMysql is the value of attribute name of a shipped mysql type as
// the module's Ruby munges it, and whether it munges that attribute:
// mysql_user's name and mysql_grant's user lower-case the host of
// user@host. The agent keys a resource by its munged name (so
// Mysql_user[bob@LOCALHOST] is also found as bob@localhost) and a grant
// requires the user it munged. (mysql_grant's name also loses its single
// quotes; catc keeps them: the module refuses a grant whose name, so
// munged, is not its user/table, so a quote can only be a stray one.)
func mungeMysql(typ, name, s string) (string, bool) {
	if typ == "mysql_user" && name == "name" || typ == "mysql_grant" && name == "user" {
		return mysqlUserHost(s), true
	}
	return s, false
}

// mysqlUserHost is the module's munge %r{^((['`"]?).*\2)@(.+)$}: user@host
// with the host in lower case. Ruby's ^ and $ anchor at each line, so
// the first line that has an '@' with a host after it is the whole
// result (the module's validation, anchored the same way, lets the other
// lines through: "a@B\n" is a@b). A value without such a line is kept.
func mysqlUserHost(s string) string {
	for line := range strings.SplitSeq(s, "\n") {
		if m, ok := mysqlUserHostLine(line); ok {
			return m
		}
	}
	return s
}

// mysqlUserHostLine is mysqlUserHost of one line, and whether the munge
// matches it. The user part is what comes before the last '@' that has
// a host after it, or, for a user quoted with ', ` or ", up to the last
// quote of that kind followed by '@'.
func mysqlUserHostLine(s string) (string, bool) {
	at := -1
	if len(s) > 0 && strings.IndexByte("'`\"", s[0]) >= 0 {
		for i := len(s) - 2; i >= 2; i-- {
			if s[i] == '@' && s[i-1] == s[0] {
				at = i
				break
			}
		}
	}
	if at < 0 {
		at = strings.LastIndexByte(s[:max(len(s)-1, 0)], '@')
	}
	if at < 0 {
		return "", false
	}
	return s[:at+1] + strings.ToLower(s[at+1:]), true
}
