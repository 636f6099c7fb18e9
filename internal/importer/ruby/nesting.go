package ruby

import "fmt"

// maxNesting bounds how deeply arrays and hashes may nest in a value.
// The parser reads them by recursion, so without a bound a file of
// nested brackets (260,000 `[` took 10 s and then overflowed the stack)
// would kill the process; a type file nests a handful of levels, and
// the HCL catc writes for the value must stay within what catc reads
// back.
const maxNesting = 100

// nestedTooDeep passes over the array or hash at p.i, one level beyond
// maxNesting, without recursion (its brackets counted) and returns it as
// a NonLiteral; the first one of a file is an error at its bracket.
func (p *parser) nestedTooDeep() Node {
	start := p.i
	if !p.tooDeep {
		p.tooDeep = true
		p.errorf(p.tok().rng, "Value nested too deeply",
			"This %s opens level %d of nesting; catc reads literal values nested at most %d levels deep, so that no file can exhaust its stack. Flatten the value.",
			bracketName(p.tok().text), maxNesting+1, maxNesting)
	}
	p.skipBalanced()
	return p.nonLiteral(start, fmt.Sprintf("a value nested more than %d levels deep", maxNesting))
}

func bracketName(open string) string {
	if open == "{" {
		return "hash"
	}
	return "array"
}

// skipBalanced moves from an opening bracket past the one that closes it
// (or to the end of the file), counting every bracket kind alike.
func (p *parser) skipBalanced() {
	depth := 0
	for t := p.tok(); t.kind != tEOF; t = p.tok() {
		depth += bracketStep(t)
		p.i++
		if depth <= 0 {
			break
		}
	}
	if p.nest > 0 {
		p.skipNewlines()
	}
}

// bracketStep is how a token changes the bracket depth: 1 for an opening
// bracket of any kind, -1 for a closing one, else 0.
func bracketStep(t token) int {
	if t.kind == tPunct {
		switch t.text {
		case "(", "[", "{":
			return 1
		case ")", "]", "}":
			return -1
		}
	}
	return 0
}
