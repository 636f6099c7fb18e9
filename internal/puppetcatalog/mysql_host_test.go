package puppetcatalog

import (
	"slices"
	"testing"
)

// TestMysqlHostCase: a grant requires its user whichever side writes the
// host in upper case, as Puppet 7.23 drew it for
// testdata/modtypes/mysql_host.catalog.json (README.md there). A
// reference finds a user by its title or its munged name; its own host
// is not munged (Puppet munges a reference no more than a file's path:
// catalog/coreidentity.go), so Mysql_user['cy'@HOST] finds nothing.
func TestMysqlHostCase(t *testing.T) {
	g, _, _ := planPuppet(t, "testdata/modtypes/mysql_host.catalog.json")
	want := [][]string{
		{"Mysql_user[amy@localhost]", "Mysql_grant[amy@localhost/db.*]"},
		{"Mysql_user[bob@LOCALHOST]", "Mysql_grant[bob@localhost/db.*]"},
	}
	if got := autoPairs(g); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("auto edges %q, Puppet drew %q", got, want)
	}
	for _, title := range []string{"bob@LOCALHOST", "bob@localhost", "'cy'@host"} {
		if g.Catalog.Lookup("Mysql_user", title) == nil {
			t.Errorf("Mysql_user[%s] finds nothing", title)
		}
	}
	if r := g.Catalog.Lookup("Mysql_user", "'cy'@HOST"); r != nil {
		t.Errorf("Mysql_user['cy'@HOST] finds %s", r.Ref())
	}
}
