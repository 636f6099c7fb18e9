package hiera

import (
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// TestNodeScopeAsHashes: a node's scope, whose facts and trusted data
// are converted only as lookups read them, gives every interpolation
// and path the values of the node's facts and trusted data converted
// whole (trusted.external added empty, as Puppet 7 has it), with and
// without the explanation.
func TestNodeScopeAsHashes(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{
		"hiera.yaml": `version: 5
defaults: {datadir: data, data_hash: yaml_data}
hierarchy:
  - {name: node, path: "nodes/%{trusted.certname}.yaml"}
  - {name: host, path: "hosts/%{::trusted.hostname}-%{facts.os.release.major}.yaml"}
  - {name: common, path: common.yaml}
`,
		"data/nodes/web01.example.com.yaml": "from: node\n",
		"data/hosts/web01-12.yaml":          "from: host\nhost: yes\n",
		"data/common.yaml": `from: common
certname: "%{trusted.certname}"
domain: "%{trusted.domain}"
external: "%{trusted.external}"
external_x: "%{trusted.external.x}"
extensions: "%{trusted.extensions}"
auth: "%{trusted.authenticated}"
missing: "[%{trusted.nosuch}]"
indexed: "[%{trusted.0}]"
release: "%{facts.os.release.major}"
whole: "%{facts.os}"
top: "%{::kernel}"
`,
	})
	d, diags := Open(dir)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	node := &nodefacts.Node{Name: "web01.example.com", Facts: cty.ObjectVal(map[string]cty.Value{
		"kernel": cty.StringVal("Linux"),
		"os":     cty.ObjectVal(map[string]cty.Value{"family": cty.StringVal("Debian"), "release": cty.ObjectVal(map[string]cty.Value{"major": cty.StringVal("12")})}),
	})}
	trusted, _ := FromCty(node.Trusted()).(*types.Hash)
	trusted.Append("external", &types.Hash{})
	whole := Scope{Facts: FromCty(node.Facts).(*types.Hash), Trusted: trusted}
	for _, key := range []string{"from", "host", "certname", "domain", "external", "external_x", "extensions", "auth", "missing", "indexed", "release", "whole", "top"} {
		for _, explain := range []bool{false, true} {
			got, gotDiags := d.NewSession(NodeScope(node)).Lookup(key, Options{Explain: explain})
			want, wantDiags := d.NewSession(whole).Lookup(key, Options{Explain: explain})
			if diff := cmp.Diff(want.Value, got.Value); diff != "" || gotDiags.Error() != wantDiags.Error() || !cmp.Equal(got.Origins, want.Origins) {
				t.Errorf("%s (explain %v): node scope %v (%v), whole hashes %v (%v)", key, explain, got.Value, gotDiags, want.Value, wantDiags)
			}
		}
	}
	if got, _ := d.NewSession(NodeScope(node)).Lookup("from", Options{}); got.Value != "node" {
		t.Errorf("from = %v, want the node's file", got.Value)
	}
	if got, _ := d.NewSession(NodeScope(node)).Lookup("host", Options{}); got.Value != true {
		t.Errorf("host = %v, want the host level's", got.Value)
	}
}

// TestSessionsInParallel: the sessions of many nodes, run at once on one
// Data (as a fleet compiles), each read the files of their own node and
// find what one session alone finds, each file read once for all.
func TestSessionsInParallel(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"hiera.yaml": `version: 5
defaults: {datadir: data, data_hash: yaml_data}
hierarchy:
  - {name: node, path: "nodes/%{trusted.certname}.yaml"}
  - {name: role, path: "roles/%{facts.role}.yaml"}
  - {name: common, path: common.yaml}
`,
		"data/common.yaml": "who: common\nrole: none\nnode: none\n",
	}
	const nodes = 64
	for i := 0; i < nodes; i++ {
		files[fmt.Sprintf("data/nodes/n%d.yaml", i)] = fmt.Sprintf("node: n%d\nwho: \"%%{trusted.certname} as %%{lookup('role')}\"\n", i)
		if i%4 == 0 {
			files[fmt.Sprintf("data/roles/r%d.yaml", i%8)] = fmt.Sprintf("role: r%d\n", i%8)
		}
	}
	dir := testutil.TempFiles(t, files)
	d, diags := Open(dir)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	node := func(i int) *nodefacts.Node {
		return &nodefacts.Node{Name: fmt.Sprintf("n%d", i), Facts: cty.ObjectVal(map[string]cty.Value{"role": cty.StringVal(fmt.Sprintf("r%d", i%8))})}
	}
	got := make([][]types.Value, nodes)
	var wg sync.WaitGroup
	for i := 0; i < nodes; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := d.NewSession(NodeScope(node(i)))
			for _, k := range []string{"who", "role", "node"} {
				r, _ := s.Lookup(k, Options{})
				got[i] = append(got[i], r.Value)
			}
		}()
	}
	wg.Wait()
	for i := 0; i < nodes; i++ {
		role := "none"
		if i%8 == 0 || i%8 == 4 {
			role = fmt.Sprintf("r%d", i%8)
		}
		want := []types.Value{fmt.Sprintf("n%d as %s", i, role), role, fmt.Sprintf("n%d", i)}
		if !cmp.Equal(got[i], want) {
			t.Errorf("node n%d: %v, want %v", i, got[i], want)
		}
	}
	if n := len(d.Files()); n != nodes+3 {
		t.Errorf("%d files read, want %d (each node's, the two roles that exist, common)", n, nodes+3)
	}
}
