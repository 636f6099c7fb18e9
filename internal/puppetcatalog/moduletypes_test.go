package puppetcatalog

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
)

// moduleCatalog is a catalog of Class[main] holding the given resources,
// each written `Type|title|{"param": …}` (the parameters as JSON).
func moduleCatalog(res ...string) string {
	var b strings.Builder
	b.WriteString(`{"name": "n", "catalog_format": 2, "resources": [` + "\n")
	b.WriteString(`{"type": "Class", "title": "main", "exported": false, "kind": "class"}`)
	for _, r := range res {
		f := strings.SplitN(r, "|", 3)
		fmt.Fprintf(&b, ",\n{\"type\": %q, \"title\": %q, \"exported\": false, \"kind\": \"compilable_type\", \"parameters\": %s}", f[0], f[1], f[2])
	}
	b.WriteString("\n], \"edges\": []}")
	return b.String()
}

// modelGraph models src with the built-in types only and builds its graph.
func modelGraph(t *testing.T, src string, defs *catalog.Catalog) (*catalog.Catalog, *graph.Graph) {
	t.Helper()
	pc, diags := Parse("cat.json", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, defs)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return c, graph.Build(c)
}

// TestModuleTypeAutoRules: each shipped module type's auto rule, read
// from its module's lib/puppet/type/*.rb, on the cases the corpus does
// not hold: the edges catc adds, as "From -> To".
func TestModuleTypeAutoRules(t *testing.T) {
	tests := []struct {
		name string
		res  []string
		want []string
	}{
		{"file_line requires its path",
			[]string{`File|/etc/sudoers|{}`, `File_line|rule|{"path": "/etc/sudoers", "line": "x"}`},
			[]string{"File[/etc/sudoers] -> File_line[rule]"}},
		{"ini_setting requires the parent directory, not the file",
			[]string{`File|/etc/app|{}`, `File|/etc/app/app.ini|{}`, `Ini_setting|s|{"path": "/etc/app/app.ini", "section": "a", "setting": "b"}`},
			[]string{"File[/etc/app] -> File[/etc/app/app.ini]", "File[/etc/app] -> Ini_setting[s]"}},
		{"ini_setting at the root requires /",
			[]string{`File|/|{}`, `Ini_setting|s|{"path": "/app.ini"}`},
			[]string{"File[/] -> Ini_setting[s]"}},
		{"ini_subsetting requires nothing",
			[]string{`File|/etc|{}`, `Ini_subsetting|s|{"path": "/etc/app.ini"}`},
			nil},
		{"concat_file requires the File of its title",
			[]string{`File|/etc/motd|{}`, `Concat_file|/etc/motd|{}`},
			[]string{"File[/etc/motd] -> Concat_file[/etc/motd]"}},
		{"concat_file requires the File of its path",
			[]string{`File|/etc/motd|{}`, `Concat_file|motd|{"path": "/etc/motd"}`},
			[]string{"File[/etc/motd] -> Concat_file[motd]"}},
		{"concat_fragment requires nothing",
			[]string{`File|/etc/motd|{}`, `Concat_file|/etc/motd|{}`, `Concat_fragment|f|{"target": "/etc/motd", "tag": "motd_parts"}`},
			[]string{"File[/etc/motd] -> Concat_file[/etc/motd]"}},
		{"postgresql_psql requires its instance's end anchor, main by default",
			[]string{`Anchor|postgresql::server::service::end::main|{}`, `Anchor|postgresql::server::service::end::other|{}`,
				`Postgresql_psql|a|{"command": "SELECT 1"}`, `Postgresql_psql|b|{"command": "SELECT 1", "instance": "other"}`},
			[]string{"Anchor[postgresql::server::service::end::main] -> Postgresql_psql[a]", "Anchor[postgresql::server::service::end::other] -> Postgresql_psql[b]"}},
		{"mysql types require /root/.my.cnf, a grant its user",
			[]string{`File|/root/.my.cnf|{}`, `Mysql_user|bob@localhost|{}`, `Mysql_database|app|{}`, `Mysql_plugin|auth|{}`,
				`Mysql_grant|bob@localhost/app.*|{"user": "bob@localhost", "table": "app.*", "privileges": ["ALL"]}`},
			[]string{"File[/root/.my.cnf] -> Mysql_database[app]", "File[/root/.my.cnf] -> Mysql_grant[bob@localhost/app.*]",
				"File[/root/.my.cnf] -> Mysql_plugin[auth]", "File[/root/.my.cnf] -> Mysql_user[bob@localhost]",
				"Mysql_user[bob@localhost] -> Mysql_grant[bob@localhost/app.*]"}},
		{"mysql_datadir requires Package[mysql-server]",
			[]string{`Package|mysql-server|{}`, `Mysql_datadir|/var/lib/mysql|{}`},
			[]string{"Package[mysql-server] -> Mysql_datadir[/var/lib/mysql]"}},
		{"apt_key requires its source when it is a path",
			[]string{`File|/etc/k.gpg|{}`, `Apt_key|A1|{"source": "/etc/k.gpg"}`, `Apt_key|B2|{"source": "https://example.com/k.gpg"}`},
			[]string{"File[/etc/k.gpg] -> Apt_key[A1]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, g := modelGraph(t, moduleCatalog(tt.res...), nil)
			var got []string
			for _, p := range autoPairs(g) {
				got = append(got, p[0]+" -> "+p[1])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("auto edges %q, want %q", got, tt.want)
			}
		})
	}
}

// TestModuleTypesKnown: a shipped module type is no unknown type (no
// note), while another module's Ruby type still is.
func TestModuleTypesKnown(t *testing.T) {
	c, _ := modelGraph(t, moduleCatalog(`File_line|l|{"path": "/etc/x", "line": "y"}`, `Sysctl|vm.swappiness|{"value": "10"}`), nil)
	notes := strings.Join(c.ExternalNotes(), "\n")
	if !strings.Contains(notes, "Auto relationships unknown for Sysctl") || !strings.Contains(notes, "catc doc --module-types") || strings.Contains(notes, "File_line") {
		t.Errorf("notes %q: want Sysctl named as unknown, File_line not", notes)
	}
	if r := c.Lookup("file_line", "l"); r == nil || r.External.Unknown {
		t.Errorf("File_line[l] is unknown")
	}
}

// TestModuleTypeUserDefinition: a type definition loaded beside the
// catalog (catc import of the module) replaces the shipped one, with a
// warning at its name that says so, once.
func TestModuleTypeUserDefinition(t *testing.T) {
	defs, diags := compiler.Load([]string{"testdata/modtypes/apt_key.hcl"}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	src := moduleCatalog(`File|/etc/k.gpg|{}`, `Package|apt|{}`, `Apt_key|A1|{"source": "/etc/k.gpg"}`, `Apt_key|B2|{}`)
	pc, _ := Parse("cat.json", []byte(src))
	_, mdiags := Model(pc, defs)
	if len(mdiags) != 1 || mdiags[0].Summary != "Shipped module type replaced" || mdiags[0].Subject.Filename != "testdata/modtypes/apt_key.hcl" ||
		!strings.Contains(mdiags[0].Detail, "replaces catc's shipped apt_key type (apt 10.0.1") {
		t.Errorf("diagnostics %v, want one warning that the shipped apt_key is replaced", mdiags)
	}
	c, g := modelGraph(t, src, defs)
	if td := c.Lookup("apt_key", "A1").Type; td.Builtin {
		t.Errorf("Apt_key[A1] has the shipped type, want the loaded one")
	}
	var got []string
	for _, p := range autoPairs(g) {
		got = append(got, p[0]+" -> "+p[1])
	}
	if want := []string{"Package[apt] -> Apt_key[A1]", "Package[apt] -> Apt_key[B2]"}; !slices.Equal(got, want) {
		t.Errorf("auto edges %q, want %q (the loaded type's rule)", got, want)
	}
}

// TestModuleTypesPuppetEdgeCases: the catalog of testdata/modtypes/edge.pp
// gets the auto edges Puppet added to it (edge.json), among them the one
// Puppet finds by a munged name: Mysql_user[bob@LOCALHOST] is
// bob@localhost to the module, so the grant of bob@localhost requires it.
func TestModuleTypesPuppetEdgeCases(t *testing.T) {
	var want corpusAnswer
	data, err := os.ReadFile("testdata/modtypes/edge.json")
	if err != nil || json.Unmarshal(data, &want) != nil {
		t.Fatalf("edge.json: %v", err)
	}
	src := moduleCatalog(
		`File|/|{}`, `Ini_setting|root|{"path": "/catc-app.ini", "section": "a", "setting": "b", "value": "c"}`,
		`File|/tmp/catc-pcat|{"ensure": "directory"}`, `Ini_setting|trailing|{"path": "/tmp/catc-pcat/x/", "section": "a", "setting": "b", "value": "c"}`,
		`Anchor|postgresql::server::service::end::main|{}`, `Anchor|postgresql::server::service::end::other|{}`,
		`Postgresql_psql|a|{"command": "SELECT 1"}`, `Postgresql_psql|b|{"command": "SELECT 1", "instance": "other"}`,
		`Mysql_user|bob@LOCALHOST|{}`, `Mysql_grant|bob@localhost/app.*|{"user": "bob@localhost", "table": "app.*", "privileges": ["ALL"]}`,
		`File|/tmp/catc-pcat/k.gpg|{}`, `Apt_key|6F6B15509CF8E59E6E469F327F438280EF8D349F|{"source": "/tmp/catc-pcat/k.gpg"}`,
		`Package|mysql-server|{"ensure": "absent"}`, `Mysql_datadir|/tmp/catc-pcat/mysql|{}`)
	_, g := modelGraph(t, src, nil)
	exp := knownAutoEdges(want)
	if !slices.ContainsFunc(exp, func(e []string) bool {
		return slices.Equal(e, []string{"Mysql_user[bob@LOCALHOST]", "Mysql_grant[bob@localhost/app.*]"})
	}) {
		t.Fatal("edge.json does not have the edge to the munged user name")
	}
	if got := autoPairs(g); !slices.EqualFunc(got, exp, slices.Equal) {
		t.Errorf("auto edges\n%q\nPuppet\n%q", got, exp)
	}
}
