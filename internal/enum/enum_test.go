package enum

import (
	"testing"

	_ "github.com/catc-dev/catc/internal/testutil" // accepts -update
)

type colour uint8

var colourNames = [...]string{"red", "green"}

// TestName: a value in the table has its name, any other is "unknown".
func TestName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		i    int
		want string
	}{{0, "red"}, {1, "green"}, {2, "unknown"}, {-1, "unknown"}} {
		if got := Name(colourNames[:], tc.i); got != tc.want {
			t.Errorf("Name(%d) = %q, want %q", tc.i, got, tc.want)
		}
	}
	if got := Name(colourNames[:], colour(200)); got != "unknown" {
		t.Errorf("Name(colour(200)) = %q", got)
	}
}

// TestParse: names read back exactly, or ignoring case with ParseFold;
// Index agrees with both.
func TestParse(t *testing.T) {
	t.Parallel()
	if c, ok := Parse[colour](colourNames[:], "green"); !ok || c != 1 {
		t.Errorf("Parse(green) = %d, %v", c, ok)
	}
	if _, ok := Parse[colour](colourNames[:], "Green"); ok {
		t.Error("Parse(Green) accepted a different case")
	}
	if c, ok := ParseFold[colour](colourNames[:], "GREEN"); !ok || c != 1 {
		t.Errorf("ParseFold(GREEN) = %d, %v", c, ok)
	}
	if _, ok := ParseFold[colour](colourNames[:], "blue"); ok {
		t.Error("ParseFold(blue) accepted a name not in the table")
	}
	m := Index[colour](colourNames[:])
	if len(m) != 2 || m["red"] != 0 || m["green"] != 1 {
		t.Errorf("Index = %v", m)
	}
}
