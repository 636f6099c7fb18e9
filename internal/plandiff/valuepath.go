package plandiff

import (
	"strconv"
	"strings"
)

// maxValueDepth is how deeply diff walks into two values to find where
// they differ; below it, a value is compared whole and a difference is
// one change of that value. Each level of the walk can make a change
// whose path names every level above it, so a value that differs at
// every level of a deep nesting would list changes whose paths add up to
// the square of its depth (9,000 levels: gigabytes); a real parameter
// nests a few levels.
const maxValueDepth = 100

// valueWalk is where diff stands inside an attribute: the attribute and
// the steps down to the value, a key or an index each. The path is
// spelled out only for a change found: building each level's path as a
// string would copy the levels above it again at every level (9,000
// levels of 40-byte keys took 1.6 GB).
type valueWalk struct {
	root  string
	steps []valueStep
}

type valueStep struct {
	key   string // a hash key
	i     int    // an array index, when isIdx
	isIdx bool
}

// String is the path as diff prints it: "config.port", "list[2]".
func (w *valueWalk) String() string {
	var b strings.Builder
	b.WriteString(w.root)
	for _, st := range w.steps {
		if st.isIdx {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(st.i))
			b.WriteByte(']')
		} else {
			b.WriteByte('.')
			b.WriteString(st.key)
		}
	}
	return b.String()
}
