package gen

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	blockRE = regexp.MustCompile(`(?m)^resource "([a-z_]+)" ("(?:[^"\\]|\\.)*") \{$`)
	refRE   = regexp.MustCompile(`\b(file|exec|user|group|package|service)\[("(?:[^"\\]|\\.)*")\]`)
)

// coreBlocks are the type and title of every resource block in files.
func coreBlocks(t *testing.T, files []File) (types []string, titles map[string]bool) {
	t.Helper()
	titles = map[string]bool{}
	for _, f := range files {
		for _, m := range blockRE.FindAllSubmatch(f.Src, -1) {
			title, err := strconv.Unquote(string(m[2]))
			if err != nil {
				t.Fatalf("%s: title %s: %v", f.Name, m[2], err)
			}
			types = append(types, string(m[1]))
			titles[string(m[1])+"["+title+"]"] = true
		}
	}
	return types, titles
}

func TestGenerateCore(t *testing.T) {
	t.Parallel()
	if m := coreModule(7, ""); len(m) != coreModuleSize || m[posService].typ != "service" || m[posService].title != "svc-7" {
		t.Fatalf("a module has %d blocks, %s[%s] at posService; want %d, Service[svc-7]", len(m), m[posService].typ, m[posService].title, coreModuleSize)
	}
	for _, n := range []int{0, 1, 39, 40, 105, 400} {
		files := Generate(Options{Resources: n, Files: 3, Core: true})
		if len(files) != 3 {
			t.Fatalf("n=%d: %d files, want 3", n, len(files))
		}
		types, titles := coreBlocks(t, files)
		if len(types) != n || len(titles) != n {
			t.Errorf("n=%d: %d resource blocks with %d distinct refs, want %d", n, len(types), len(titles), n)
		}
		for _, f := range files {
			if bytes.Contains(f.Src, []byte(`type "`)) {
				t.Errorf("n=%d: %s has a type block", n, f.Name)
			}
			// Every reference names a generated resource, also when the
			// catalog ends inside a module (n=105: before its service).
			for _, m := range refRE.FindAllSubmatch(f.Src, -1) {
				title, _ := strconv.Unquote(string(m[2]))
				if !titles[string(m[1])+"["+title+"]"] {
					t.Errorf("n=%d: %s refers to %s[%q], which is not generated", n, f.Name, m[1], title)
				}
			}
		}
		again := Generate(Options{Resources: n, Files: 3, Core: true})
		for i := range files {
			if !bytes.Equal(files[i].Src, again[i].Src) {
				t.Errorf("n=%d: %s differs between two runs", n, files[i].Name)
			}
		}
	}
}

// TestGenerateCoreShape: the mix of types, and the shapes the built-in
// types' auto rules meet, are all in a module.
func TestGenerateCoreShape(t *testing.T) {
	t.Parallel()
	files := Generate(Options{Resources: 400, Core: true})
	types, _ := coreBlocks(t, files)
	count := map[string]int{}
	for _, ty := range types {
		count[ty]++
	}
	want := map[string]int{"file": 240, "exec": 50, "user": 30, "group": 20, "package": 40, "service": 20}
	for ty, n := range want {
		if count[ty] != n {
			t.Errorf("%d %s resources, want %d (all: %v)", count[ty], ty, n, count)
		}
	}
	src := string(files[0].Src)
	for what, text := range map[string]string{
		"a title with a trailing slash":         `resource "file" "/srv/mod-3/releases/" {`,
		"a parent left out (v1/app)":            `resource "file" "/srv/mod-3/releases/v1/app/lib" {`,
		"a title that is not the path":          "path = \"/srv/mod-3/shared\"",
		"a link by target":                      "target = \"/srv/mod-3/releases/v1/app/lib\"",
		"a link by ensure":                      "ensure = \"/srv/mod-3/shared/config/settings.ini\"",
		"an owner by number":                    "owner = \"1000\"",
		"a group by number":                     "group = \"2003\"",
		"a gid by name":                         "gid = \"grp-3\"",
		"a gid by number":                       "gid = 2003",
		"groups of another module":              `groups = ["grp-3", "adm", "grp-2"]`,
		"a multi-line command":                  "command = <<-EOT\n    /usr/bin/tar -xzf /srv/mod-3/releases/v1.tgz",
		"a quoted leading path":                 `command = "\"/opt/mod 3/bin/run\" migrate --noinput"`,
		"a cwd":                                 "cwd = \"/srv/mod-3/shared\"",
		"onlyif as an array":                    "onlyif = [\"/usr/bin/test -d /var/lib/mod-3/data/cache\"]",
		"unless as an array":                    "unless = [\"/bin/grep -q done /var/lib/mod-3/state\"",
		"an exec's user":                        "user = \"u-3-ops\"",
		"notify to a later resource":            `notify = [service["svc-3"]]`,
		"before to an earlier resource":         `before = [file["/etc/mod-3"]]`,
		"a require beside the parent auto edge": `require = [file["/srv/mod-3/releases/v1/app/lib"]]`,
	} {
		if !strings.Contains(src, text) {
			t.Errorf("no %s (%q) in the generated catalog", what, text)
		}
	}
}
