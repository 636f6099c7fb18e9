package catalog

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

func TestValidTag(t *testing.T) {
	t.Parallel()
	for tag, want := range map[string]bool{
		"web": true, "web_01": true, "a::b": true, "v1.2-rc": true, "_x": true, "é": true, "٣x": true,
		"": false, "-x": false, ".x": false, ":x": false, "a b": false, "a/b": false, "a\n": false,
	} {
		if got := ValidTag(tag); got != want {
			t.Errorf("ValidTag(%q) = %v, want %v", tag, got, want)
		}
	}
}

func TestValidTypeName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"apt_key": true, "a": true, "node_res2": true,
		"": false, "Apt_key": false, "1pkg": false, "_x": false, "a-b": false, "a::b": false, "é": false,
	} {
		if got := validTypeName(name); got != want {
			t.Errorf("validTypeName(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestCheckName is Puppet 7.23's naming rule, case by case, with its
// words (fixtures/oracle/classes/err_name_* record Puppet saying them).
func TestCheckName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind NameKind
		name string
		// puppet is Puppet's words, "" when Puppet accepts the name; why
		// a part of the reason; fix the suggested name.
		puppet, why, fix string
	}{
		// class and define labels
		{NameClass, "profile::web_01", "", "", ""},
		{NameClass, "fooBar", "", "", ""},     // CLASSREF_DECL: only each segment's first letter is lower case
		{NameClass, "foo::class", "", "", ""}, // a keyword only as the whole name
		{NameClass, "default::x", "", "", ""},
		{NameClass, "main", "", "", ""},
		{NameClass, "plan", "", "", ""}, // a future reserved word: a warning
		{NameClass, "Foo", "Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class Definition", `starts with "F"`, "foo"},
		{NameDefine, "Foo", "Unacceptable name. The name 'Foo' is unacceptable as the name of a 'define' expression", `starts with "F"`, "foo"},
		{NameClass, "_x", "Unacceptable name. The name '_x' is unacceptable as the name of a Host Class Definition", `starts with "_"`, "x"},
		{NameClass, "foo::_x", "Unacceptable name. The name 'foo::_x' is unacceptable as the name of a Host Class Definition", `segment "_x"`, "foo::x"},
		{NameClass, "foo-bar", "Unacceptable name. The name 'foo-bar' is unacceptable as the name of a Host Class Definition", `"-" is not`, "foo_bar"},
		{NameClass, "::foo", "Unacceptable name. The name '::foo' is unacceptable as the name of a Host Class Definition", `leading "::"`, "foo"},
		{NameClass, "", "Unacceptable name. The name '' is unacceptable as the name of a Host Class Definition", "empty", ""},
		{NameDefine, "web::-x", "Illegal fully qualified name", `segment "-x"`, "web::x"},
		{NameClass, "foo::9x", "Illegal fully qualified name", `segment "9x" starts with "9"`, "foo"},
		{NameClass, "a::::b", "Illegal fully qualified name", "empty segment", "a::b"},
		{NameClass, "a::", "Illegal fully qualified name", "empty segment", "a"},
		{NameClass, "foo::Bar", "Syntax error at '::Bar'", `segment "Bar"`, "foo::bar"},
		{NameClass, "9x", "Illegal number '9x'", `starts with "9"`, ""},
		{NameClass, "9", "Syntax error at '9'", `starts with "9"`, ""},
		{NameClass, "a.b", "Syntax error at '.'", `"." is not`, "a_b"},
		{NameClass, "a b", "Syntax error at 'b'", `" " is not`, "a_b"},
		{NameClass, "a/b", "Syntax error at '/'", `"/" is not`, "ab"},
		{NameClass, "../../x", "Syntax error at '.'", `starts with "."`, "x"},
		{NameClass, "é", "Syntax error at 'é'", `starts with "é"`, ""},
		{NameClass, "class", "'class' keyword not allowed at this location", "keyword", ""},
		{NameDefine, "default", "Syntax error at 'default'", "keyword", ""},
		{NameClass, "node", "Syntax error at 'node'", "keyword", ""},
		{NameClass, "integer", "The name: 'integer' is already defined by Puppet and can not be used as the name of a Host Class Definition.", "data types", ""},
		{NameDefine, "integer", "The name: 'integer' is already defined by Puppet and can not be used as the name of a 'define' expression.", "data types", ""},
		// the class Puppet's compiler declares on every node
		{NameClass, "settings", "", "", ""},
		{NameDefine, "settings", "Definition 'settings' is already defined; cannot be redefined as a class", "every node", "site::settings"},
		{NameDefine, "settings::x", "", "", ""},
		// a declaration looks any name up, in lower case without a leading "::"
		{NameDeclared, "Foo", "", "", ""},
		{NameDeclared, "::foo", "", "", ""},
		{NameDeclared, "../x", "Could not find class ::../x", "no class can be named so", "x"},
		{NameDeclared, "a b", "Could not find class ::a b", "no class can be named so", "a_b"},
		{NameDeclared, "_x", "Could not find class ::_x", "no class can be named so", "x"},
		{NameDeclared, "", "Cannot use empty string as a class name", "empty", ""},
		// the title of Class[…]: lower-cased, one leading "::" dropped, then NAME
		{NameClassRef, "Foo", "", "", ""},
		{NameClassRef, "::foo", "", "", ""},
		{NameClassRef, "../x", "Illegal name. The given name '../x' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/", `starts with "."`, "x"},
		{NameClassRef, "_x", "Illegal name. The given name '_x' does not conform", `starts with "_"`, "x"},
		{NameClassRef, "", "Illegal name. The given name '' does not conform", "empty", ""},
		// a resource's or a reference's type: capitalised, then CLASSREF_EXT
		{NameTypeRef, "nginx::vhost", "", "", ""},
		{NameTypeRef, "FOO", "", "", ""},
		{NameTypeRef, "::foo", "", "", ""},
		{NameTypeRef, "foo-bar", "Illegal type reference. The given name 'Foo-bar' does not conform to the naming rule", `"-" is not`, "foo_bar"},
		{NameTypeRef, "../x", "Illegal type reference. The given name '../x' does not conform to the naming rule", `starts with "."`, "x"},
		// node labels: \w, "-" and "."; a regex and default as they are
		{NameNode, "web-01.example.com", "", "", ""},
		{NameNode, "WEB_01", "", "", ""},
		{NameNode, "/^web-\\d+ x$/", "", "", ""},
		{NameNode, "default", "", "", ""},
		{NameNode, "a b", "The hostname 'a b' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)", `" " is not allowed`, ""},
		{NameNode, "web/01", "The hostname 'web/01' contains illegal characters", `"/" is not allowed`, ""},
		{NameNode, "", "Class '' is already defined; cannot be redefined as a node", "empty", ""},
	} {
		bad := CheckName(c.kind, c.name)
		switch {
		case c.puppet == "" && bad != nil:
			t.Errorf("CheckName(%d, %q) = %+v; Puppet accepts it", c.kind, c.name, *bad)
		case c.puppet == "":
		case bad == nil:
			t.Errorf("CheckName(%d, %q) = nil; Puppet says %q", c.kind, c.name, c.puppet)
		default:
			if !strings.HasPrefix(bad.Puppet, c.puppet) {
				t.Errorf("CheckName(%d, %q).Puppet = %q, want %q", c.kind, c.name, bad.Puppet, c.puppet)
			}
			if !strings.Contains(bad.Why, c.why) {
				t.Errorf("CheckName(%d, %q).Why = %q, want it to say %q", c.kind, c.name, bad.Why, c.why)
			}
			if bad.Fix != c.fix {
				t.Errorf("CheckName(%d, %q).Fix = %q, want %q", c.kind, c.name, bad.Fix, c.fix)
			}
		}
	}
}

// TestPuppetPlaceInVerdict: where Puppet names the definition's place,
// the diagnostic names catc's.
func TestPuppetPlaceInVerdict(t *testing.T) {
	t.Parallel()
	rng := hcl.Range{Filename: "site/main.hcl", Start: hcl.Pos{Line: 3, Column: 1}, End: hcl.Pos{Line: 3, Column: 18}}
	d := BadNameDiag(NameDefine, "settings", "", nil, rng, &rng)
	if want := "Definition 'settings' is already defined at site/main.hcl:3,1-18; cannot be redefined as a class"; d == nil || !strings.HasPrefix(d.Detail, want) {
		t.Errorf("BadNameDiag = %v, want %q", d, want)
	}
}

// TestFutureReservedDiag: Puppet 7.23 warns of plan as a class or
// define's whole name, and of no other.
func TestFutureReservedDiag(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{"plan": true, "foo::plan": false, "plans": false, "apply": false, "web": false} {
		for _, kind := range []NameKind{NameClass, NameDefine} {
			d := FutureReservedDiag(kind, name, hcl.Range{})
			if got := d != nil; got != want {
				t.Errorf("FutureReservedDiag(%d, %q) = %v, want a warning: %v", kind, name, d, want)
			}
			if d != nil && (d.Severity != hcl.DiagWarning || !strings.HasPrefix(d.Detail, "Use of future reserved word: 'plan'")) {
				t.Errorf("FutureReservedDiag(%d, %q) = %v: not Puppet's warning", kind, name, d)
			}
		}
	}
}

// TestCheckNameAllocatesNothing: a good name costs no allocation, as
// every reference of every load is checked.
func TestCheckNameAllocatesNothing(t *testing.T) {
	for _, c := range []struct {
		kind NameKind
		name string
	}{{NameClassRef, "Profile::Web"}, {NameTypeRef, "nginx::vhost"}, {NameTypeRef, "File"}, {NameClass, "profile::web"}, {NameNode, "web-01.example.com"}} {
		if n := testing.AllocsPerRun(100, func() { _ = CheckName(c.kind, c.name) }); n != 0 {
			t.Errorf("CheckName(%d, %q): %v allocations", c.kind, c.name, n)
		}
	}
}

// FuzzCheckName: any name gets a verdict without panicking, the same
// twice; a refused name has Puppet's words and a reason, and its
// suggestion, when there is one, is a name Puppet accepts.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"profile::web", "Foo", "a::::b", "../x", "9x", "é", "::", "a b", "foo::Bar-x", "class"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		for kind := NameClass; kind <= NameNode; kind++ {
			bad := CheckName(kind, name)
			again := CheckName(kind, name)
			if (bad == nil) != (again == nil) || bad != nil && *bad != *again {
				t.Fatalf("CheckName(%d, %q) differs between calls", kind, name)
			}
			if bad == nil {
				continue
			}
			if bad.Puppet == "" || bad.Why == "" {
				t.Errorf("CheckName(%d, %q) = %+v: no words or no reason", kind, name, *bad)
			}
			if bad.Fix != "" && CheckName(NameClass, bad.Fix) != nil {
				t.Errorf("CheckName(%d, %q) suggests %q, which Puppet refuses", kind, name, bad.Fix)
			}
		}
	})
}

// TestRedefinesPuppetType: a define may not have the name of a type of
// Puppet's own (once a resource loads it); a module's type's name, a
// bookkeeping type's or a namespaced one is fine.
func TestRedefinesPuppetType(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"user":        "Could not autoload puppet/type/user: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/user'.",
		"exec":        "Could not autoload puppet/type/exec: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/exec'.",
		"mount":       "",
		"stage":       "",
		"site::user":  "",
		"nginx_vhost": "",
	} {
		if got := RedefinesPuppetType(name); got != want {
			t.Errorf("RedefinesPuppetType(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestBadNameDiagListsNamesOnlyWhenBad: the site's names, which a class
// site of 2,000 classes lists at a cost, are asked for only when a name
// is refused (every defaults block and declaration of every class body
// and define instance passes here; listing them each time made the
// 100,000-resource class site 1.3x slower).
func TestBadNameDiagListsNamesOnlyWhenBad(t *testing.T) {
	t.Parallel()
	asked := 0
	names := func() []string { asked++; return []string{"web::vhost"} }
	rng := hcl.Range{Filename: "main.hcl"}
	if d := BadNameDiag(NameTypeRef, "web::vhost", "", names, rng, nil); d != nil || asked != 0 {
		t.Errorf("a good name: %v, names asked %d times; want no diagnostic, never asked", d, asked)
	}
	d := BadNameDiag(NameTypeRef, "web::-vhost", "", names, rng, nil)
	if d == nil || asked != 1 || !strings.Contains(d.Detail, "web::vhost") {
		t.Errorf("a bad name: %v, names asked %d times; want a diagnostic suggesting web::vhost, asked once", d, asked)
	}
}
