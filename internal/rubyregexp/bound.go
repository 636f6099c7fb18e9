package rubyregexp

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
)

// Go's regexp engines match in time linear in the input, but the factor
// is the number of threads they run at once, up to the size of the
// compiled program: Pattern[/\p{L}{1000}.../] compiled to 10,000
// instructions and took 50 s to search 100 KB. Ruby accepts such
// patterns (Onigmo backtracks instead), so these bounds are catc's own,
// and their errors say so.
const (
	// MaxInsts bounds a translation's compiled program: seven times the
	// largest pattern of the public modules catc's corpora come from
	// (stdlib's IPv6 address, 1,396 instructions).
	MaxInsts = 10_000
	// MaxMatchSteps bounds one match: the length of the string plus
	// one, times the pattern's width (Regexp.Steps). A step takes 30 to
	// 60 ns, so a match ends within a few seconds.
	MaxMatchSteps = 50_000_000
)

// Regexp is a compiled translation and what matching it may cost.
type Regexp struct {
	*regexp.Regexp
	src   string // the Ruby source, for messages
	width int
}

// Width bounds the threads Go's engine runs at once on any input.
func (r *Regexp) Width() int { return r.width }

// Steps bounds what matching a string of n bytes may cost, in threads
// run for one input byte.
func (r *Regexp) Steps(n int) int64 { return int64(n+1) * int64(r.width) }

// MatchWithin is MatchString, or an *Error when matching s may cost
// more than MaxMatchSteps (then s is not matched).
func (r *Regexp) MatchWithin(s string) (bool, error) {
	if err := r.within(len(s)); err != nil {
		return false, err
	}
	return r.MatchString(s), nil
}

// FindStringSubmatchIndexWithin is FindStringSubmatchIndex within
// MaxMatchSteps, as MatchWithin.
func (r *Regexp) FindStringSubmatchIndexWithin(s string) ([]int, error) {
	if err := r.within(len(s)); err != nil {
		return nil, err
	}
	return r.FindStringSubmatchIndex(s), nil
}

func (r *Regexp) within(n int) error {
	if steps := r.Steps(n); steps > MaxMatchSteps {
		return &Error{
			Msg: fmt.Sprintf("matching a string of %d bytes against /%s/ could take %d steps of Go's regexp engine (the length plus one, times the %d threads the pattern can run at once), more than catc's bound of %d, so that no match runs for minutes; "+
				"Ruby would run the match: the bound is catc's. Match a shorter string, or simplify the pattern", n, r.src, steps, r.width, MaxMatchSteps),
			Construct: "match size",
		}
	}
	return nil
}

// compileBounded compiles a translation (goSrc, of the Ruby source src),
// refusing a program of more than MaxInsts instructions before building
// it, and measures its width.
func compileBounded(src, goSrc string) (*Regexp, error) {
	parsed, err := syntax.Parse(goSrc, syntax.Perl)
	if err != nil {
		return nil, goRejected(src, err)
	}
	if n := progSize(parsed); n > MaxInsts {
		return nil, tooLarge(src, n)
	}
	prog, err := syntax.Compile(parsed.Simplify())
	if err != nil {
		return nil, goRejected(src, err)
	}
	if len(prog.Inst) > MaxInsts {
		return nil, tooLarge(src, len(prog.Inst))
	}
	re, err := regexp.Compile(goSrc)
	if err != nil {
		return nil, goRejected(src, err)
	}
	return &Regexp{Regexp: re, src: src, width: width(prog)}, nil
}

func tooLarge(src string, n int) *Error {
	size := "more than " + strconv.Itoa(MaxInsts)
	if n <= maxCounted {
		size = strconv.Itoa(n)
	}
	return &Error{
		Msg: fmt.Sprintf("regular expression /%s/ is not supported by catc (it compiles to %s instructions of Go's regexp engine, more than catc's bound of %d, so that no pattern makes matching slow; "+
			"Ruby accepts it: the bound is catc's); simplify the pattern, for example with smaller repeat counts", src, size, MaxInsts),
		Construct: "pattern size",
	}
}

// maxCounted is where progSize stops counting.
const maxCounted = 4 * MaxInsts

// progSize estimates the instructions of the program re compiles to (as
// regexp/syntax compiles its simplified form: a counted repeat is that
// many copies), without building it; it stops counting past maxCounted.
func progSize(re *syntax.Regexp) int {
	add := func(a, b int) int { return min(a+b, maxCounted+1) }
	mul := func(a, b int) int {
		if a != 0 && b > (maxCounted+1)/a {
			return maxCounted + 1
		}
		return min(a*b, maxCounted+1)
	}
	switch re.Op {
	case syntax.OpLiteral:
		return max(len(re.Rune), 1)
	case syntax.OpCapture:
		return add(2, progSize(re.Sub[0]))
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		return add(1, progSize(re.Sub[0]))
	case syntax.OpRepeat:
		// x{n,m} is n copies of x, then m-n optional ones; x{n,} n
		// copies, then x*
		sub := progSize(re.Sub[0])
		optional := re.Max - re.Min
		if re.Max < 0 {
			optional = 1
		}
		return add(mul(re.Min, sub), mul(optional, add(sub, 1)))
	case syntax.OpConcat, syntax.OpAlternate:
		n := len(re.Sub)
		for _, s := range re.Sub {
			n = add(n, progSize(s))
		}
		return n
	}
	return 1
}

// maxWidthSteps bounds the simulation of width; a program whose thread
// sets have not started to repeat by then gets its count of rune
// instructions as its width.
const maxWidthSteps = 256

// width bounds the threads Go's engines run at once on any input: the
// largest set of rune instructions alive after some number of input
// runes when every rune instruction matches every rune (so any input
// keeps alive a subset), a new thread starting at every position unless
// the program is anchored at the start of the text. Empty-width
// assertions are taken as passing. It is at least 1.
func width(p *syntax.Prog) int {
	anchored := p.StartCond()&syntax.EmptyBeginText != 0
	runes := 0
	for _, in := range p.Inst {
		if isRune(in.Op) {
			runes++
		}
	}
	start := closure(p, []uint32{uint32(p.Start)})
	cur, most := start, len(start)
	seen := map[string]bool{key(cur): true}
	for step := 0; len(cur) > 0 || !anchored; step++ {
		if step == maxWidthSteps {
			return max(runes, 1)
		}
		var next []uint32
		for _, pc := range cur {
			next = append(next, p.Inst[pc].Out)
		}
		if !anchored {
			next = append(next, uint32(p.Start))
		}
		cur = closure(p, next)
		most = max(most, len(cur))
		if k := key(cur); seen[k] {
			break
		} else {
			seen[k] = true
		}
	}
	return max(most, 1)
}

func isRune(op syntax.InstOp) bool {
	return op == syntax.InstRune || op == syntax.InstRune1 || op == syntax.InstRuneAny || op == syntax.InstRuneAnyNotNL
}

// closure is the sorted set of rune instructions reachable from pcs
// through instructions that consume nothing.
func closure(p *syntax.Prog, pcs []uint32) []uint32 {
	visited := make(map[uint32]bool, len(pcs))
	var out []uint32
	stack := append([]uint32(nil), pcs...)
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if visited[pc] {
			continue
		}
		visited[pc] = true
		in := p.Inst[pc]
		switch {
		case isRune(in.Op):
			out = append(out, pc)
		case in.Op == syntax.InstAlt || in.Op == syntax.InstAltMatch:
			stack = append(stack, in.Out, in.Arg)
		case in.Op == syntax.InstCapture || in.Op == syntax.InstNop || in.Op == syntax.InstEmptyWidth:
			stack = append(stack, in.Out)
		}
	}
	slices.Sort(out)
	return out
}

func key(pcs []uint32) string {
	var b strings.Builder
	for _, pc := range pcs {
		b.WriteString(strconv.FormatUint(uint64(pc), 36))
		b.WriteByte(',')
	}
	return b.String()
}
