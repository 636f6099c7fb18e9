package types

import (
	"strings"
	"testing"
)

// checkDivergence is a row where Check's text (what catc reports, subject
// "test.attr") deliberately differs from Puppet's describe_mismatch text,
// which describeMismatch keeps reproducing.
type checkDivergence struct {
	quirk  string
	puppet string
	catc   string
}

// checkDivergences is catc's decision table for Puppet's message quirks
// (reference §4.9), keyed like values.jsonl rows (type | compact JSON value):
//
//   - Q1: Puppet rejects the value but prints an empty message (its
//     describer normalizes Collection[..] and Array[Any, ..] to unsized
//     types, and finds Integer assignable to Iterable). catc never fails
//     silently: it reports the size that failed, or else the expected type
//     and the value's inferred type in full.
//   - Q3: Puppet describes every tuple element without checking it first,
//     so a matching Enum/Pattern element is reported as a mismatch. catc
//     reports only the elements that fail.
//   - Q4: Puppet reports elements past a tuple's declared types at the last
//     declared index (twice the same line for two such elements). catc
//     reports each element at its own index.
var checkDivergences = map[string]checkDivergence{
	`Collection[2] | [1]`: {"Q1",
		"",
		"test.attr expects size to be at least 2, got 1"},
	`Collection[1, 2] | []`: {"Q1",
		"",
		"test.attr expects size to be between 1 and 2, got 0"},
	`Collection[1] | {}`: {"Q1",
		"",
		"test.attr expects size to be at least 1, got 0"},
	`Array[Any, 1, 2] | [1,2,3]`: {"Q1",
		"",
		"test.attr expects size to be between 1 and 2, got 3"},
	`Iterable | -1`: {"Q1",
		"",
		"test.attr expects an Iterable value, got Integer[-1, -1]"},
	`Tuple[Pattern[/a/], Integer] | ["a","x"]`: {"Q3",
		" test.attr index 0 expects a match for Pattern[/a/], got 'a'\n  test.attr index 1 expects an Integer value, got String",
		"test.attr index 1 expects an Integer value, got String"},
	`Tuple[Variant[Enum[a], Integer], Integer] | ["a","x"]`: {"Q3",
		" test.attr index 0 expects a match for Variant[Enum['a'], Integer], got 'a'\n  test.attr index 1 expects an Integer value, got String",
		"test.attr index 1 expects an Integer value, got String"},
	`Tuple[String, Integer, 1, default] | ["a",1,"x"]`: {"Q4",
		"test.attr index 1 expects an Integer value, got String",
		"test.attr index 2 expects an Integer value, got String"},
	`Tuple[String, Integer, 1, default] | ["a",1,2,"x","y"]`: {"Q4",
		" test.attr index 1 expects an Integer value, got String\n  test.attr index 1 expects an Integer value, got String",
		" test.attr index 3 expects an Integer value, got String\n  test.attr index 4 expects an Integer value, got String"},
}

// TestCheckDivergencesAreRows keeps the decision table honest: each entry
// is a row of values.jsonl, and each Q1 entry is one where Puppet's text is
// empty.
func TestCheckDivergencesAreRows(t *testing.T) {
	t.Parallel()
	rows := map[string]valueRow{}
	for _, r := range readValueRows(t) {
		rows[r.key()] = r
	}
	for k, d := range checkDivergences {
		r, ok := rows[k]
		if !ok {
			t.Errorf("%s is not a values.jsonl row", k)
			continue
		}
		if (d.quirk == "Q1") != (d.puppet == "") {
			t.Errorf("%s: quirk %s with Puppet text %q", k, d.quirk, d.puppet)
		}
		if r.Match {
			t.Errorf("%s: row matches", k)
		}
	}
}

// TestCheckQuirksHandBuilt exercises the same decisions on hand-built types.
func TestCheckQuirksHandBuilt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		typ     Type
		value   string
		puppet  string
		catc    string
		subject string
	}{
		{"Q1 array any", dtArray(&AnyType{}, dtInt(2, MaxInt)), `[1]`, "",
			"software.ensure expects size to be at least 2, got 1", "software.ensure"},
		{"Q1 optional collection", dtOpt(&CollectionType{Size: dtInt(1, MaxInt)}), `{}`, "",
			"expects size to be at least 1, got 0", ""},
		{"Q3 enum", dtTuple(nil, dtEnum("a"), dtIntT()), `["a","x"]`,
			"  index 0 expects a match for Enum['a'], got 'a'\n   index 1 expects an Integer value, got String",
			"index 1 expects an Integer value, got String", ""},
		{"Q3 tuple vs empty array keeps size", dtTuple(nil, dtEnum("a")), `[]`,
			"expects size to be 1, got 0", "expects size to be 1, got 0", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := dtJSON(t, tc.value)
			if got := describeMismatch(tc.subject, tc.typ, v); got != tc.puppet {
				t.Errorf("describeMismatch = %q, want %q", got, tc.puppet)
			}
			msg, ok := Check(tc.subject, tc.typ, v)
			if ok || msg != tc.catc {
				t.Errorf("Check = %q, %v; want %q, false", msg, ok, tc.catc)
			}
		})
	}
}

// TestCheckSensitiveNeverLeaks: the inferred type of a Sensitive value is
// generalized, so no message can quote the secret.
func TestCheckSensitiveNeverLeaks(t *testing.T) {
	t.Parallel()
	secret := Sensitive{Value: "hunter2-secret"}
	for _, typ := range []Type{
		dtEnum("a"), dtPattern(`\Ax\z`), dtStr(), dtLit("x"), dtOpt(dtEnum("a")),
		&SensitiveType{Type: dtIntT()}, &SensitiveType{Type: dtStrSize(1, 3)},
		dtArray(&AnyType{}, dtInt(1, MaxInt)), &IterableType{}, dtVariant(dtEnum("a"), dtPattern("b")),
	} {
		msg, ok := Check("x.password", typ, secret)
		if ok || msg == "" || strings.Contains(msg, "hunter2") {
			t.Errorf("Check(%s) = %q, %v", typ, msg, ok)
		}
	}
}
