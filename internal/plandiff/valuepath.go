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

// valuePath is where a value stands inside an attribute: the path of the
// hash or array holding it and one step, a key or an index. The walk
// makes a step per level and spells a path out only for a change found:
// building each level's path as a string would copy the levels above it
// again at every level (9,000 levels of 40-byte keys took 1.6 GB).
type valuePath struct {
	up    *valuePath
	key   string // the attribute at the root; a hash key below it
	i     int    // an array index, when isIdx
	isIdx bool
	depth int
}

func (p *valuePath) field(key string) *valuePath {
	return &valuePath{up: p, key: key, depth: p.depth + 1}
}

func (p *valuePath) index(i int) *valuePath {
	return &valuePath{up: p, i: i, isIdx: true, depth: p.depth + 1}
}

// String is the path as diff prints it: "config.port", "list[2]".
func (p *valuePath) String() string {
	steps := make([]*valuePath, 0, p.depth+1)
	for q := p; q != nil; q = q.up {
		steps = append(steps, q)
	}
	var b strings.Builder
	for i := len(steps) - 1; i >= 0; i-- {
		switch q := steps[i]; {
		case q.isIdx:
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(q.i))
			b.WriteByte(']')
		case q.up != nil:
			b.WriteByte('.')
			b.WriteString(q.key)
		default:
			b.WriteString(q.key)
		}
	}
	return b.String()
}
