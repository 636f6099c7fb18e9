package compiler

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestIndexFile: the site index of a file holds its classes and defines
// (doc comment, parameters with type, default and description), node
// blocks, declarations at any depth with their arguments, references
// (strings and class["x"]) with their parts, and lookups with literal
// keys; a file that does not parse gives what its recovered syntax
// holds.
func TestIndexFile(t *testing.T) {
	t.Parallel()
	src := `# Web.
// Serves.
class "::Profile::Web" {
  variable "port" {
    type        = "Integer[1, 65535]"
    default     = 80
    description = "The port."
  }
  variable "root" {}
  contain "nginx" {
    workers = lookup("nginx::workers")
  }
}

define "app::vhost" {}

node "/^web/" {
  resource "app::vhost" "shop" {
    require = ["Class[Profile::Web]", class["nginx"]]
  }
}
realize = ["User[alice]"]

resource "file" "/etc/motd" {
  content = "hi"
  before  = ["App::Vhost[shop]", class["profile::web"]]
}

resource "app::vhost" "blog" {
  port = lookup("blog::port")
}

group "g" {
  only_if = lookup("wiki::enabled")
  resource "app::vhost" "wiki" {
    require = "Class[Profile::Web]"
  }
  resource "app::vhost" "docs" {}
}
`
	f := IndexFile("s.hcl", []byte(src))
	type def struct {
		Name, Doc string
		Define    bool
		Params    []string
	}
	var defs []def
	for _, d := range f.Defs {
		x := def{Name: d.Name, Doc: d.Doc, Define: d.Define}
		for _, p := range d.Params {
			x.Params = append(x.Params, p.Name+"|"+p.Type+"|"+p.Default+"|"+p.Doc)
		}
		defs = append(defs, x)
	}
	want := []def{{Name: "profile::web", Doc: "Web.\nServes.", Params: []string{"port|Integer[1, 65535]|80|The port.", "root|||"}}, {Name: "app::vhost", Define: true}}
	if diff := cmp.Diff(want, defs); diff != "" {
		t.Errorf("definitions (-want +got):\n%s", diff)
	}
	var decls []string
	for _, d := range f.Decls {
		s := d.Kind + " " + d.Name + " " + d.Title + " " + src[d.NameRange.Start.Byte:d.NameRange.End.Byte]
		for _, a := range d.Args {
			s += " " + src[a.NameRange.Start.Byte:a.NameRange.End.Byte]
		}
		decls = append(decls, s)
	}
	if diff := cmp.Diff([]string{`contain nginx  "nginx" workers`, `resource app::vhost shop "app::vhost" require`,
		`resource file /etc/motd "file" content before`, `resource app::vhost blog "app::vhost" port`, `resource app::vhost wiki "app::vhost" require`, `resource app::vhost docs "app::vhost"`}, decls); diff != "" {
		t.Errorf("declarations (-want +got):\n%s", diff)
	}
	var refs []string
	for _, r := range f.Refs {
		refs = append(refs, r.Type+"|"+r.Title+"|"+src[r.TypeRange.Start.Byte:r.TypeRange.End.Byte]+"|"+src[r.TitleRange.Start.Byte:r.TitleRange.End.Byte])
	}
	if diff := cmp.Diff([]string{"Class|Profile::Web|Class|Profile::Web", `Class|nginx|class|["nginx"]`, "User|alice|User|alice",
		"App::Vhost|shop|App::Vhost|shop", `Class|profile::web|class|["profile::web"]`, "Class|Profile::Web|Class|Profile::Web"}, refs); diff != "" {
		t.Errorf("references (-want +got):\n%s", diff)
	}
	if len(f.Nodes) != 1 || f.Nodes[0].Name != "/^web/" {
		t.Errorf("nodes %+v", f.Nodes)
	}
	if len(f.Lookups) != 3 || f.Lookups[0].Key != "nginx::workers" || f.Lookups[1].Key != "blog::port" || f.Lookups[2].Key != "wiki::enabled" {
		t.Fatalf("lookups %+v", f.Lookups)
	}
	if o, ok := f.Lookups[0].Options(); !ok || o.HasDefault || o.Merge != nil {
		t.Errorf("options of a lookup without any: %+v %v", o, ok)
	}

	// from a load's parse, the same index (the file's lookups and
	// references in top-level resource blocks read from their extraction;
	// a group without classes, whose resources are extracted, gives the
	// lookup of its only_if once)
	pc := NewParseCache()
	LoadFiles([]string{"s.hcl"}, [][]byte{[]byte(src)}, LoadOptions{Cache: pc})
	if diff := cmp.Diff(f, pc.Index("s.hcl", []byte(src)), cmpopts.IgnoreFields(SiteLookup{}, "Call")); diff != "" {
		t.Errorf("the index from the parse cache (-parsed +cached):\n%s", diff)
	}

	broken := IndexFile("b.hcl", []byte("class \"a\" {\n  variable \"p\" {}\n}\ninclude \"a\" {\n  p = \n"))
	if len(broken.Defs) != 1 || broken.Defs[0].Name != "a" {
		t.Errorf("a half-typed file's definitions: %+v", broken.Defs)
	}
}
