package plandiff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// puppetChain is a Puppet catalog of n execs in one of these shapes:
// "subscribe" (each exec subscribes to the one before), "notify" (each
// notifies the one after), "classes" (each exec in its own class, each
// class notifying the next: events pass through the classes' whits) and
// "layers" (layers of 10 execs, each subscribing to the whole layer
// before). Exec i runs command0 for i == 0, else "/bin/true i".
func puppetChain(n int, shape, command0 string) []byte {
	var res, edges []string
	res = append(res, `{"type": "Stage", "title": "main", "tags": ["stage"], "exported": false, "kind": "compilable_type", "parameters": {"name": "main"}}`,
		`{"type": "Class", "title": "main", "tags": ["class"], "exported": false, "kind": "unknown", "parameters": {"name": "main"}}`)
	edges = append(edges, `{"source": "Stage[main]", "target": "Class[main]"}`)
	for i := range n {
		cmd := fmt.Sprintf("/bin/true %d", i)
		if i == 0 {
			cmd = command0
		}
		params := fmt.Sprintf(`"command": %q`, cmd)
		container := "Class[main]"
		switch {
		case shape == "subscribe" && i > 0:
			params += fmt.Sprintf(`, "subscribe": "Exec[e%d]"`, i-1)
		case shape == "notify" && i+1 < n:
			params += fmt.Sprintf(`, "notify": "Exec[e%d]"`, i+1)
		case shape == "layers" && i >= 10:
			var before []string
			for p := i/10*10 - 10; p < i/10*10; p++ {
				before = append(before, fmt.Sprintf("%q", fmt.Sprintf("Exec[e%d]", p)))
			}
			params += `, "subscribe": [` + strings.Join(before, ", ") + `]`
		case shape == "classes":
			container = fmt.Sprintf("Class[C%d]", i)
			notify := ""
			if i+1 < n {
				notify = fmt.Sprintf(`, "parameters": {"notify": "Class[C%d]"}`, i+1)
			}
			res = append(res, fmt.Sprintf(`{"type": "Class", "title": "C%d", "tags": ["class"], "exported": false, "kind": "unknown"%s}`, i, notify))
			edges = append(edges, fmt.Sprintf(`{"source": "Class[main]", "target": "Class[C%d]"}`, i))
		}
		res = append(res, fmt.Sprintf(`{"type": "Exec", "title": "e%d", "tags": ["exec"], "file": "/site.pp", "line": %d, "exported": false, "kind": "compilable_type", "parameters": {%s}}`, i, i+1, params))
		edges = append(edges, fmt.Sprintf(`{"source": %q, "target": "Exec[e%d]"}`, container, i))
	}
	return []byte(`{"tags": ["settings"], "name": "node.example.com", "version": 1, "code_id": null, "catalog_uuid": "u", "catalog_format": 2, "environment": "production",` +
		"\n\"resources\": [\n" + strings.Join(res, ",\n") + "\n],\n\"edges\": [\n" + strings.Join(edges, ",\n") + "\n], \"classes\": [\"main\"]}")
}

// TestPuppetRefreshChains: 4,000 execs each subscribing to the one before,
// as a Puppet catalog (11 s and 228 MB of plan text on main), and the
// variants (a notify chain, a chain through classes, fan-in layers): the
// plan keeps each exec's RefreshersShown nearest refreshers and the exact
// count of the others, and a diff that changes the first exec finds
// every other one refreshed, by the first exec, handed on by the exec or
// class just before it as Puppet's agent passes the event, in memory
// linear in the catalog.
func TestPuppetRefreshChains(t *testing.T) {
	n := 4_000
	if testing.Short() {
		n = 600
	}
	tests := []struct {
		shape string
		// refreshers is how many reach exec i; via the ref that hands
		// exec 0's events to exec i ("" when it refreshes it directly).
		refreshers func(i int) int
		via        func(i int) string
		refreshed  int // how many execs the change refreshes
	}{
		{"subscribe", func(i int) int { return i }, func(i int) string { return execVia(i, 1) }, n - 1},
		{"notify", func(i int) int { return i }, func(i int) string { return execVia(i, 1) }, n - 1},
		{"classes", func(i int) int { return i }, func(i int) string { return fmt.Sprintf("Class[C%d]", i) }, n - 1},
		{"layers", func(i int) int { return i / 10 * 10 }, func(i int) string { return execVia(i, 10) }, n - 10},
	}
	for _, tt := range tests {
		t.Run(tt.shape, func(t *testing.T) {
			var old, new *Snapshot
			var d *PlanDiff
			oldSrc, newSrc := puppetChain(n, tt.shape, "/bin/true 0"), puppetChain(n, tt.shape, "/bin/false")
			used := testutil.Allocated(func() {
				old, new = puppetSnapshot(t, "old.json", oldSrc), puppetSnapshot(t, "new.json", newSrc)
				d = Diff(old, new)
			})
			if limit := uint64(len(oldSrc)) * 200; used > limit {
				t.Errorf("planning and diffing allocated %d bytes, more than %d (200 a byte of catalog)", used, limit)
			}
			if len(d.Refreshes) != tt.refreshed {
				t.Fatalf("%d refreshes, want %d", len(d.Refreshes), tt.refreshed)
			}
			for _, r := range d.Refreshes {
				var i int
				fmt.Sscanf(r.Ref, "Exec[e%d]", &i)
				want := []string{"Exec[e0]"}
				if v := tt.via(i); v != "" {
					want = append(want, v)
				}
				want = append(want, r.Ref)
				if strings.Join(r.Path, " > ") != strings.Join(want, " > ") || r.Skipped != 0 {
					t.Fatalf("%s refreshed through %q, want %q", r.Ref, r.Path, want)
				}
			}
			p := puppetPlan(t, "plan.json", newSrc)
			for _, r := range p.Graph.Catalog.Resources {
				var i int
				if _, err := fmt.Sscanf(r.Ref(), "Exec[e%d]", &i); err != nil {
					continue
				}
				shown, more := len(p.RefreshedBy(r)), p.MoreRefreshers(r)
				if want := tt.refreshers(i); shown != min(want, graph.RefreshersShown) || shown+more != want {
					t.Fatalf("%s: %d refreshers shown and %d more, want %d in all", r.Ref(), shown, more, want)
				}
			}
		})
	}
}

// execVia is what hands exec 0's events to exec i when each exec
// subscribes to the step execs before it: nothing for the first step.
func execVia(i, step int) string {
	if i < 2*step {
		return ""
	}
	return fmt.Sprintf("Exec[e%d]", i/step*step-step)
}

// TestChainsCapped: in an HCL catalog, the chain a diff gives for each
// refreshed (or skipped) resource names at most maxChain resources, the
// first and the last ones, and counts those between: along 8,000 execs
// each subscribing to the one before, the chains named 32 million refs
// on main. Variants: a chain of require edges from a failing resource
// (each resource skipped), a chain short enough to name whole.
func TestChainsCapped(t *testing.T) {
	n := 8_000
	if testing.Short() {
		n = 1_000
	}
	chain := func(command0 string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "resource \"exec\" \"e%d\" {\n  command = %q\n", i, map[bool]string{true: command0, false: fmt.Sprintf("/bin/true %d", i)}[i == 0])
			if i > 0 {
				fmt.Fprintf(&b, "  subscribe = [exec.e%d]\n", i-1)
			}
			b.WriteString("}\n")
		}
		return b.String()
	}
	var d *PlanDiff
	old, new := typesSnapshot(t, chain("/bin/true 0")), typesSnapshot(t, chain("/bin/false"))
	used := testutil.Allocated(func() { d = Diff(old, new) })
	if limit := uint64(n) * 4 << 10; used > limit {
		t.Errorf("diffing allocated %d bytes, more than %d", used, limit)
	}
	if len(d.Refreshes) != n-1 {
		t.Fatalf("%d refreshes, want %d", len(d.Refreshes), n-1)
	}
	for _, r := range d.Refreshes {
		var i int
		fmt.Sscanf(r.Ref, "Exec[e%d]", &i)
		checkChain(t, r.Ref, r.Path, r.Skipped, i+1, "Exec[e0]", func(k int) string { return fmt.Sprintf("Exec[e%d]", k) })
	}

	// A failing init_only change (strict error) skips every resource that
	// depends on it, each with the chain of requires from it.
	src := func(uid string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "resource \"init_res\" \"u\" {\n  uid = %s\n  shell = \"/bin/sh\"\n}\n", uid)
		for i := range n {
			dep := "init_res.u"
			if i > 0 {
				dep = fmt.Sprintf("node_res.s%d", i-1)
			}
			fmt.Fprintf(&b, "resource \"node_res\" \"s%d\" { require = [%s] }\n", i, dep)
		}
		return b.String()
	}
	d = DiffWith(outcomeSnapshot(t, src("1001")), outcomeSnapshot(t, src("2001")), DiffOptions{Strict: StrictError})
	if len(d.Skips) != n {
		t.Fatalf("%d skips, want %d", len(d.Skips), n)
	}
	for _, s := range d.Skips {
		var i int
		fmt.Sscanf(s.Ref, "Node_res[s%d]", &i)
		checkChain(t, s.Ref, s.Path, s.Skipped, i+2, "Init_res[u]", func(k int) string { return fmt.Sprintf("Node_res[s%d]", k-1) })
	}
}

// checkChain checks a capped chain of length resources from first to
// ref, whose k-th resource (from 0) is at(k).
func checkChain(t *testing.T, ref string, path []string, skipped, length int, first string, at func(k int) string) {
	t.Helper()
	want := []string{first}
	for k := max(1, length-maxChain+1); k < length; k++ {
		want = append(want, at(k))
	}
	if strings.Join(path, " ") != strings.Join(want, " ") || skipped != length-len(want) {
		t.Fatalf("%s: chain %q with %d skipped, want %q with %d", ref, path, skipped, want, length-len(want))
	}
}
