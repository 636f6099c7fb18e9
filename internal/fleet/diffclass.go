package fleet

import (
	"reflect"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/types"
)

// diffRun diffs a fleet's nodes, each class of nodes once: the nodes
// whose catalogs read the same values of them on both sides share one
// compilation and comparison (keyer), each node's diff taken from it.
type diffRun struct {
	s    Sides
	opts plandiff.DiffOptions
	k    *keyer // nil: every node compiled
	cls  *classes[pairOutcome]
}

// pairOutcome is a class's outcome: its stand-in's, or every node
// compiled (full) when the stand-in passed a bound of evaluation.
type pairOutcome struct {
	full bool
	r    nodeResult
}

func newDiffRun(s Sides, opts plandiff.DiffOptions, o Options) *diffRun {
	run := &diffRun{s: s, opts: opts, cls: newClasses[pairOutcome]()}
	// A node's old side from OldOf is its own (what it runs now): no
	// class shares it, so every node is compiled and compared.
	if !o.EveryNode && s.OldOf == nil {
		run.k = newKeyer(s.Old, s.New)
	}
	return run
}

// compiled is the number of catalogs compiled so far.
func (run *diffRun) compiled() int { return int(run.cls.compiled.Load()) }

// sides is the number of catalogs a node's diff compiles.
func (run *diffRun) sides() int64 {
	if run.s.Old == nil {
		return 1
	}
	return 2
}

// node is the outcome of one node: its class's, made its own.
func (run *diffRun) node(n *nodefacts.Node) nodeResult {
	if run.k != nil {
		c := run.k.classOf(n)
		out := run.cls.get(c.key, func() pairOutcome { return run.class(n, c) })
		if !out.full {
			if r, ok := run.own(out.r, n, c); ok {
				return r
			}
		}
	}
	run.cls.compiled.Add(run.sides())
	return diffNode(run.s, n, run.opts)
}

// class compiles and compares the stand-in of n's class.
func (run *diffRun) class(n *nodefacts.Node, c nodeClass) pairOutcome {
	stand := run.k.standIn(n, c)
	run.cls.compiled.Add(run.sides())
	old, oldDiags := snapshot(run.s.Old, stand)
	new, newDiags := snapshot(run.s.New, stand)
	if c.substituted() && (exceeds(oldDiags) || exceeds(newDiags)) {
		return pairOutcome{full: true}
	}
	oldDiags = run.s.fixOld(old, new, oldDiags)
	return pairOutcome{r: compareNode(nodeResult{}, old, oldDiags, new, newDiags, run.opts)}
}

// own is the class's outcome r as node n has it: its values in place of
// the sentinels, its identity replaced. ok is false when that cannot be
// told without compiling the node (a change that the node's values
// would undo).
func (run *diffRun) own(r nodeResult, n *nodefacts.Node, c nodeClass) (nodeResult, bool) {
	out := nodeResult{name: n.Name, id: identityOf(n)}
	s := &sentinels{k: run.k, values: c.values}
	switch {
	case r.failed:
		out.failed, out.side, out.diags, out.node = true, r.side, r.diags, n
		out.errs = errorsTextWith(r.diags, out.id, s)
	case r.diff != nil:
		if c.substituted() && undone(r.diff, s) {
			return out, false
		}
		out.diff = substitute(r.diff, func(str string) string { return out.id.replace(s.replace(str)) })
		out.diff.Sort()
		out.grouped = true
	}
	return out, !s.bad
}

// undone reports whether the node's values make two values the diff
// says changed equal: then the node's diff is not the class's.
func undone(d *plandiff.PlanDiff, s *sentinels) bool {
	for _, rc := range d.Resources {
		if rc.Action != plandiff.Change {
			continue
		}
		for _, a := range rc.Attributes {
			if !a.HadOld || !a.HasNew || a.Sensitive {
				continue
			}
			old, oldOK := a.Old.(string)
			new, newOK := a.New.(string)
			if !oldOK || !newOK {
				if holdsSentinel(a.Old, s) || holdsSentinel(a.New, s) {
					return true // a sentinel in a structure: not what verbatim reads make
				}
				continue
			}
			if s.replace(old) == s.replace(new) {
				return true
			}
		}
	}
	return false
}

// holdsSentinel reports whether a value holds a sentinel anywhere.
func holdsSentinel(v types.Value, s *sentinels) bool {
	found := false
	rewrite(reflect.ValueOf(&v).Elem(), func(str string) string {
		found = found || s.replace(str) != str
		return str
	})
	return found
}

// fixFailures gives each failure taken from a class the diagnostics of
// its first node, compiled (they are shown, and may name the node's own
// values where the class's name the stand-in's).
func (run *diffRun) fixFailures(d *Diff) *Diff {
	for i := range d.Failures {
		f := &d.Failures[i]
		if f.node == nil {
			continue
		}
		r := diffNode(run.s, f.node, run.opts)
		f.Diags, f.node = r.diags, nil
	}
	return d
}
