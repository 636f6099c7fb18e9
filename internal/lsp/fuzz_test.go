package lsp

import (
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// FuzzRequests: whatever the text of an open file and wherever the
// cursor, completion, hover, definition, references, symbols and
// formatting answer without panicking.
//
// The fuzzed file's seeds are small and the workspace's other files hold
// the full types and site: the fuzzer minimizes every input that finds
// new coverage by trying to remove every range of bytes (quadratic in its
// length) for up to a minute, so with typesHCL as a seed a 10 s run spent
// its time minimizing and made a few executions.
func FuzzRequests(f *testing.F) {
	f.Add([]byte("resource \"file\" \"/x\" {\n  ensure = \"present\"\n  require = [package.nginx]\n}"), 40)
	f.Add([]byte("type \"t\" {\n  attribute \"a\" {\n    type = \"Sensitive[String]\"\n    default = \"s\"\n  }\n}"), 50)
	f.Add([]byte("type_alias \"M::P\" {\n  type = \"Integer\"\n}"), 15)
	f.Add([]byte("resource \"file\" \"/x\" {\n  require = [file[\n"), 30)
	f.Add([]byte("type \"t\" {\n  autorequire {\n    x = \"$"), 30)
	f.Add([]byte(`resource "" "" {""="${`), 10)
	f.Add([]byte("class \"a::b\" {\n  variable \"p\" {\n    default = lookup(\"k\", { merge = \"deep\" })\n  }\n}\ninclude \"a::b\" { p = 1 }\n"), 60)
	f.Add([]byte("define \"d\" {}\nresource \"d\" \"t\" { require = [\"Class[A::B]\", class[\"x\"], \"D[t]\"] }\n"), 50)
	root := f.TempDir()
	testutil.WriteFiles(f, root, map[string]string{"types.hcl": typesHCL, "site.hcl": siteHCL})
	ws := newWorkspace()
	ws.folders = []string{root}
	ws.scan()
	path := filepath.Join(root, "edit.hcl")
	f.Fuzz(func(t *testing.T, src []byte, off int) {
		if len(src) > 4096 {
			return
		}
		ws.open[path] = src
		snap := ws.load()
		snap.fileDiagnostics()
		off = min(max(off, 0), len(src))
		c := cursorAt(src, path, off)
		snap.complete(c, src, path)
		tg := snap.at(path, off)
		snap.hoverText(tg)
		if tg.res != nil {
			snap.resourceRefs(tg.res, true)
		}
		if tg.td != nil {
			snap.typeRefs(tg.td, true)
		}
		ix, _ := indexSite(snap.srcs, nil, ws.cache)
		v := siteView{snap, ix}
		v.completeSite(c)
		st := ix.at(path, off)
		v.siteHover(st)
		st.definitionOf()
		if st.def != nil {
			ix.defRefs(st.def, true)
		}
	})
}
