package lsp

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/testutil"
)

// spliceRoot is where the splice tests' workspace is (in memory only).
const spliceRoot = "/site"

// spliceWorkspace is a workspace holding files (relative names) on disk.
func spliceWorkspace(files map[string]string) *workspace {
	w := newWorkspace()
	w.folders = []string{spliceRoot}
	for n, s := range files {
		w.disk[filepath.Join(spliceRoot, n)] = []byte(s)
	}
	return w
}

// fullLoad is what a fresh server, with no cache, answers for w's files.
func fullLoad(w *workspace) *snapshot {
	fresh := newWorkspace()
	fresh.folders = w.folders
	for p, s := range w.disk {
		fresh.disk[p] = s
	}
	for p, s := range w.open {
		fresh.open[p] = s
	}
	return fresh.load()
}

// snapshotText is everything an editor is answered from a snapshot: the
// diagnostics with their ranges, every resource with its identity,
// relations and lookups, the catalog as catc's JSON, the plan, and the
// resources per file.
func snapshotText(t *testing.T, s *snapshot) string {
	t.Helper()
	var b strings.Builder
	for _, d := range s.diags {
		fmt.Fprintf(&b, "diag %d %q %q at %v", d.Severity, d.Summary, d.Detail, d.Subject)
		if d.Context != nil {
			fmt.Fprintf(&b, " in %v", *d.Context)
		}
		b.WriteString("\n")
	}
	cat := s.cat
	for i, r := range cat.Resources {
		fmt.Fprintf(&b, "res %d index=%d %s declared=%s at %v title %v tags=%v aliases=%v\n", i, r.Index, r.Ref(), r.DeclaredRef(), r.DeclRange, r.TitleRange, r.Tags, r.Aliases)
		if found := cat.Lookup(r.Type.Name, r.Title); found == nil {
			b.WriteString("  lookup by title finds nothing\n")
		} else if found != r {
			fmt.Fprintf(&b, "  lookup by title finds %d %s\n", found.Index, found.Ref())
		}
		for _, rel := range r.Relations {
			own := rel.Target.Index >= 0 && rel.Target.Index < len(cat.Resources) && cat.Resources[rel.Target.Index] == rel.Target
			fmt.Fprintf(&b, "  %v %s → %d %s own=%v at %v\n", rel.Kind, rel.RefText, rel.Target.Index, rel.Target.Ref(), own, rel.Range)
		}
	}
	if err := catalogjson.WriteCatalog(&b, cat); err != nil {
		t.Fatal(err)
	}
	if s.plan != nil {
		if err := render.PlanText(&b, s.plan); err != nil {
			t.Fatal(err)
		}
	}
	files := sortedKeys(s.byFile)
	for _, f := range files {
		fmt.Fprintf(&b, "file %s:", f)
		for _, r := range s.byFile[f] {
			fmt.Fprintf(&b, " %s", r.Ref())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// spliceEdit is one change of the site: in file, old replaced by new
// (old "": new appended; whole: the text replaced; remove: the file
// deleted).
type spliceEdit struct {
	name, file, old, new string
	remove               bool
	whole                bool // the file's whole text replaced by new
	// spliced: the load after the edit is spliced from the one before,
	// not made in full.
	spliced bool
}

// apply makes the edit in w, as an editor's buffer (a file created or
// deleted on disk); it returns the edit that undoes it.
func (e spliceEdit) apply(t *testing.T, w *workspace) func() {
	t.Helper()
	path := filepath.Join(spliceRoot, e.file)
	before, existed := w.text(path)
	switch {
	case e.remove:
		delete(w.disk, path)
		return func() { w.disk[path] = before }
	case !existed:
		w.disk[path] = []byte(e.new)
		return func() { delete(w.disk, path) }
	case e.whole:
		w.open[path] = []byte(e.new)
	case e.old == "":
		w.open[path] = append(append([]byte(nil), before...), e.new...)
	default:
		if !bytes.Contains(before, []byte(e.old)) {
			t.Fatalf("%s holds no %q", e.file, e.old)
		}
		w.open[path] = bytes.Replace(before, []byte(e.old), []byte(e.new), 1)
	}
	return func() { w.open[path] = before }
}

var spliceEdits = []spliceEdit{
	{name: "value change", file: "a.hcl", old: `ensure    = "running"`, new: `ensure    = "stopped"`, spliced: true},
	{name: "invalid value", file: "a.hcl", old: `ensure    = "running"`, new: `ensure    = "runninx"`, spliced: true},
	{name: "renamed title another file refers to", file: "a.hcl", old: `"package" "nginx"`, new: `"package" "nginx2"`, spliced: true},
	{name: "removed resource another file refers to", file: "a.hcl", old: "resource \"service\" \"nginx\" {\n  ensure    = \"running\"\n  subscribe = [file[\"/etc/nginx/nginx.conf\"]]\n}\n", new: "", spliced: true},
	{name: "new reference", file: "a.hcl", old: `ensure = "installed"`, new: `ensure = "installed"` + "\n  require = \"Exec[reload]\"", spliced: true},
	{name: "new reference to nothing, with a near name", file: "c.hcl", old: `before = service.web`, new: `before = service.wob`, spliced: true},
	{name: "declares what a reference waited for", file: "a.hcl", new: "\nresource \"package\" \"later\" {}\n", spliced: true},
	{name: "new resource a key finds", file: "a.hcl", new: "\nresource \"software\" \"zip-apt\" {\n  package = \"zap\"\n}\n", spliced: true},
	{name: "renamed title a key found", file: "b.hcl", old: `"software" "zipper"`, new: `"software" "zippy"`, spliced: true},
	{name: "alias changed", file: "b.hcl", old: `alias = ["wget"]`, new: `alias = ["wgot"]`, spliced: true},
	{name: "a cycle made", file: "c.hcl", old: `ensure = "present"`, new: `ensure = "present"` + "\n  require = \"File[/tmp/later]\"\n  subscribe = \"Service[web]\"", spliced: true},
	{name: "schedule", file: "c.hcl", old: `ensure  = "file"`, new: `ensure  = "file"` + "\n  schedule = \"nightly\"", spliced: true},
	{name: "duplicate declaration", file: "a.hcl", new: "\nresource \"service\" \"web\" {}\n"},
	{name: "alias conflict", file: "c.hcl", new: "\nresource \"software\" \"wget-apt\" {\n  alias = [\"wget\"]\n}\n"},
	{name: "key conflict", file: "c.hcl", new: "\nresource \"software\" \"other\" {\n  package = \"curl\"\n  manager = \"apt\"\n}\n"},
	{name: "a resource applied under another title", file: "c.hcl", new: "\nresource \"vhost\" \"www\" {\n  name = \"example.com\"\n}\n"},
	{name: "syntax error", file: "a.hcl", old: `ensure = "present"`, new: `ensure = "present`, spliced: true},
	{name: "type definition change", file: "00-types.hcl", old: `"Enum[present, absent]"`, new: `"Enum[present, absent, latest]"`},
	{name: "variable added", file: "a.hcl", new: "\nvariable \"port\" {\n  default = 80\n}\n", spliced: true},
	{name: "variable used", file: "a.hcl", new: "\nvariable \"port\" {\n  default = 80\n}\nresource \"file\" \"/etc/port\" {\n  content = \"${var.port}\"\n}\n"},
	{name: "a class", file: "a.hcl", new: "\nclass \"web\" {\n  resource \"file\" \"/srv/web\" {\n    ensure = \"directory\"\n  }\n}\ninclude \"web\" {}\n"},
	{name: "file deleted", file: "c.hcl", remove: true, spliced: true},
	{name: "file deleted another file refers to", file: "a.hcl", remove: true, spliced: true},
	{name: "file created", file: "d.hcl", new: "resource \"package\" \"later\" {\n  before = service.nginx\n}\n", spliced: true},
	{name: "file emptied", file: "c.hcl", whole: true, spliced: true},
	// b.hcl holds the only exec: the built-in types the site uses change.
	{name: "file emptied of a built-in type's last resource", file: "b.hcl", whole: true},
}

// TestSpliceMatchesFullLoad: after each edit of the table, and after it
// is undone, the server holds exactly what a fresh load of the same text
// gives (diagnostics, catalog, plan), whether the load was spliced from
// the last one or made in full; the snapshot before the edit is left as
// it was.
func TestSpliceMatchesFullLoad(t *testing.T) {
	t.Parallel()
	base := testutil.MustTxtar(filepath.Join("testdata", "splice.txtar"))
	for _, e := range spliceEdits {
		t.Run(e.name, func(t *testing.T) {
			t.Parallel()
			w := spliceWorkspace(base)
			first := w.load()
			firstText := snapshotText(t, first)
			undo := e.apply(t, w)
			got := w.load()
			if w.cache.Spliced() != e.spliced {
				t.Errorf("spliced = %v, want %v", w.cache.Spliced(), e.spliced)
			}
			compareSnapshots(t, "after the edit", got, fullLoad(w))
			if again := snapshotText(t, first); again != firstText {
				t.Errorf("the load changed the snapshot before it:\n%s", lineDiff(firstText, again))
			}
			undo()
			compareSnapshots(t, "after undoing it", w.load(), fullLoad(w))
		})
	}
}

func compareSnapshots(t *testing.T, when string, got, want *snapshot) {
	t.Helper()
	if g, w := snapshotText(t, got), snapshotText(t, want); g != w {
		t.Errorf("%s, the server holds otherwise than a full load:\n%s", when, lineDiff(w, g))
	}
}

// lineDiff lists the lines only one side has (- want, + got).
func lineDiff(want, got string) string {
	count := map[string]int{}
	for _, l := range strings.Split(want, "\n") {
		count[l]++
	}
	for _, l := range strings.Split(got, "\n") {
		count[l]--
	}
	var out []string
	for l, n := range count {
		switch {
		case n > 0:
			out = append(out, "- "+l)
		case n < 0:
			out = append(out, "+ "+l)
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		return "(the same lines, in another order)"
	}
	return strings.Join(out, "\n")
}

// TestSpliceRandomEdits makes random edits to a small generated site
// (values made valid and invalid, titles and references changed, blocks
// removed or copied from file to file, aliases given, files deleted and
// created, duplicates made) and checks after each that the server holds
// what a fresh load gives, and that many loads were spliced.
func TestSpliceRandomEdits(t *testing.T) {
	t.Parallel()
	steps := 400
	if testing.Short() {
		steps = 60
	}
	orig := map[string]string{}
	for _, f := range gen.Generate(gen.Options{Resources: 80, Files: 8}) {
		orig[f.Name] = string(f.Src)
	}
	files := maps.Clone(orig)
	w := spliceWorkspace(files)
	w.load()
	rng := rand.New(rand.NewPCG(29, 1))
	spliced := 0
	for step := 0; step < steps; step++ {
		what := randomEdit(rng, orig, files)
		w.disk = map[string][]byte{}
		for n, s := range files {
			w.disk[filepath.Join(spliceRoot, n)] = []byte(s)
		}
		got := w.load()
		if w.cache.Spliced() {
			spliced++
		}
		if g, want := snapshotText(t, got), snapshotText(t, fullLoad(w)); g != want {
			t.Fatalf("step %d (%s): the server holds otherwise than a full load:\n%s", step, what, lineDiff(want, g))
		}
	}
	// A duplicate (a copied block, a title renamed onto another) is
	// loaded in full, and so is the load after it: 45% are spliced.
	if spliced < steps/3 {
		t.Errorf("%d loads of %d were spliced; a third at least should be", spliced, steps)
	}
}

// randomEdit replaces one resource file of files by an edit of its
// original text (so that the site stays near the original: a duplicate
// lasts until its file is edited again), deletes it or copies it (the
// copy is deleted at the next step), and says what it did.
func randomEdit(rng *rand.Rand, orig, files map[string]string) string {
	var names []string
	for n := range orig {
		if strings.HasPrefix(n, "res-") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	const copied = "res-copy.hcl"
	if _, ok := files[copied]; ok {
		delete(files, copied)
		return "deleted " + copied
	}
	name := names[rng.IntN(len(names))]
	blocks := strings.SplitAfter(orig[name], "}\n")
	pick := func() int { return rng.IntN(len(blocks)) }
	num := func() string { return strconv.Itoa(rng.IntN(20)) }
	var what string
	switch op := rng.IntN(20); {
	case op < 4:
		values := []string{`"running"`, `"stopped"`, `"runninx"`}
		i := pick()
		blocks[i] = strings.Replace(blocks[i], `"running"`, values[rng.IntN(3)], 1)
		blocks[i] = strings.Replace(blocks[i], `"present"`, `"presend"`, rng.IntN(2))
		what = "changed a value in " + name
	case op < 6:
		i := pick()
		blocks[i] = strings.Replace(blocks[i], `"pkg-`, `"pkg-`+num(), 1)
		blocks[i] = strings.Replace(blocks[i], `"svc-`, `"svc-`+num(), 1)
		blocks[i] = strings.Replace(blocks[i], `-yum"`, `-apt"`, 1)
		what = "renamed a title in " + name
	case op < 8:
		i := pick()
		blocks[i] = strings.Replace(blocks[i], `pkg-`, `pkg-`+num(), 1)
		blocks[i] = strings.Replace(blocks[i], `service.svc-`, `service.svc-`+num(), 1)
		what = "changed a reference in " + name
	case op < 10:
		i := pick()
		blocks = append(blocks[:i], blocks[i+1:]...)
		what = "removed a block of " + name
	case op < 11:
		other := strings.SplitAfter(orig[names[rng.IntN(len(names))]], "}\n")
		blocks = append(blocks, "\n"+other[rng.IntN(len(other))])
		what = "copied a block into " + name
	case op < 13:
		i := pick()
		blocks[i] = strings.Replace(blocks[i], "{\n", "{\n  alias = [\"a"+num()+"\"]\n", 1)
		what = "gave a block an alias in " + name
	case op < 15:
		i := pick()
		blocks[i] = strings.Replace(blocks[i], "{\n", "{\n  require = \"Package[a"+num()+"]\"\n", 1)
		what = "added a reference to an alias in " + name
	case op < 16:
		delete(files, name)
		return "deleted " + name
	case op < 17:
		files[copied] = orig[name] // a duplicate of every resource
		return "copied " + name + " to " + copied
	default:
		what = "restored " + name
	}
	files[name] = strings.Join(blocks, "")
	return what
}
