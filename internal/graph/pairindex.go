package graph

// pairIndex finds a target among a source's successors, for Build's
// edge lists and Expand's: a list of at most scanMax is scanned (nearly
// every vertex; cheaper than hashing), a longer one is indexed by
// key(from, to). Lists only grow, so a position stays right.
type pairIndex map[uint64]int32

// find is the position of to among tos, from's successors, or -1.
func (ix pairIndex) find(tos []int32, from, to int32) int {
	if len(tos) <= scanMax {
		for i, t := range tos {
			if t == to {
				return i
			}
		}
		return -1
	}
	if at, ok := ix[key(int(from), int(to))]; ok {
		return int(at)
	}
	return -1
}

// added indexes the successor just appended to tos, from's successors,
// once the list is too long to scan.
func (ix *pairIndex) added(tos []int32, from int32) {
	switch n := len(tos); {
	case n == scanMax+1: // from just outgrew scanning
		if *ix == nil {
			*ix = make(pairIndex)
		}
		for i, w := range tos {
			(*ix)[key(int(from), int(w))] = int32(i)
		}
	case n > scanMax+1:
		(*ix)[key(int(from), int(tos[n-1]))] = int32(n - 1)
	}
}
