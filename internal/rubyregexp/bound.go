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
	// MaxMatchSteps bounds one match (Regexp.Steps). A step takes 30
	// to 60 ns, so a match ends within a few seconds.
	MaxMatchSteps = 20_000_000
)

// Regexp is a compiled translation and what matching it may cost.
type Regexp struct {
	*regexp.Regexp
	src string // the Ruby source, for messages
	// fixed and perByte bound a match's steps (see cost).
	fixed, perByte int64
}

// PerByte bounds the threads Go's engine runs for each byte of a long
// string: none for a pattern anchored at the start whose matches are of
// bounded length, up to one per rune instruction for an unanchored one.
func (r *Regexp) PerByte() int64 { return r.perByte }

// Steps bounds what matching a string of n bytes may cost, in steps of
// Go's engine (threads run for one byte).
func (r *Regexp) Steps(n int) int64 { return r.fixed + int64(n+1)*r.perByte }

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
			Msg: fmt.Sprintf("matching a string of %d bytes against /%s/ could take %d steps of Go's regexp engine (up to %d threads for each byte), more than catc's bound of %d, so that no match runs for minutes; "+
				"Ruby would run the match: the bound is catc's. Match a shorter string, or simplify the pattern", n, r.src, steps, r.perByte, MaxMatchSteps),
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
	fixed, perByte := cost(prog)
	return &Regexp{Regexp: re, src: src, fixed: fixed, perByte: perByte}, nil
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

// maxSimulated bounds the work of cost's simulation (the thread-steps
// it runs); a program whose thread sets have not started to repeat by
// then costs its count of rune instructions per byte.
const maxSimulated = 1 << 21

// cost bounds what Go's engines do to match a string: fixed thread-steps,
// then perByte for each byte of the string. It runs the program on an
// input every rune instruction matches (so any input keeps alive a
// subset of its threads; empty-width assertions are taken as passing),
// a new thread starting at every position unless the program is anchored
// at the start of the text, until the set of live threads repeats (from
// there on, every byte costs at most the largest set of the cycle) or is
// empty (the match is over).
func cost(p *syntax.Prog) (fixed, perByte int64) {
	anchored := p.StartCond()&syntax.EmptyBeginText != 0
	var runes int64
	for _, in := range p.Inst {
		if isRune(in.Op) {
			runes++
		}
	}
	c := newCloser(p)
	cur := c.closure([]uint32{uint32(p.Start)})
	var sizes []int64
	seen := map[string]int{}
	for {
		if len(cur) == 0 {
			return sum(sizes) + 1, 0
		}
		k := key(cur)
		if first, ok := seen[k]; ok {
			return sum(sizes[:first]) + 1, slices.Max(sizes[first:])
		}
		seen[k] = len(sizes)
		sizes = append(sizes, int64(len(cur)))
		if sum(sizes) > maxSimulated {
			return 1, max(runes, 1)
		}
		next := make([]uint32, 0, len(cur)+1)
		for _, pc := range cur {
			next = append(next, p.Inst[pc].Out)
		}
		if !anchored {
			next = append(next, uint32(p.Start))
		}
		cur = c.closure(next)
	}
}

func sum(xs []int64) int64 {
	var n int64
	for _, x := range xs {
		n += x
	}
	return n
}

func isRune(op syntax.InstOp) bool {
	return op == syntax.InstRune || op == syntax.InstRune1 || op == syntax.InstRuneAny || op == syntax.InstRuneAnyNotNL
}

// closer computes closures over one program, reusing its buffers.
type closer struct {
	p       *syntax.Prog
	visited []uint32 // the generation that visited each instruction
	gen     uint32
	stack   []uint32
}

func newCloser(p *syntax.Prog) *closer {
	return &closer{p: p, visited: make([]uint32, len(p.Inst))}
}

// closure is the sorted set of rune instructions reachable from pcs
// through instructions that consume nothing.
func (c *closer) closure(pcs []uint32) []uint32 {
	c.gen++
	var out []uint32
	c.stack = append(c.stack[:0], pcs...)
	for len(c.stack) > 0 {
		pc := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		if c.visited[pc] == c.gen {
			continue
		}
		c.visited[pc] = c.gen
		in := c.p.Inst[pc]
		switch {
		case isRune(in.Op):
			out = append(out, pc)
		case in.Op == syntax.InstAlt || in.Op == syntax.InstAltMatch:
			c.stack = append(c.stack, in.Out, in.Arg)
		case in.Op == syntax.InstCapture || in.Op == syntax.InstNop || in.Op == syntax.InstEmptyWidth:
			c.stack = append(c.stack, in.Out)
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
