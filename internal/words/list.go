package words

import "strings"

// And joins names as "a", "a and b", "a, b and c".
func And(names []string) string { return join(names, " and ") }

// Or joins names as "a", "a or b", "a, b or c".
func Or(names []string) string { return join(names, " or ") }

func join(names []string, last string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}
