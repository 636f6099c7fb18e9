package fleet

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/hashicorp/hcl/v2"
)

// classes holds the outcome of each class of nodes, computed once, by
// the first node of the class that needs it (the others wait for it).
// It keeps at most maxClasses outcomes, forgetting the oldest: a fleet
// of more distinct classes computes some again, never holds them all.
type classes[T any] struct {
	mu    sync.Mutex
	m     map[string]*classEntry[T]
	order []string // keys in the order they came, for forgetting
	next  int      // the oldest key in order
	// compiled counts the catalogs compiled (Options.Progress).
	compiled atomic.Int64
}

type classEntry[T any] struct {
	once sync.Once
	v    T
}

// maxClasses bounds the outcomes kept: far more than the distinct
// catalogs of a real fleet (roles × data centres × OS releases), few
// enough that their diffs fit in memory.
const maxClasses = 1 << 14

func newClasses[T any]() *classes[T] {
	return &classes[T]{m: map[string]*classEntry[T]{}}
}

// get is the outcome of the class key, computed by compute when no
// other node computed it (or it was forgotten since).
func (c *classes[T]) get(key string, compute func() T) T {
	c.mu.Lock()
	e := c.m[key]
	if e == nil {
		e = &classEntry[T]{}
		c.m[key] = e
		c.order = append(c.order, key)
		if len(c.m) > maxClasses {
			delete(c.m, c.order[c.next])
			c.order[c.next] = ""
			c.next++
			if c.next > len(c.order)/2 {
				c.order = append([]string(nil), c.order[c.next:]...)
				c.next = 0
			}
		}
	}
	c.mu.Unlock()
	e.once.Do(func() { e.v = compute() })
	return e.v
}

// sentinels replaces a class's sentinels by one node's values.
type sentinels struct {
	k      *keyer
	values []string
	// bad is set when a string held a sentinel cut short: the class's
	// outcome is not the node's (never seen; the node is then compiled).
	bad bool
}

// replace is s with every sentinel replaced by the node's value.
func (s *sentinels) replace(str string) string {
	token := s.k.token
	i := strings.Index(str, token)
	if i < 0 {
		return str
	}
	var b strings.Builder
	for i >= 0 {
		b.WriteString(str[:i])
		rest := str[i:]
		n, err := strconv.Atoi(rest[len(token):min(len(rest), len(token)+4)])
		if err != nil || len(rest) < sentinelLen || n >= len(s.values) || s.values[n] == "" || rest[:sentinelLen] != s.k.sentinel(n) {
			s.bad = true
			return str
		}
		b.WriteString(s.values[n])
		str = rest[sentinelLen:]
		i = strings.Index(str, token)
	}
	b.WriteString(str)
	return b.String()
}

// exceeds reports whether diags say that a bound of evaluation was
// passed: the stand-in's sentinels are longer than the nodes' values, so
// its outcome is not theirs (each node is compiled instead).
func exceeds(diags hcl.Diagnostics) bool {
	for _, d := range diags {
		if compiler.Exceeds(d) {
			return true
		}
	}
	return false
}

// errorsTextWith is errorsText of diags as the node has them: the
// sentinels replaced by its values, then its identity.
func errorsTextWith(diags hcl.Diagnostics, id *identity, s *sentinels) string {
	if s == nil {
		return errorsText(diags, id)
	}
	out := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		cp := *d
		cp.Summary = s.replace(d.Summary)
		out[i] = &cp
	}
	return errorsText(out, id)
}
