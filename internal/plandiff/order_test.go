package plandiff

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestHeaviestIncreasing: with equal weights it keeps what
// longestIncreasing keeps; a heavier element wins a tie of lengths, never
// length itself.
func TestHeaviestIncreasing(t *testing.T) {
	t.Parallel()
	ones := func(n int) []int {
		w := make([]int, n)
		for i := range w {
			w[i] = 10
		}
		return w
	}
	for _, seq := range [][]int{nil, {1, 2, 3}, {1, 3, 4, 5, 2}, {5, 1, 2, 3, 4}, {2, 1}, {3, 1, 2, 6, 4, 5}} {
		if got, want := heaviestIncreasing(seq, ones(len(seq))), longestIncreasing(seq); !slices.Equal(got, want) {
			t.Errorf("equal weights, %v: %v, want longestIncreasing's %v", seq, got, want)
		}
	}
	tests := []struct {
		seq, weight []int
		keep        []bool
	}{
		// A swap: the heavier (untouched) one stays, the other moved.
		{[]int{2, 1}, []int{11, 10}, []bool{true, false}},
		{[]int{2, 1}, []int{10, 11}, []bool{false, true}},
		// Length first: keeping 3 light ones beats keeping 1 heavy one.
		{[]int{4, 1, 2, 3}, []int{7, 5, 5, 5}, []bool{false, true, true, true}},
	}
	for _, tt := range tests {
		if got := heaviestIncreasing(tt.seq, tt.weight); !slices.Equal(got, tt.keep) {
			t.Errorf("heaviestIncreasing(%v, %v) = %v, want %v", tt.seq, tt.weight, got, tt.keep)
		}
	}
}

// TestMovesOnTouched: when two explanations of a new order are as short,
// the move is put on the resource the change touched: the one that
// declares a new edge, one whose attributes changed, or one whose
// declaration moved.
func TestMovesOnTouched(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, old, new string
		want           string
	}{
		{"require added on vim",
			`resource "package" "vim" {}
resource "package" "openssh-server" {}`,
			`resource "package" "vim" {
  require = package.openssh-server
}
resource "package" "openssh-server" {}`,
			"Package[vim]: 1 → 2"},
		{"before added on openssh-server",
			`resource "package" "openssh-server" {}
resource "package" "vim" {}`,
			`resource "package" "openssh-server" {}
resource "package" "vim" {
  before = package.openssh-server
}`,
			"Package[vim]: 2 → 1"},
		{"a new resource orders vim after it",
			`resource "package" "vim" {}
resource "package" "openssh-server" {}`,
			`resource "package" "vim" {}
resource "package" "openssh-server" {}
resource "package" "x" {
  before = package.vim
}`,
			"Package[vim]: 1 → 3"},
		{"declaration moved past two",
			`resource "package" "a" {}
resource "package" "b" {}
resource "package" "c" {}`,
			`resource "package" "b" {}
resource "package" "c" {}
resource "package" "a" {}`,
			"Package[a]: 1 → 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Diff(srcSnapshot(t, tt.old), srcSnapshot(t, tt.new))
			var got []string
			for _, m := range d.Moves {
				got = append(got, m.Ref+": "+strconv.Itoa(m.OldStep)+" → "+strconv.Itoa(m.NewStep))
			}
			if strings.Join(got, "; ") != tt.want {
				t.Errorf("moves %q, want %q", got, tt.want)
			}
		})
	}
}

// srcSnapshot loads the diff fixtures' types and src.
func srcSnapshot(t *testing.T, src string) *Snapshot {
	t.Helper()
	return typesSnapshot(t, src, testutil.Fixture("diff/types.hcl"))
}

// TestNaturalCompare: numbers by value, a prefix first, the type before
// the title.
func TestNaturalCompare(t *testing.T) {
	t.Parallel()
	want := []string{
		"Exec[1]", "Exec[01]", "Exec[2]", "Exec[10]",
		"Firewall[100 allow ssh]", "Firewall[100 allow ssh v6]", "Firewall[101 allow http]",
		"Firewall[100000000000000000000001 big]",
		"Package[a]", "Package[a-b]", "Package[a9]", "Package[a10]", "Package[ab]",
	}
	got := slices.Clone(want)
	slices.Reverse(got)
	sort.SliceStable(got, func(i, j int) bool { return compareRefs(got[i], got[j]) < 0 })
	if !slices.Equal(got, want) {
		t.Errorf("sorted:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, tt := range []struct {
		a, b string
		want int
	}{{"x", "x", 0}, {"", "a", -1}, {"a2b", "a2a", 1}, {"007", "7", 1}} {
		if got := naturalCompare(tt.a, tt.b); got != tt.want {
			t.Errorf("naturalCompare(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
