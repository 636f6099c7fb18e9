package types

import "testing"

// TestExplicitInt64Bounds: a bound written as the largest or smallest
// int64 is a real bound (Puppet's integers are unbounded), so it differs
// from an open end in format, equality and assignability, while matching
// the same values. Puppet 7.23's to_s of each is in testdata/parse.jsonl;
// the assignability table is its PAnyType#assignable? on the same pairs.
func TestExplicitInt64Bounds(t *testing.T) {
	t.Parallel()
	parse := func(s string) *IntegerType { return mustParse(t, s).(*IntegerType) }
	open, bounded := parse("Integer[0]"), parse("Integer[0, 9223372036854775807]")
	if *open == *bounded {
		t.Errorf("Integer[0] and Integer[0, 9223372036854775807] compare equal")
	}
	if *open != *parse("Integer[0, default]") {
		t.Errorf("Integer[0, default] differs from Integer[0]")
	}
	for _, tc := range []struct {
		e, a string
		want bool
	}{
		{"Integer[0]", "Integer[0, 9223372036854775807]", true},
		{"Integer[0, 9223372036854775807]", "Integer[0]", false}, // infinity is not below the bound
		{"Integer[0, 9223372036854775807]", "Integer[5, 9223372036854775807]", true},
		{"Integer[-9223372036854775808, 0]", "Integer[default, 0]", false},
		{"Integer[default, 0]", "Integer[-9223372036854775808, 0]", true},
		{"String[0, 9223372036854775807]", "String[1]", false},
	} {
		if got := assignable(mustParse(t, tc.e), mustParse(t, tc.a)); got != tc.want {
			t.Errorf("assignable(%s, %s) = %v, want %v", tc.e, tc.a, got, tc.want)
		}
	}
	for _, v := range []int64{0, MaxInt} {
		if IsInstance(open, v) != IsInstance(bounded, v) {
			t.Errorf("the two types disagree on %d", v)
		}
	}
}
