package catalog

import (
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Limits bound the evaluation of one load (or of one node's catalog of a
// site): what its expressions may cost in all, so that no input, however
// small, runs for minutes or exhausts memory. bounded.go bounds each
// value; these bound the sum, where repetition multiplies: a for
// expression inside a for expression, a template repeating a large
// value, a function called in a loop, a pattern matched against many
// strings. A zero field takes its default (DefaultLimits).
type Limits struct {
	// Steps bounds the evaluation steps, the one measure of the work
	// (a step is about a microsecond): each element of a for
	// expression's collection costs a step per part of the for's body
	// (nested for expressions multiply); each instance of a for_each a
	// step per part of its block; each element of a value a splat
	// spreads, an operator compares, a conditional returns, a function
	// converts or returns, or an attribute is given, a step; and a
	// pattern match a step per RegexpStepsPerStep of its regexp steps
	// (the string's length plus one, times the size of the pattern's
	// compiled program: what Go's regexp engine may do).
	Steps int64
	// Text bounds the bytes of text built or compared, the measure of
	// the memory: by templates, string functions and comparisons, and
	// the literal text of the expressions a for or for_each repeats.
	Text int64
	// Deadline, when set, ends the evaluation once it has passed (the
	// language server gives each load one).
	Deadline time.Time
}

// The default limits are far above what real sites use (the 100,000
// resources of the generated benchmarks spend a few hundred steps; a for
// over 10,000 elements with a body of 20 parts costs 210,000 steps, a
// for_each of 100,000 instances of a block of 20 parts 2,100,000) and
// low enough that an input spending them is stopped within seconds and
// a few hundred megabytes.
const (
	DefaultSteps = 3_000_000
	DefaultText  = 256 << 20
	// RegexpStepsPerStep is how many regexp steps cost one step (a
	// regexp step takes 30 to 60 nanoseconds).
	RegexpStepsPerStep = 16
)

// DefaultLimits are the limits of a load whose LoadOptions set none.
func DefaultLimits() Limits { return Limits{Steps: DefaultSteps, Text: DefaultText} }

func (l Limits) withDefaults() Limits {
	if l.Steps <= 0 {
		l.Steps = DefaultSteps
	}
	if l.Text <= 0 {
		l.Text = DefaultText
	}
	return l
}

// budgetKind is what a charge spends.
type BudgetKind int

const (
	SpendSteps BudgetKind = iota
	SpendText
	SpendTime // the deadline passed
	NumSpends = SpendTime
)

// budget is the evaluation budget of one load: the sums of what its
// expressions cost, against the limits. It is safe for concurrent use
// (resources are decoded in parallel). Once one limit is reached every
// later charge fails, so that the rest of the load stops at once. The
// charge that crosses the limit makes the diagnostic, at the expression
// it charged (spent); every evaluation stopped after reports that one.
type Budget struct {
	limits  Limits
	limit   [NumSpends]int64
	used    [NumSpends]atomic.Int64
	crossed atomic.Int32 // 1 + the kind of the first limit crossed, or 0
	charges atomic.Int64 // for reading the clock every deadlineEvery charges
	spent   atomic.Pointer[hcl.Diagnostic]
	// placeholder stands for spent while a function call that reached a
	// limit is not located yet (budgetDiags replaces it).
	placeholder *hcl.Diagnostic
}

// deadlineEvery is how many charges pass between two readings of the
// clock; a charge of deadlineLarge or more reads it at once (it stands
// for work that takes long: a for over many elements, a function call
// that builds a large value).
const (
	deadlineEvery = 64
	deadlineLarge = 10_000
)

func NewBudget(l Limits) *Budget {
	l = l.withDefaults()
	b := &Budget{limits: l, placeholder: &hcl.Diagnostic{Severity: hcl.DiagError, Summary: SummaryBudget}}
	b.limit = [NumSpends]int64{l.Steps, l.Text}
	return b
}

// exhausted is the diagnostic of the charge that exhausted b, or nil.
func (b *Budget) exhausted() *hcl.Diagnostic {
	if b == nil {
		return nil
	}
	return b.spent.Load()
}

// stopped is the diagnostic an evaluation stopped by the budget
// returns: the budget's, or its placeholder.
func (b *Budget) Stopped() *hcl.Diagnostic {
	if d := b.spent.Load(); d != nil {
		return d
	}
	return b.placeholder
}

// over reports whether a limit was reached (its diagnostic may not be
// made yet: see funcCall.charge).
func (b *Budget) Over() bool { return b != nil && b.crossed.Load() != 0 }

// spend adds n of kind k. It returns crossed when this very charge
// reaches a limit (or finds the deadline passed), over when one was
// reached before.
func (b *Budget) Spend(k BudgetKind, n int64) (crossed, over bool) {
	if b.crossed.Load() != 0 {
		return false, true
	}
	if n > 0 {
		if used := b.used[k].Add(n); used > b.limit[k] || used < 0 {
			return b.cross(k), true
		}
	}
	if !b.limits.Deadline.IsZero() && (b.charges.Add(1)%deadlineEvery == 0 || n >= deadlineLarge) && time.Now().After(b.limits.Deadline) {
		return b.cross(SpendTime), true
	}
	return false, false
}

// cross records the first limit reached; it reports whether k was it.
func (b *Budget) cross(k BudgetKind) bool {
	return b.crossed.CompareAndSwap(0, int32(k)+1)
}

// charge spends n of kind k for what, the expression (or match) at rng,
// and returns nil, or the diagnostic that stops the evaluation. A nil
// budget charges nothing.
func (b *Budget) Charge(k BudgetKind, n int64, rng hcl.Range, what string) *hcl.Diagnostic {
	if b == nil {
		return nil
	}
	if d := b.spent.Load(); d != nil {
		return d
	}
	switch crossed, over := b.Spend(k, n); {
	case crossed:
		return b.stop(rng, what)
	case over:
		// a function call reached the limit: the diagnostic will be
		// its own, once evalExpr locates it
		return b.placeholder
	}
	return nil
}

// stop records the budget's diagnostic, for what at rng, unless one is
// recorded already, and returns the recorded one. A zero rng leaves the
// diagnostic without a subject.
func (b *Budget) stop(rng hcl.Range, what string) *hcl.Diagnostic {
	if d := b.spent.Load(); d != nil {
		return d
	}
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: SummaryBudget, Detail: budgetDetail(BudgetKind(b.crossed.Load()-1), b.limits, what)}
	if rng.Filename != "" {
		d.Subject = rng.Ptr()
	}
	if b.spent.CompareAndSwap(nil, d) {
		return d
	}
	return b.spent.Load()
}

const SummaryBudget = "Evaluation too costly"

// budgetDetail says which limit what (an expression, with how it costs)
// reached and what to do.
func budgetDetail(k BudgetKind, l Limits, what string) string {
	const stop = "catc stops the evaluation there, so that no input can run for minutes or exhaust memory."
	switch k {
	case SpendSteps:
		return fmt.Sprintf("Evaluating %s takes this load past %d evaluation steps, catc's limit for one load; %s "+
			"Compute less: iterate over fewer elements, build smaller values, or compute an inner part once, in a local, rather than again for each element.", what, l.Steps, stop)
	case SpendText:
		return fmt.Sprintf("Evaluating %s takes this load past %d bytes of text built or compared (by templates, functions, comparisons and the literal text of repeated expressions), catc's limit for one load; %s "+
			"Build shorter strings, or repeat large ones fewer times.", what, l.Text, stop)
	}
	return fmt.Sprintf("The load ran out of time while evaluating %s: the language server gives every load a deadline, so that it keeps answering; %s Compute less here (catc validate shows whether the load passes catc's other limits).",
		what, stop)
}

// errBudget is the error ChargeMatch returns when the budget stops a
// check; the check's caller reports the budget's diagnostic instead.
var errBudget = errors.New("the evaluation budget is spent")

// ChargeMatch charges a pattern match, in regexp steps, a step per
// RegexpStepsPerStep (types.Meter).
func (b *Budget) ChargeMatch(steps int64) error {
	if _, over := b.Spend(SpendSteps, (steps+RegexpStepsPerStep-1)/RegexpStepsPerStep); over {
		return errBudget
	}
	return nil
}

// budgetError is the error of a function call whose charge reached a
// limit; evalExpr replaces hcl's diagnostic of it with the budget's, at
// the call.
type BudgetError struct{ What string }

func (e BudgetError) Error() string { return "the call costs too much (" + e.What + ")" }

// The budget travels in the evaluation context, as a variable whose name
// no HCL expression can spell (names are identifiers) and no misspelt
// name comes near (hcl suggests names within two edits; this one has
// three NUL bytes), so that every evaluation of a load, on any
// goroutine, charges that load's budget without process-wide state.
const BudgetVarName = "\x00budget\x00\x00"

var budgetCapsule = cty.Capsule("catc budget", reflect.TypeOf(Budget{}))

// budgetVar is the value that holds b in an evaluation context.
func BudgetVar(b *Budget) cty.Value { return cty.CapsuleVal(budgetCapsule, b) }

// budgetSlot holds the budget an evaluation without a context charges
// (constants, evaluated while their files are read): the budget of the
// load reading the files parsed with the slot. A ParseCache's slot takes
// each load's budget in turn, as the load starts.
type BudgetSlot struct{ b atomic.Pointer[Budget] }

func NewBudgetSlot(b *Budget) *BudgetSlot {
	s := &BudgetSlot{}
	s.b.Store(b)
	return s
}

// budget is the slot's budget; a nil slot (catc's own built-in types,
// which every load shares) has none.
func (s *BudgetSlot) Budget() *Budget {
	if s == nil {
		return nil
	}
	return s.b.Load()
}

// Set makes b the budget the slot's expressions charge.
func (s *BudgetSlot) Set(b *Budget) { s.b.Store(b) }

// budgetOf is the budget of the evaluation context ctx (or of one of its
// parents), else fallback.
func BudgetOf(ctx *hcl.EvalContext, fallback *Budget) *Budget {
	for c := ctx; c != nil; c = c.Parent() {
		if v, ok := c.Variables[BudgetVarName]; ok {
			return v.EncapsulatedValue().(*Budget)
		}
	}
	return fallback
}

// withBudget appends the budget's diagnostic to diags when a limit was
// reached and diags do not hold it already: a try() or can() may have
// swallowed it, but the load must still fail, since it may have taken a
// fallback for a value that was merely too costly. rng and what name the
// expression evaluated, for a diagnostic not made yet.
func withBudget(diags hcl.Diagnostics, b *Budget, rng hcl.Range, what string) hcl.Diagnostics {
	if !b.Over() {
		return diags
	}
	d := b.stop(rng, what)
	for _, x := range diags {
		if x == d {
			return diags
		}
	}
	return append(diags, d)
}

// dedupBudget drops repeats of the budget's diagnostic from diags: once
// the budget is spent, every expression evaluated after reports it.
func DedupBudget(diags hcl.Diagnostics, b *Budget) hcl.Diagnostics {
	d := b.exhausted()
	if d == nil {
		return diags
	}
	out := diags[:0]
	seen := false
	for _, x := range diags {
		if x == d {
			if seen {
				continue
			}
			seen = true
		}
		out = append(out, x)
	}
	return out
}

// budgetDiags is the diagnostics of an evaluation (of the expression at
// rng) with the budget's in place of hcl's for a function call that
// reached a limit, repeats of it dropped, and it added when a limit was
// reached but the evaluation reported nothing (a try() swallowed it, or
// a call returned an unknown value once the budget was spent).
func BudgetDiags(diags hcl.Diagnostics, b *Budget, rng hcl.Range) hcl.Diagnostics {
	if !b.Over() {
		return diags
	}
	for i, d := range diags {
		if d == b.placeholder {
			continue
		}
		if extra, ok := hcl.DiagnosticExtra[hclsyntax.FunctionCallDiagExtra](d); ok {
			var be BudgetError
			if errors.As(extra.FunctionCallError(), &be) {
				rng := d.Subject
				if d.Context != nil {
					rng = d.Context
				}
				diags[i] = b.stop(*rng, be.What)
			}
		}
	}
	for i, d := range diags {
		if d == b.placeholder {
			diags[i] = b.stop(rng, "this expression")
		}
	}
	return DedupBudget(withBudget(diags, b, rng, "this expression"), b)
}

// What each charged expression is called in the budget's diagnostic,
// with how it costs.
const (
	WhatFor         = "this for expression (each element of its collection costs a step per part of its body, so nested for expressions multiply)"
	WhatTemplate    = "this template (its text is built from each interpolation)"
	WhatJoin        = "this template's for directive (its text joins every iteration's)"
	WhatSplat       = "this splat (a step per element it spreads)"
	WhatCompare     = "this comparison (a step per element compared, and the text compared)"
	WhatConditional = "this conditional (a step per element of its results, converted to one type)"
	WhatForEach     = "this for_each (each instance costs a step per part of the block, and the block's literal text)"
	WhatValue       = "this value (a step per element of the value given to the attribute)"
	WhatMatch       = "the match of this value against the patterns of its type (a step per 16 steps of the regexp engine, about the length of each string matched times the threads its pattern runs at once; Ruby would run the match: the limit is catc's)"
)
