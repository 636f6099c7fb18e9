package words

import "fmt"

// DidYouMean is the sentence " Did you mean "x"?" naming the candidate
// closest to given (Closest), or "" when none is close: for the end of a
// diagnostic's detail.
func DidYouMean(given string, candidates []string) string {
	if s := Closest(given, candidates); s != "" {
		return fmt.Sprintf(" Did you mean %q?", s)
	}
	return ""
}

// Closest returns the candidate closest to given when it is close enough
// to be a likely typo (edit distance below 3, as hcl's own suggestions),
// or "". Ties go to the earlier candidate.
func Closest(given string, candidates []string) string {
	best, bestDist := "", 3
	for _, c := range candidates {
		if d := editDistance(given, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance over bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
