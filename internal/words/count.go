package words

import (
	"fmt"
	"strings"
)

// GroupDigits writes n with thousands separators: 152000 → "152,000".
func GroupDigits(n int) string {
	if n < 0 {
		return "-" + GroupDigits(-n)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Pick is one when n is 1, else many.
func Pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Noun is "1 thing" or "1,200 things" (many is the plural form).
func Noun(n int, one, many string) string {
	return GroupDigits(n) + " " + Pick(n, one, many)
}

// ListMore joins at most max items, then "and N more".
func ListMore(items []string, max int) string {
	if len(items) <= max {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:max], ", ") + AndMore(len(items)-max)
}

// AndMore is " and N more" for the n items a list leaves out, or "".
func AndMore(n int) string {
	if n <= 0 {
		return ""
	}
	return " and " + GroupDigits(n) + " more"
}
