package rubyregexp

import (
	"strconv"
	"strings"
)

// rxEmitter prints the tree as Go syntax.
type rxEmitter struct {
	src      string
	hasNamed bool // Ruby: plain groups do not capture once a named group exists
}

// rxCtx is where a node sits. head: nothing can match before it in its
// top-level branch; tail: nothing can match after it. Both hold only
// through unquantified groups. A consuming rewrite of an assertion is exact
// there for a boolean search, and for named captures when not inside one.
type rxCtx struct{ head, tail, inNamed bool }

// neverMatch is a Go class with no members.
const neverMatch = `[^\x00-\x{10FFFF}]`

func (e *rxEmitter) emitTop(b *strings.Builder, alt *rxAlt) error {
	return e.emitAlt(b, alt, rxCtx{head: true, tail: true})
}

func (e *rxEmitter) emitAlt(b *strings.Builder, alt *rxAlt, ctx rxCtx) error {
	for i, br := range alt.branches {
		if i > 0 {
			b.WriteByte('|')
		}
		if err := e.emitSeq(b, br, ctx); err != nil {
			return err
		}
	}
	return nil
}

func (e *rxEmitter) emitSeq(b *strings.Builder, seq *rxSeq, ctx rxCtx) error {
	n := len(seq.items)
	for i, item := range seq.items {
		c := rxCtx{head: ctx.head && i == 0, tail: ctx.tail && i == n-1, inNamed: ctx.inNamed}
		var prev, next rxNode
		if i > 0 {
			prev = seq.items[i-1]
		}
		if i < n-1 {
			next = seq.items[i+1]
		}
		if err := e.emitNode(b, item, c, prev, next); err != nil {
			return err
		}
	}
	return nil
}

func (e *rxEmitter) emitNode(b *strings.Builder, n rxNode, ctx rxCtx, prev, next rxNode) error {
	switch n := n.(type) {
	case *rxAtom:
		b.WriteString(n.text)
	case *rxGroup:
		return e.emitGroup(b, n, ctx)
	case *rxRepeat:
		return e.emitRepeat(b, n, ctx)
	case *rxAssert:
		return e.emitAssert(b, n, ctx, prev, next)
	}
	return nil
}

func (e *rxEmitter) emitGroup(b *strings.Builder, g *rxGroup, ctx rxCtx) error {
	switch {
	case g.kind == groupNamed:
		b.WriteString("(?P<" + g.name + ">")
		ctx.inNamed = true
	case g.kind == groupCapture && !e.hasNamed:
		b.WriteString("(")
	case g.kind == groupFlags && (g.on != "" || g.off != ""):
		b.WriteString("(?" + g.on)
		if g.off != "" {
			b.WriteString("-" + g.off)
		}
		b.WriteString(":")
	default:
		b.WriteString("(?:")
	}
	if err := e.emitAlt(b, g.body, ctx); err != nil {
		return err
	}
	b.WriteByte(')')
	return nil
}

func (e *rxEmitter) emitRepeat(b *strings.Builder, r *rxRepeat, ctx rxCtx) error {
	sub := rxCtx{inNamed: ctx.inNamed}
	_, nested := r.sub.(*rxRepeat)
	if nested {
		b.WriteString("(?:")
	}
	if err := e.emitNode(b, r.sub, sub, nil, nil); err != nil {
		return err
	}
	if nested {
		b.WriteByte(')')
	}
	switch {
	case r.min == 0 && r.max < 0:
		b.WriteByte('*')
	case r.min == 1 && r.max < 0:
		b.WriteByte('+')
	case r.min == 0 && r.max == 1:
		b.WriteByte('?')
	case r.max < 0:
		b.WriteString("{" + strconv.Itoa(r.min) + ",}")
	case r.min == r.max:
		b.WriteString("{" + strconv.Itoa(r.min) + "}")
	default:
		b.WriteString("{" + strconv.Itoa(r.min) + "," + strconv.Itoa(r.max) + "}")
	}
	if r.lazy {
		b.WriteByte('?')
	}
	return nil
}

func (e *rxEmitter) emitAssert(b *strings.Builder, a *rxAssert, ctx rxCtx, prev, next rxNode) error {
	switch a.kind {
	case '^':
		if ctx.tail && !ctx.inNamed {
			// Ruby's ^ needs a character after a line start (or the start of
			// the string); consuming it is exact at the end of the pattern.
			b.WriteString(`(?:\A|(?m:^)(?s:.))`)
		} else {
			b.WriteString(`(?m:^)`)
		}
	case '$':
		b.WriteString(`(?m:$)`)
	case 'A':
		b.WriteString(`\A`)
	case 'z':
		b.WriteString(`\z`)
	case 'Z':
		if !ctx.tail || ctx.inNamed {
			return unsupported(a.offset, `end-of-string anchor \Z`,
				`Go RE2 has no look-ahead, so \Z is translated only at the very end of the pattern, outside named groups`,
				`use \z (end of string) or $ (end of line), or move \Z to the end`)
		}
		b.WriteString(`(?:\n?\z)`)
	case 'b', 'B':
		text, err := e.boundary(a, ctx, prev, next)
		if err != nil {
			return err
		}
		b.WriteString(text)
	}
	return nil
}
