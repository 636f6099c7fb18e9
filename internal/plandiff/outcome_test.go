package plandiff

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/types"
)

// initOnlyDir holds real Puppet's init_only runs and their HCL twins
// (fixtures/oracle/init_only/README.md).
var initOnlyDir = oracleDir + "/init_only"

// outcomeSnapshot loads the oracle types, the init_only twins' types and
// src as main.hcl.
func outcomeSnapshot(t *testing.T, src string) *Snapshot {
	t.Helper()
	return typesSnapshot(t, src, oracleDir+"/types.hcl", initOnlyDir+"/twin/types.hcl")
}

// outcomes sums a diff up as "Ref action" lines ("+skipped" when Puppet
// skips the change), the skips as "Ref: path" lines and the init_only
// sentences.
func outcomes(d *PlanDiff) (actions, skips, messages []string) {
	for _, c := range d.Resources {
		a := c.Ref + " " + c.Action.String()
		if c.Skipped {
			a += "+skipped"
		}
		actions = append(actions, a)
		for _, io := range c.InitOnly {
			m := io.Message
			if m == "" {
				m = io.Attr + ": current value unknown"
			}
			messages = append(messages, m)
		}
	}
	for _, s := range d.Skips {
		skips = append(skips, s.Ref+": "+strings.Join(s.Path, " > "))
	}
	return actions, skips, messages
}

const uidChain = `
resource "init_res" "u" {
  uid   = %UID%
  shell = "%SHELL%"
}
resource "node_res" "b" {
  require = init_res.u
}
resource "node_res" "c" {
  require = node_res.b
}
resource "node_res" "d" {}
`

func chain(uid, shell string) string {
	return strings.NewReplacer("%UID%", uid, "%SHELL%", shell).Replace(uidChain)
}

// TestDiffOutcomes pins what each catalog change does on the node, the
// resources a failure skips, and the Resource API's sentences, under the
// three strict settings.
func TestDiffOutcomes(t *testing.T) {
	t.Parallel()
	const failMsg = "Attempting to change `uid` init_only attribute value from `1001` to `2001`"
	tests := []struct {
		name     string
		old, new string
		strict   Strict
		actions  []string
		skips    []string
		messages []string
		counts   func(Counts) bool
	}{
		{name: "a removed declaration is no longer managed, not removed",
			old: `resource "node_res" "a" {}`, new: ``,
			actions: []string{"Node_res[a] unmanage"},
			counts:  func(c Counts) bool { return c.Unmanage == 1 && c.Remove == 0 }},
		{name: "ensure present → absent removes it from the node",
			old: `resource "node_res" "a" {}`, new: `resource "node_res" "a" { ensure = "absent" }`,
			actions: []string{"Node_res[a] remove"}},
		{name: "an added resource with ensure absent removes it",
			old: ``, new: `resource "node_res" "a" { ensure = "absent" }`,
			actions: []string{"Node_res[a] remove"}},
		{name: "an added resource is newly managed",
			old: ``, new: `resource "node_res" "a" {}`,
			actions: []string{"Node_res[a] manage"}},
		{name: "absent → present is a change",
			old: `resource "node_res" "a" { ensure = "absent" }`, new: `resource "node_res" "a" {}`,
			actions: []string{"Node_res[a] change"}},
		{name: "init_only under error fails and skips every dependent, transitively",
			old: chain("1001", "/bin/sh"), new: chain("2001", "/bin/bash"),
			actions:  []string{"Init_res[u] fail"},
			skips:    []string{"Node_res[b]: Init_res[u] > Node_res[b]", "Node_res[c]: Init_res[u] > Node_res[b] > Node_res[c]"},
			messages: []string{failMsg},
			counts:   func(c Counts) bool { return c.Fail == 1 && c.Change == 0 && c.Skipped == 2 }},
		{name: "init_only under warning updates in place with a warning",
			old: chain("1001", "/bin/sh"), new: chain("2001", "/bin/bash"), strict: StrictWarning,
			actions:  []string{"Init_res[u] change"},
			messages: []string{failMsg},
			counts:   func(c Counts) bool { return c.Change == 1 && c.Warned == 1 && c.Skipped == 0 }},
		{name: "init_only under off updates in place silently",
			old: chain("1001", "/bin/sh"), new: chain("2001", "/bin/bash"), strict: StrictOff,
			actions:  []string{"Init_res[u] change"},
			messages: []string{failMsg},
			counts:   func(c Counts) bool { return c.Change == 1 && c.Warned == 0 }},
		{name: "a type without ensure is never checked",
			old: `resource "init_plain" "p" { uid = 1001 }`, new: `resource "init_plain" "p" { uid = 2001 }`,
			actions: []string{"Init_plain[p] change"}},
		{name: "noop = true is never flushed, so never checked",
			old: `resource "init_res" "u" { uid = 1001 }`, new: `resource "init_res" "u" {
  uid  = 2001
  noop = true
}`,
			actions: []string{"Init_res[u] change"}},
		{name: "ensure → absent is not checked",
			old: `resource "init_res" "u" { uid = 1001 }`, new: `resource "init_res" "u" {
  ensure = "absent"
  uid    = 2001
}`,
			actions: []string{"Init_res[u] remove"}},
		{name: "an init_only value the old catalog did not set: the node's value is unknown",
			old: `resource "init_res" "u" {}`, new: `resource "init_res" "u" { uid = 2001 }`,
			actions:  []string{"Init_res[u] change"},
			messages: []string{"uid: current value unknown"}},
		{name: "an init_only value no longer set is not checked",
			old: `resource "init_res" "u" { uid = 1001 }`, new: `resource "init_res" "u" {}`,
			actions: []string{"Init_res[u] change"}},
		{name: "a failure behind a failure is a skip, and a skipped change is not counted as changed",
			old: `
resource "init_res" "u" { uid = 1001 }
resource "init_res" "v" {
  uid     = 1001
  require = init_res.u
}
resource "node_res" "w" {
  value   = "x"
  require = init_res.v
}`, new: `
resource "init_res" "u" { uid = 2001 }
resource "init_res" "v" {
  uid     = 2001
  require = init_res.u
}
resource "node_res" "w" {
  value   = "y"
  require = init_res.v
}`,
			actions:  []string{"Init_res[u] fail", "Init_res[v] change+skipped", "Node_res[w] change+skipped"},
			skips:    []string{"Init_res[v]: Init_res[u] > Init_res[v]", "Node_res[w]: Init_res[u] > Init_res[v] > Node_res[w]"},
			messages: []string{failMsg, failMsg},
			counts:   func(c Counts) bool { return c.Fail == 1 && c.Change == 0 && c.Skipped == 2 }},
		{name: "subscribe and auto edges skip too",
			old: `
resource "init_res" "u" { uid = 1001 }
resource "node_res" "s" { subscribe = init_res.u }
resource "node_res" "t" { deps = ["s"] }`, new: `
resource "init_res" "u" { uid = 2001 }
resource "node_res" "s" { subscribe = init_res.u }
resource "node_res" "t" { deps = ["s"] }`,
			actions:  []string{"Init_res[u] fail"},
			skips:    []string{"Node_res[s]: Init_res[u] > Node_res[s]", "Node_res[t]: Init_res[u] > Node_res[s] > Node_res[t]"},
			messages: []string{failMsg}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := DiffWith(outcomeSnapshot(t, tt.old), outcomeSnapshot(t, tt.new), DiffOptions{Strict: tt.strict})
			actions, skips, messages := outcomes(d)
			if diff := cmp.Diff(tt.actions, actions); diff != "" {
				t.Errorf("actions (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.skips, skips); diff != "" {
				t.Errorf("skips (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.messages, messages); diff != "" {
				t.Errorf("init_only messages (-want +got):\n%s", diff)
			}
			if tt.counts != nil && !tt.counts(d.Counts()) {
				t.Errorf("counts %+v", d.Counts())
			}
		})
	}
}

// TestDiffRefreshSkipsFailures: a resource subscribed to a failing one is
// skipped, not refreshed; under warning the same change refreshes it.
func TestDiffRefreshSkipsFailures(t *testing.T) {
	t.Parallel()
	src := `
resource "init_res" "u" {
  uid   = %UID%
  shell = "%SHELL%"
}
resource "node_res" "s" { subscribe = init_res.u }`
	old := outcomeSnapshot(t, strings.NewReplacer("%UID%", "1001", "%SHELL%", "/bin/sh").Replace(src))
	new := outcomeSnapshot(t, strings.NewReplacer("%UID%", "2001", "%SHELL%", "/bin/bash").Replace(src))
	if d := DiffWith(old, new, DiffOptions{Strict: StrictError}); len(d.Refreshes) != 0 || len(d.Skips) != 1 {
		t.Errorf("strict=error: refreshes %+v, skips %+v; want no refresh, one skip", d.Refreshes, d.Skips)
	}
	if d := DiffWith(old, new, DiffOptions{Strict: StrictWarning}); len(d.Refreshes) != 1 || len(d.Skips) != 0 {
		t.Errorf("strict=warning: refreshes %+v, skips %+v; want one refresh, no skip", d.Refreshes, d.Skips)
	}
}

// puppetRun is the part of the oracle's answer an init_only run checks.
type puppetRun struct {
	Errors   []string `json:"errors"`
	Failed   []string `json:"failed"`
	Skipped  []string `json:"skipped"`
	Warnings []string `json:"warnings"`
}

// TestDiffInitOnlyPuppet diffs each HCL twin of real Puppet's init_only
// runs (the old catalog is the node's state the provider reported) and
// checks catc's outcome against what Puppet did under each strict
// setting: the failing and skipped resources, the error's sentence under
// error, the warning under warning, nothing under off.
func TestDiffInitOnlyPuppet(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"init_only", "init_only_default", "init_only_noop", "init_only_plain", "init_only_absent"} {
		for _, strict := range []Strict{StrictError, StrictWarning, StrictOff} {
			t.Run(name+"/"+strict.String(), func(t *testing.T) {
				var want puppetRun
				b, err := os.ReadFile(filepath.Join(initOnlyDir, name+"."+strict.String()+".json"))
				if err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(b, &want); err != nil {
					t.Fatal(err)
				}
				load := func(side string) *Snapshot {
					paths := []string{oracleDir + "/types.hcl", initOnlyDir + "/twin/types.hcl", initOnlyDir + "/twin/" + name + "." + side + ".hcl"}
					c, diags := compiler.Load(paths, compiler.LoadOptions{})
					if diags.HasErrors() {
						t.Fatal(diags)
					}
					return snapshotOf(c)
				}
				d := DiffWith(load("old"), load("new"), DiffOptions{Strict: strict})
				var failed, skipped, errs, warnings []string
				for _, c := range d.Resources {
					if c.Action == Fail {
						failed = append(failed, c.Ref)
						// Puppet's console line: the resource's path, then the sentence.
						errs = append(errs, "/Stage[main]/Main/"+c.Ref+": Could not evaluate: "+c.InitOnly[0].Message)
					}
					if strict == StrictWarning && c.Action == Change {
						for _, io := range c.InitOnly {
							warnings = append(warnings, io.Message)
						}
					}
				}
				for _, s := range d.Skips {
					skipped = append(skipped, s.Ref)
					warnings = append(warnings, "/Stage[main]/Main/"+s.Ref+": Skipping because of failed dependencies")
				}
				for _, c := range []struct {
					what      string
					want, got []string
				}{{"failed", want.Failed, failed}, {"skipped", want.Skipped, skipped}, {"errors", want.Errors, errs}, {"warnings", want.Warnings, warnings}} {
					if diff := cmp.Diff(c.want, c.got, cmpEmpty); diff != "" {
						t.Errorf("%s (-puppet +catc):\n%s", c.what, diff)
					}
				}
			})
		}
	}
}

// cmpEmpty treats nil and empty lists alike.
var cmpEmpty = cmp.Transformer("empty", func(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
})

func TestRubyString(t *testing.T) {
	t.Parallel()
	h := &types.Hash{}
	h.Set("k", "v")
	h.Set("n", int64(1))
	tests := []struct {
		v    types.Value
		want string
	}{
		{nil, ""},
		{"plain", "plain"},
		{int64(2001), "2001"},
		{2.0, "2.0"},
		{1e20, "1.0e+20"},
		{1.5e-5, "1.5e-05"},
		{0.0001, "0.0001"},
		{true, "true"},
		{[]types.Value{"a", int64(1), nil, 2.5}, `["a", 1, nil, 2.5]`},
		{h, `{"k"=>"v", "n"=>1}`},
		{[]types.Value{"q\"\\\n\x01\x1b"}, `["q\"\\\n\u0001\e"]`},
		{Redacted{Digest: "hmac-sha256:x"}, "Sensitive [value redacted]"},
	}
	for _, tt := range tests {
		if got := rubyString(tt.v); got != tt.want {
			t.Errorf("rubyString(%#v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestRubyStringNestedSecret(t *testing.T) {
	t.Parallel()
	v := []types.Value{"a", Redacted{Digest: "hmac-sha256:x"}}
	if got, want := rubyString(v), `["a", #<Sensitive [value redacted]>]`; got != want {
		t.Errorf("rubyString = %s, want %s", got, want)
	}
}
