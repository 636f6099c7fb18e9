package rubyregexp

import (
	"regexp/syntax"
	"sort"
	"sync"
)

// Ruby's \b and \B use Unicode word characters (é is one); Go's use ASCII
// only. There is no RE2 equivalent in general, but when the character on one
// side is fixed by the pattern (`foo` in `\bfoo`) the boundary reduces to a
// test of the other side, which can be written as a consuming class at the
// start or end of the pattern. Other uses are rejected.

type wordSide int

const (
	sideUnknown wordSide = iota
	sideWord
	sideNonWord
	sideOutside // the subject text beyond the pattern's edge
)

// boundaryWordFrag is the word set Onigmo's \b uses: [[:word:]] plus six
// Latin-1 digits and fractions (² ³ ¹ ¼ ½ ¾), verified against Ruby 3.1.
var boundaryWordFrag = sync.OnceValue(func() string { return wordFrag() + `\x{B2}\x{B3}\x{B9}\x{BC}-\x{BE}` })

// wordRanges is that set as sorted rune pairs.
var wordRanges = sync.OnceValue(func() []rune { return classRanges(boundaryWordFrag()) })

func (e *rxEmitter) boundary(a *rxAssert, ctx rxCtx, prev, next rxNode) (string, error) {
	before, after := sideUnknown, sideUnknown
	if prev != nil {
		before = classifySide(prev, false)
	} else if ctx.head && !ctx.inNamed {
		before = sideOutside
	}
	if next != nil {
		after = classifySide(next, true)
	} else if ctx.tail && !ctx.inNamed {
		after = sideOutside
	}
	wantBoundary := a.kind == 'b'
	word, nonWord := "["+boundaryWordFrag()+"]", "[^"+boundaryWordFrag()+"]"
	switch {
	case known(before) && known(after):
		if (before != after) == wantBoundary {
			return "", nil
		}
		return neverMatch, nil
	case before == sideOutside && known(after):
		if (after == sideWord) != wantBoundary {
			return word, nil
		}
		return `(?:\A|` + nonWord + `)`, nil
	case known(before) && after == sideOutside:
		if (before == sideWord) != wantBoundary {
			return word, nil
		}
		return `(?:\z|` + nonWord + `)`, nil
	}
	return "", unsupported(a.offset, `word boundary \`+string(a.kind),
		"Ruby's word boundaries are Unicode-aware and Go's are ASCII-only; catc translates one only "+
			"at the start or end of the pattern next to characters that are all word or all non-word",
		`rewrite it with explicit classes, e.g. (?:\A|[^\p{L}\p{N}_])`)
}

func known(s wordSide) bool { return s == sideWord || s == sideNonWord }

// classifySide says whether the first (or last) character node n matches
// is always a word character, never one, or either. A line or string anchor
// next to the boundary pins that side too: before `^` or `\A` there is a
// newline or nothing, at `$`, `\z` or `\Z` a newline or nothing, and
// "nothing" counts as a non-word character.
func classifySide(n rxNode, first bool) wordSide {
	switch n := n.(type) {
	case *rxAssert:
		if !first && (n.kind == '^' || n.kind == 'A') || first && (n.kind == '$' || n.kind == 'z' || n.kind == 'Z') {
			return sideNonWord
		}
	case *rxAtom:
		return classifyAtom(n)
	case *rxRepeat:
		if n.min >= 1 {
			return classifySide(n.sub, first)
		}
	case *rxGroup:
		side := sideUnknown
		for i, br := range n.body.branches {
			if len(br.items) == 0 {
				return sideUnknown
			}
			item := br.items[len(br.items)-1]
			if first {
				item = br.items[0]
			}
			s := classifySide(item, first)
			if !known(s) || (i > 0 && s != side) {
				return sideUnknown
			}
			side = s
		}
		return side
	}
	return sideUnknown
}

func classifyAtom(a *rxAtom) wordSide {
	flags := syntax.Perl
	if a.fold {
		flags |= syntax.FoldCase
	}
	re, err := syntax.Parse(a.text, flags)
	if err != nil {
		return sideUnknown
	}
	var rs []rune
	switch re.Op {
	case syntax.OpCharClass:
		rs = re.Rune
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			rs = append(rs, r, r)
		}
	default:
		return sideUnknown
	}
	switch {
	case len(rs) == 0:
		return sideUnknown
	case rangesWithin(rs, wordRanges()):
		return sideWord
	case rangesWithin(rs, complementRanges(wordRanges())):
		return sideNonWord
	}
	return sideUnknown
}

// rangesWithin reports whether every pair of rs lies inside one pair of set.
func rangesWithin(rs, set []rune) bool {
	n := len(set) / 2
	for i := 0; i+1 < len(rs); i += 2 {
		lo, hi := rs[i], rs[i+1]
		j := sort.Search(n, func(k int) bool { return set[2*k+1] >= lo })
		if j == n || set[2*j] > lo || set[2*j+1] < hi {
			return false
		}
	}
	return true
}
