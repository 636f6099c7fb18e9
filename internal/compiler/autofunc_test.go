package compiler

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
)

func loadAutoFuncs(t *testing.T, src string) (*catalog.Catalog, hcl.Diagnostics) {
	t.Helper()
	types, err := os.ReadFile("testdata/autofunc/types.hcl")
	if err != nil {
		t.Fatal(err)
	}
	return LoadFiles([]string{"types.hcl", "decl.hcl"}, [][]byte{types, []byte(src)}, LoadOptions{})
}

// autoTargetRefs is what every rule of r names, one line per rule with
// targets: "autorequire file: File[/a] File[/b]". A line says so when
// EachAutoTarget does not give AutoTargets' targets and terms in order.
func autoTargetRefs(c *catalog.Catalog, r *catalog.Resource) []string {
	var out []string
	for _, rule := range r.Type.AutoRules {
		var refs, each []string
		for i, term := range c.AutoTargets(r, rule) {
			for _, x := range term {
				refs = append(refs, x.Ref())
				each = append(each, fmt.Sprint(i, x.Ref()))
			}
		}
		c.EachAutoTarget(r, rule, func(i int, x *catalog.Resource) {
			if len(each) == 0 || each[0] != fmt.Sprint(i, x.Ref()) {
				out = append(out, fmt.Sprintf("EachAutoTarget gives term %d %s, AutoTargets %v", i, x.Ref(), each))
				return
			}
			each = each[1:]
		})
		if len(each) > 0 {
			out = append(out, fmt.Sprintf("EachAutoTarget misses %v", each))
		}
		if len(refs) > 0 {
			out = append(out, rule.Kind.String()+" "+rule.Target+": "+strings.Join(refs, " "))
		}
	}
	return out
}

func TestAutoFunctions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, of string
		want          []string
	}{
		{"nearest managed ancestor, gaps skipped", `
resource "file" "/" {}
resource "file" "/srv" {}
resource "file" "/srv/a/b/c" {}`, "File[/srv/a/b/c]", []string{"autorequire file: File[/srv]"}},
		{"root has no parent", `
resource "file" "/" {}`, "File[/]", nil},
		{"dots, double and trailing slashes collapse before the search", `
resource "file" "/srv/b" {}
resource "file" "/srv/a/../b/./c//d/" {}`, "File[/srv/a/../b/./c//d/]", []string{"autorequire file: File[/srv/b]"}},
		{"a leading double slash collapses", `
resource "file" "/tmp" {}
resource "file" "//tmp/x" {}`, "File[//tmp/x]", []string{"autorequire file: File[/tmp]"}},
		{"an ancestor found through its munged title", `
resource "file" "/srv/" {}
resource "file" "/srv/x" {}`, "File[/srv/x]", []string{"autorequire file: File[/srv/]"}},
		{"state as a path is a link target; the words are not", `
resource "file" "/l" { state = "/t" }
resource "file" "/t" { state = "file" }
resource "file" "file" {}`, "File[/l]", []string{"autorequire file: File[/t]"}},
		{"target wins over state's path", `
resource "file" "/l" {
  state  = "/t"
  target = "/u"
}
resource "file" "/t" {}
resource "file" "/u" {}`, "File[/l]", []string{"autorequire file: File[/u]"}},
		{"state false is absent, true a link to true", `
resource "file" "/a" { state = false }
resource "file" "/b" { state = true }
resource "file" "false" {}
resource "file" "true" {}`, "File[/b]", []string{"autorequire file: File[true]"}},
		{"owner by name, never by number", `
resource "user" "4711" {}
resource "user" "bob" {}
resource "file" "/a" { owner = "4711" }
resource "file" "/b" { owner = 4711 }
resource "file" "/c" { owner = ["bob", "4711"] }`, "File[/c]", []string{"autorequire user: User[bob]"}},
		{"owner digits string", `
resource "user" "4711" {}
resource "file" "/a" { owner = "4711" }`, "File[/a]", nil},
		{"gid by number: the first group with that gid, numerically", `
resource "group" "4801" {}
resource "group" "g1" { gid = "4801" }
resource "group" "g2" { gid = 4801 }
resource "user" "u" {
  gid    = 4801
  groups = ["g2", "nope"]
}`, "User[u]", []string{"autorequire group: Group[g1] Group[g2]"}},
		{"gid as a name, a digit string is a number", `
resource "group" "4801" {}
resource "group" "staff" {}
resource "user" "a" { gid = "staff" }
resource "user" "b" { gid = "4801" }`, "User[a]", []string{"autorequire group: Group[staff]"}},
		{"gid digit string with a leading zero is octal, as Ruby's Integer()", `
resource "group" "g" { gid = 8 }
resource "user" "u" { gid = "010" }`, "User[u]", []string{"autorequire group: Group[g]"}},
		{"exec: cwd, every line's leading path, quoted paths, onlyif commands", `
resource "file" "/w" {}
resource "file" "/bin/a;" {}
resource "file" "/opt/b" {}
resource "file" "/q q" {}
resource "file" "/c" {}
resource "file" "/d" {}
resource "file" "/e" {}
resource "exec" "x" {
  command = "/bin/a; echo\n  /indented\ncd /nope\n/opt/b --x\n\"/q q\" arg"
  cwd     = "/w"
  onlyif  = ["/c x", ["/d", "/e"]]
}`, "Exec[x]", []string{"autorequire file: File[/w] File[/bin/a;] File[/opt/b] File[/q q] File[/c] File[/d]"}},
		{"not_digits keeps an Integer, drops a string of digits", `
resource "user" "4711" {}
resource "user" "4712" {}
resource "exec" "a" { user = 4711 }
resource "exec" "b" { user = "4712" }`, "Exec[a]", []string{"autorequire user: User[4711]"}},
		{"not_digits on a string of digits", `
resource "user" "4712" {}
resource "exec" "b" { user = "4712" }`, "Exec[b]", nil},
		{"exec: an array command, only its first element", `
resource "file" "/a" {}
resource "file" "/b" {}
resource "exec" "x" {
  command = ["/a", "/b"]
  user    = "0"
}`, "Exec[x]", []string{"autorequire file: File[/a]"}},
		{"mount: every ancestor, root first; files strictly below, by path", `
resource "mount" "/" {}
resource "mount" "/m/n" {}
resource "mount" "/m" {}
resource "file" "/m" {}
resource "file" "/m/x" {}
resource "file" "/m//y" {}
resource "file" "/mz/w" {}
resource "file" "/m/n/f" {}`, "Mount[/m/n]", []string{"autorequire mount: Mount[/] Mount[/m]", "autobefore file: File[/m/n/f]"}},
		{"ascend keeps dots and inner double slashes, as Pathname#ascend", `
resource "mount" "/m" {}
resource "mount" "/m/a" {}
resource "mount" "/m/c" {}
resource "mount" "/m/a/../b" {}
resource "mount" "/m//c/./d" {}`, "Mount[/m//c/./d]", []string{"autorequire mount: Mount[/m]"}},
		{"ascend: .. is a segment", `
resource "mount" "/m" {}
resource "mount" "/m/a" {}
resource "mount" "/m/a/../b" {}`, "Mount[/m/a/../b]", []string{"autorequire mount: Mount[/m] Mount[/m/a]"}},
		{"mount: the name is an unescaped regexp", `
resource "mount" "/a.b" {}
resource "file" "/aXb/f" {}
resource "file" "/a.b/g" {}`, "Mount[/a.b]", []string{"autobefore file: File[/aXb/f] File[/a.b/g]"}},
		{"mount: root matches no file", `
resource "mount" "/" {}
resource "file" "/etc/x" {}`, "Mount[/]", nil},
		{"format fills in the values, an unset one as nothing", `
resource "file" "/d/m.pp" {}
resource "file" "/m.pp" {}
resource "mount" "m" { selmoduledir = "/d" }`, "Mount[m]", []string{"autorequire file: File[/d/m.pp]"}},
		{"format with an unset value", `
resource "file" "/m.pp" {}
resource "mount" "m" {}`, "Mount[m]", []string{"autorequire file: File[/m.pp]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, diags := loadAutoFuncs(t, tt.src)
			if errs := errorsOnly(diags); len(errs) > 0 {
				t.Fatalf("errors:\n%s", describeDiags(errs))
			}
			var r *catalog.Resource
			for _, x := range c.Resources {
				if x.Ref() == tt.of {
					r = x
				}
			}
			if r == nil {
				t.Fatalf("no %s", tt.of)
			}
			if d := cmp.Diff(tt.want, autoTargetRefs(c, r)); d != "" {
				t.Errorf("auto targets of %s (-want +got):\n%s", tt.of, d)
			}
		})
	}
}
