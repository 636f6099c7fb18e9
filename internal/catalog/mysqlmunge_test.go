package catalog

import "testing"

// TestMysqlUserHost: the host of a mysql user name in lower case, the
// user part as mysql's munge regexp %r{^((['`"]?).*\2)@(.+)$} takes it:
// up to the last '@' with a host after it, or a quoted user up to its
// closing quote before an '@'; Ruby anchors ^ and $ at each line, so
// the first line that matches is the result (Ruby 3 on the module's
// regexp: "a@B\n" and "x\na@B" munge to "a@b", "x@Y\na@B" to "x@y").
func TestMysqlUserHost(t *testing.T) {
	t.Parallel()
	for _, tt := range [][2]string{
		{"bob@LOCALHOST", "bob@localhost"},
		{"Bob@Host.Example", "Bob@host.example"},
		{"a@b@C", "a@b@c"},
		{"'we@ird'@HOST", "'we@ird'@host"},
		{"`x`@H", "`x`@h"},
		{"'@H", "'@h"},
		{"'a'b@H", "'a'b@h"},
		{"bob@", "bob@"},
		{"@H", "@h"},
		{"nobody", "nobody"},
		{"", ""},
		{"a@B\n", "a@b"},
		{"x\na@B", "a@b"},
		{"x@Y\na@B", "x@y"},
		{"a@B\r", "a@b\r"},
		{"x\ny", "x\ny"},
	} {
		if got := mysqlUserHost(tt[0]); got != tt[1] {
			t.Errorf("mysqlUserHost(%q) = %q, want %q", tt[0], got, tt[1])
		}
	}
}
