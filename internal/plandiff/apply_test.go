package plandiff

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// applyRun is what Puppet logged in one run of a case of
// fixtures/oracle/catalogs/apply: the resources it refreshed ("Triggered
// 'refresh'"), the properties it changed ("File[/x] content") and the
// files it removed, by ref.
type applyRun struct {
	refreshed, changed, removed []string
}

// readApplyRun reads the run labelled label of CASE.apply.log, with $ROOT
// written back as the case's root.
func readApplyRun(t *testing.T, name, label string) applyRun {
	t.Helper()
	data, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "apply", name+".apply.log"))
	if err != nil {
		t.Fatal(err)
	}
	root := "/tmp/catc-apply-" + strings.ReplaceAll(name, "_", "-")
	text := strings.ReplaceAll(string(data), "$ROOT", root)
	var run applyRun
	in := false
	// notice /Stage[main]/Main/Concat[/x]/File[/x]/content | content changed …
	line := regexp.MustCompile(`^notice (\S*?)([A-Z][\w:]*\[[^\]]*\])(/(\w+))? \| (.*)$`)
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "== ") {
			in = strings.HasPrefix(l, "== "+label+":")
			continue
		}
		m := line.FindStringSubmatch(l)
		if !in || m == nil {
			continue
		}
		ref, prop, msg := m[2], m[4], m[5]
		switch {
		case strings.HasPrefix(msg, "Triggered 'refresh'"):
			run.refreshed = append(run.refreshed, ref)
		case prop == "ensure" && msg == "removed":
			run.removed = append(run.removed, ref)
		case prop != "" && strings.Contains(msg, " changed "):
			run.changed = append(run.changed, ref+" "+prop)
		}
	}
	for _, s := range [][]string{run.refreshed, run.changed, run.removed} {
		slices.Sort(s)
	}
	return run
}

// applyDiff diffs CASE.old.catalog.json and CASE.new.catalog.json of
// fixtures/oracle/catalogs/apply, with the types of typeFiles beside the
// built-in ones.
func applyDiff(t *testing.T, name string, typeFiles ...string) *PlanDiff {
	t.Helper()
	defs, diags := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	if len(typeFiles) > 0 {
		defs, diags = compiler.Load(typeFiles, compiler.LoadOptions{})
	}
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	side := func(s string) *Snapshot {
		file := testutil.Fixture("oracle", "catalogs", "apply", name+"."+s+".catalog.json")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return puppetSnapshotWith(t, file, data, defs)
	}
	return Diff(side("old"), side("new"))
}

// refreshedRefs are the refs the diff says will be refreshed, sorted.
func refreshedRefs(d *PlanDiff) []string {
	var out []string
	for _, r := range d.Refreshes {
		out = append(out, r.Ref)
	}
	slices.Sort(out)
	return out
}

// TestConcatRewritesAsPuppet: a change to concat fragments (content,
// order, target, one added, one removed) or to a concat's file mode
// rewrites the file concat generates and refreshes what the concat
// notifies or what subscribes to it, exactly where Puppet 7.23's real
// run of the new catalog did (concat_restart.apply.log: puppetlabs-concat
// 9.1.0); a fragment whose order changes without changing the sequence,
// and a concat with replace => false, rewrite nothing and refresh
// nothing, as in that run.
func TestConcatRewritesAsPuppet(t *testing.T) {
	t.Parallel()
	want := readApplyRun(t, "concat_restart", "new")
	if len(want.refreshed) < 5 {
		t.Fatalf("the log has %d refreshes: not read", len(want.refreshed))
	}
	d := applyDiff(t, "concat_restart")
	if got := refreshedRefs(d); !slices.Equal(got, want.refreshed) {
		t.Errorf("refreshed\n%q\nPuppet refreshed\n%q", got, want.refreshed)
	}
	var changed []string
	for _, g := range d.Generated {
		for _, c := range g.Changes {
			changed = append(changed, g.File+" "+c)
		}
	}
	slices.Sort(changed)
	if !slices.Equal(changed, want.changed) {
		t.Errorf("generated files changed\n%q\nPuppet changed\n%q", changed, want.changed)
	}
	// Each fragment change says which file it rewrites, but those of j
	// (the same sequence) and i (replace => false).
	for _, c := range d.Resources {
		if !strings.HasPrefix(c.Ref, "Concat_fragment[") {
			continue
		}
		rewrites := c.Ref != "Concat_fragment[j one]" && c.Ref != "Concat_fragment[i base]"
		if (c.Regenerates != "") != rewrites {
			t.Errorf("%s: rewrites %q, want a file: %v", c.Ref, c.Regenerates, rewrites)
		}
	}
}

// runLines are the lines of one run of CASE.apply.log.
func runLines(t *testing.T, name, label string) []string {
	t.Helper()
	data, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "apply", name+".apply.log"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	in := false
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "== ") {
			in = strings.HasPrefix(l, "== "+label+":")
			continue
		}
		if in && l != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestHaproxyMaxconnRestarts: raising maxconn in puppetlabs-haproxy
// 8.2.0's class changes one concat fragment; the diff says that haproxy's
// configuration file is rewritten and Service[haproxy] refreshed through
// Haproxy::Service. Puppet's --noop runs of both sides on a node whose
// file holds the old content (haproxy_maxconn.apply.log) differ in
// exactly that: the file's content, and the events it sends through the
// concat and Haproxy::Config into Haproxy::Service, whose service the
// agent restarts (concat_restart shows the restart for real).
func TestHaproxyMaxconnRestarts(t *testing.T) {
	t.Parallel()
	d := applyDiff(t, "haproxy_maxconn")
	cfg := "/tmp/catc-apply-haproxy-maxconn/etc/haproxy/haproxy.cfg"
	if len(d.Generated) != 1 || d.Generated[0].File != "File["+cfg+"]" || !slices.Equal(d.Generated[0].Changes, []string{"content"}) {
		t.Errorf("generated %+v, want File[%s] content", d.Generated, cfg)
	}
	if len(d.Refreshes) != 1 || !slices.Equal(d.Refreshes[0].Path, []string{"Concat_file[" + cfg + "]", "Haproxy::Service[haproxy]", "Service[haproxy]"}) {
		t.Errorf("refreshes %+v, want Service[haproxy] through Haproxy::Service[haproxy]", d.Refreshes)
	}
	old := runLines(t, "haproxy_maxconn", "old, noop")
	var onlyNew []string
	for _, l := range runLines(t, "haproxy_maxconn", "new, noop") {
		if !slices.Contains(old, l) {
			onlyNew = append(onlyNew, l)
		}
	}
	want := []string{
		"/File[$ROOT/etc/haproxy/haproxy.cfg]/content | current_value",
		"notice $ROOT/etc/haproxy/haproxy.cfg | Would have triggered 'refresh' from 1 event",
		"notice Concat[$ROOT/etc/haproxy/haproxy.cfg] | Would have triggered 'refresh' from 2 events",
		"notice Haproxy::Config[haproxy] | Would have triggered 'refresh' from 2 events",
	}
	if len(onlyNew) != len(want) {
		t.Fatalf("Puppet's new run differs in\n%q\nwant\n%q", onlyNew, want)
	}
	for i, w := range want {
		if !strings.Contains(onlyNew[i], w) {
			t.Errorf("Puppet's new run: %q, want %q", onlyNew[i], w)
		}
	}
}

// TestModuleTypeRefreshAsPuppet: puppetlabs-docker 10.3.0's
// docker_compose defines refresh, so `catc import` writes it refreshable
// (fixtures/oracle/catalogs/imported), and a change to the compose file
// it subscribes to refreshes Docker_compose[app], as Puppet 7.23's real
// run did (docker_compose.apply.log: the provider ran kill, build and up).
func TestModuleTypeRefreshAsPuppet(t *testing.T) {
	t.Parallel()
	want := readApplyRun(t, "docker_compose", "new")
	d := applyDiff(t, "docker_compose", testutil.Fixture("oracle", "catalogs", "imported", "docker_compose.hcl"))
	if got := refreshedRefs(d); !slices.Equal(got, want.refreshed) || len(got) != 1 {
		t.Errorf("refreshed %q, Puppet refreshed %q", got, want.refreshed)
	}
}
