package compiler

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// evalLocals evaluates every local value, each after the locals it
// refers to (in any file); a local that refers to itself through others
// is an error.
// Locals that feed a sensitive attribute are marked (secrets.go).
func evalLocals(blocks []catalog.SourceBlock, ctx *hcl.EvalContext, s *secrets) (cty.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var pending []*hcl.Attribute
	seen := map[string]*hcl.Attribute{}
	for _, sb := range blocks {
		attrs, d := sb.Block.Body.JustAttributes()
		diags = append(diags, d...)
		for _, a := range sortedHCLAttrs(attrs) {
			if prev := seen[a.Name]; prev != nil {
				diags = append(diags, catalog.ErrorAt(catalog.SummaryDuplicateLocal,
					fmt.Sprintf("The local value %q is already defined at %s. Rename one of them, or remove the duplicate.", a.Name, prev.NameRange), a.NameRange, a.Range.Ptr()))
				continue
			}
			seen[a.Name] = a
			pending = append(pending, a)
		}
	}
	done := map[string]cty.Value{}
	order, stuck := localsOrder(pending, seen)
	for _, a := range order {
		v, d := catalog.EvalExpr(a.Expr, localsContext(ctx, a, done, seen))
		diags = append(diags, d...)
		if !d.HasErrors() {
			// bounded.go: a local cannot double a value beyond the bounds
			if err := checkValueBounds(v); err != nil {
				d = hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryTooLarge, "The value of local."+a.Name+" is too large: "+err.Error()+".", a.Expr.Range(), a.Range.Ptr())}
				diags = append(diags, d...)
			}
		}
		if d.HasErrors() {
			v = cty.DynamicVal
		}
		v = s.mark("local."+a.Name, v)
		done[a.Name] = v
	}
	if len(stuck) > 0 {
		diags = append(diags, localCycle(stuck)...)
	}
	return cty.ObjectVal(done), diags
}

// localsOrder is the order evalLocals evaluates pending (in source
// order) in: passes over pending, each evaluating every local whose
// locals are evaluated when it comes (an unknown name is left for
// evaluation to report). It is computed at once, not pass by pass (a
// chain of 4,000 locals written backwards took 4,000 passes and 3.5 s):
// a local comes in the last pass of the locals it refers to, or the one
// after when one of them comes after it. stuck are the locals never
// evaluated (they refer to themselves, through others), in source order.
func localsOrder(pending []*hcl.Attribute, defined map[string]*hcl.Attribute) (order, stuck []*hcl.Attribute) {
	pos := make(map[*hcl.Attribute]int, len(pending))
	for i, a := range pending {
		pos[a] = i
	}
	deps := func(i int) []int { // the locals pending[i] refers to
		var out []int
		for _, tr := range pending[i].Expr.Variables() {
			if tr.RootName() != "local" || len(tr) < 2 {
				continue
			}
			if step, ok := tr[1].(hcl.TraverseAttr); ok && defined[step.Name] != nil {
				out = append(out, pos[defined[step.Name]])
			}
		}
		return out
	}
	const onStack, never = -1, -2
	pass := make([]int, len(pending)) // 0: not visited yet
	// visit walks the locals i refers to without recursion (a chain of
	// millions of locals would exhaust the stack).
	type frame struct {
		i, next, pass int
		deps          []int
	}
	visit := func(i int) int {
		if pass[i] != 0 {
			return pass[i]
		}
		pass[i] = onStack
		stack := []frame{{i: i, pass: 1, deps: deps(i)}}
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.pass != never && f.next < len(f.deps) {
				j := f.deps[f.next]
				switch q := pass[j]; q {
				case 0:
					pass[j] = onStack
					stack = append(stack, frame{i: j, pass: 1, deps: deps(j)})
					continue
				case onStack, never:
					f.pass = never // a cycle, or a local that depends on one
				default:
					if j > f.i {
						q++
					}
					f.pass = max(f.pass, q)
				}
				f.next++
				continue
			}
			pass[f.i] = f.pass
			stack = stack[:len(stack)-1]
		}
		return pass[i]
	}
	for i, a := range pending {
		if visit(i) == never {
			stuck = append(stuck, a)
		} else {
			order = append(order, a)
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return pass[pos[order[x]]] < pass[pos[order[y]]] })
	return order, stuck
}

// localsContext is ctx with local set to the locals a refers to: an
// object of every local evaluated so far, built for each local, made
// loading 10,000 locals take 36 s (quadratic). When a refers to local as a
// whole, or to a name no local has (the error suggests the nearest),
// every local so far is there.
func localsContext(ctx *hcl.EvalContext, a *hcl.Attribute, done map[string]cty.Value, defined map[string]*hcl.Attribute) *hcl.EvalContext {
	refs := map[string]cty.Value{}
	for _, tr := range a.Expr.Variables() {
		if tr.RootName() != "local" {
			continue
		}
		step, ok := hcl.TraverseAttr{}, len(tr) >= 2
		if ok {
			step, ok = tr[1].(hcl.TraverseAttr)
		}
		v, isDone := done[step.Name]
		if !ok || !isDone || defined[step.Name] == nil {
			refs = done
			break
		}
		refs[step.Name] = v
	}
	child := ctx.NewChild()
	child.Variables = map[string]cty.Value{"local": cty.ObjectVal(refs)}
	return child
}

func localCycle(attrs []*hcl.Attribute) hcl.Diagnostics {
	names := make([]string, len(attrs))
	for i, a := range attrs {
		names[i] = "local." + a.Name
	}
	var diags hcl.Diagnostics
	for _, a := range attrs {
		diags = append(diags, catalog.ErrorAt(catalog.SummaryLocalCycle,
			fmt.Sprintf("The local value %q depends on itself through %s. Compute one of them without referring to the others.", a.Name, strings.Join(names, ", ")),
			a.NameRange, a.Range.Ptr()))
	}
	return diags
}

// stdFunctions are HCL's standard functions under their usual names. The
// map is built once and shared; evalFunctions bounds them for a load.
var stdFunctions = sync.OnceValue(func() map[string]function.Function {
	return map[string]function.Function{
		"abs": stdlib.AbsoluteFunc, "ceil": stdlib.CeilFunc, "chomp": stdlib.ChompFunc,
		"chunklist": stdlib.ChunklistFunc, "coalesce": stdlib.CoalesceFunc, "coalescelist": stdlib.CoalesceListFunc,
		"compact": stdlib.CompactFunc, "concat": stdlib.ConcatFunc, "contains": stdlib.ContainsFunc,
		"csvdecode": stdlib.CSVDecodeFunc, "distinct": stdlib.DistinctFunc, "element": stdlib.ElementFunc,
		"flatten": stdlib.FlattenFunc, "floor": stdlib.FloorFunc, "format": stdlib.FormatFunc,
		"formatdate": stdlib.FormatDateFunc, "formatlist": stdlib.FormatListFunc, "indent": stdlib.IndentFunc,
		"index": stdlib.IndexFunc, "join": stdlib.JoinFunc, "jsondecode": stdlib.JSONDecodeFunc,
		"jsonencode": stdlib.JSONEncodeFunc, "keys": stdlib.KeysFunc, "length": stdlib.LengthFunc,
		"log": stdlib.LogFunc, "lookup": stdlib.LookupFunc, "lower": stdlib.LowerFunc, "max": stdlib.MaxFunc,
		"merge": stdlib.MergeFunc, "min": stdlib.MinFunc, "parseint": stdlib.ParseIntFunc, "pow": stdlib.PowFunc,
		"range": stdlib.RangeFunc, "regex": stdlib.RegexFunc, "regexall": stdlib.RegexAllFunc,
		"regex_replace": stdlib.RegexReplaceFunc, "replace": stdlib.ReplaceFunc, "reverse": stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc, "setproduct": stdlib.SetProductFunc,
		"setsubtract": stdlib.SetSubtractFunc, "setunion": stdlib.SetUnionFunc, "signum": stdlib.SignumFunc,
		"slice": stdlib.SliceFunc, "sort": stdlib.SortFunc, "split": stdlib.SplitFunc, "strrev": stdlib.ReverseFunc,
		"substr": stdlib.SubstrFunc, "title": stdlib.TitleFunc, "trim": stdlib.TrimFunc,
		"trimprefix": stdlib.TrimPrefixFunc, "trimspace": stdlib.TrimSpaceFunc, "trimsuffix": stdlib.TrimSuffixFunc,
		"upper": stdlib.UpperFunc, "values": stdlib.ValuesFunc, "zipmap": stdlib.ZipmapFunc,
		"tobool": stdlib.MakeToFunc(cty.Bool), "tonumber": stdlib.MakeToFunc(cty.Number),
		"tostring": stdlib.MakeToFunc(cty.String), "tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)), "tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
		// try and can guard facts that some nodes lack.
		"try": tryfunc.TryFunc, "can": tryfunc.CanFunc,
	}
})
