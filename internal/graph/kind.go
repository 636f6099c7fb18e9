package graph

import (
	"math/bits"
	"strings"
)

// Kind is a set of edge kinds: one bit per relationship metaparameter and
// per type auto rule. An Edge carries the union of the kinds that
// produced it; an Origin carries exactly one.
type Kind uint8

// The edge kinds: the four relationship metaparameters, then the four
// auto rules, each in the order Kinds lists them.
const (
	Require Kind = 1 << iota
	Before
	Subscribe
	Notify
	AutoRequire
	AutoBefore
	AutoSubscribe
	AutoNotify
)

// refreshKinds carry refresh events from source to target.
const refreshKinds = Subscribe | Notify | AutoSubscribe | AutoNotify

// autoKinds come from type rules rather than metaparameters.
const autoKinds = AutoRequire | AutoBefore | AutoSubscribe | AutoNotify

var kindNames = [...]string{"require", "before", "subscribe", "notify",
	"autorequire", "autobefore", "autosubscribe", "autonotify"}

// Refresh reports whether any kind in k carries refresh events.
func (k Kind) Refresh() bool { return k&refreshKinds != 0 }

// Auto reports whether every kind in k comes from a type's auto rule.
func (k Kind) Auto() bool { return k != 0 && k&^autoKinds == 0 }

// Names lists the kinds in k by name ("require", "autorequire", …) in the
// order of the constants. It is never nil.
func (k Kind) Names() []string {
	out := []string{}
	for i, n := range kindNames {
		if k&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// ParseKinds reads kind names as Names writes them ("require",
// "autonotify", …); unknown ones are ignored.
func ParseKinds(names []string) Kind {
	var k Kind
	for _, n := range names {
		for i, kn := range kindNames {
			if n == kn {
				k |= 1 << i
			}
		}
	}
	return k
}

// String joins Names with "+", e.g. "require+subscribe".
func (k Kind) String() string {
	if k != 0 && k&(k-1) == 0 { // one kind, as in every Origin: no allocation
		return kindNames[bits.TrailingZeros8(uint8(k))]
	}
	return strings.Join(k.Names(), "+")
}
