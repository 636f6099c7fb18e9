package types

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// valueRow is one Puppet-verified value check of testdata/values.jsonl.
type valueRow struct {
	Type            string          `json:"type"`
	Value           json.RawMessage `json:"value"`
	Match           bool            `json:"match"`
	Message         *string         `json:"message"`
	MessagePrefixed *string         `json:"message_prefixed"`
	Sensitive       bool            `json:"sensitive"`
	InferredSet     string          `json:"inferred_set"`
}

// key identifies a row by its type string and compact JSON value (with
// an "S" prefix when the value is wrapped in Sensitive).
func (r valueRow) key() string {
	var b bytes.Buffer
	if err := json.Compact(&b, r.Value); err != nil {
		return r.Type + " | " + string(r.Value)
	}
	if r.Sensitive {
		return r.Type + " | S" + b.String()
	}
	return r.Type + " | " + b.String()
}

// parseRejection is a decision to reject a type string at definition time
// (ParseData) although Puppet accepts it. computable says whether catc's
// IsInstance and describeMismatch still reproduce Puppet's answer for the row's
// value when the type is parsed with the faithful Parse.
type parseRejection struct {
	reason     string
	computable bool
}

// rejectedAtParseTime lists, per row, the type strings ParseData rejects.
// Every rejected row must be listed and every listed row must be rejected.
var rejectedAtParseTime = map[string]parseRejection{
	`Timestamp | "2020-01-01T00:00:00Z"`: {"Timestamp: no plain value is a Timestamp", true},
	`SemVer | "1.0.0"`:                   {"SemVer: no plain value is a SemVer", true},
	`SemVerRange | ">=1.0.0"`:            {"SemVerRange: no plain value is a SemVerRange", true},
	`Type | "String"`:                    {"Type: no plain value is a type", true},
	`Type[String] | "String"`:            {"Type[String]: no plain value is a type", true},
	`Runtime[ruby, 'String'] | "x"`:      {"Runtime: no plain value is a Ruby object", true},
	`Init[Integer] | "1"`:                {"Init[T] converts the value (Integer.new('1')): catc does not coerce; IsInstance rejects, Puppet accepts", false},
	`Init[Integer] | "x"`:                {"Init[T] converts the value: catc does not coerce", true},
	`Error | {"msg":"x"}`:                {"Error: Pcore object type, no plain value is one", true},
	`Binary | "aGVsbG8="`:                {"Binary: no plain value is a Binary", true},
	`Stdlib::Port | 80`:                  {"unresolved type reference (no module alias table given)", true},
	`File | "/tmp"`:                      {"File: resource type, no plain value is a resource", true},
	`Pattern[/\A(?<x>a)\k<x>\z/] | "aa"`: {"back-reference \\k<x> has no RE2 equivalent; the pattern matches nothing, Puppet matches", false},
	`Pattern[/\Afoo(?=bar)/] | "foobar"`: {"look-ahead (?=...) has no RE2 equivalent; the pattern matches nothing, Puppet matches", false},
}

func readValueRows(t *testing.T) []valueRow {
	t.Helper()
	f, err := os.Open("testdata/values.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []valueRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r valueRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("values.jsonl line %d: %v", len(rows)+1, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func (r valueRow) decode(t *testing.T) Value {
	t.Helper()
	v, err := DecodeJSON(r.Value)
	if err != nil {
		t.Fatalf("%s: DecodeJSON: %v", r.key(), err)
	}
	if r.Sensitive {
		return Sensitive{Value: v}
	}
	return v
}

// TestValues drives every row of testdata/values.jsonl through ParseData,
// Parse, IsInstance, describeMismatch and Check.
func TestValues(t *testing.T) {
	t.Parallel()
	rows := readValueRows(t)
	if len(rows) != 230 {
		t.Fatalf("values.jsonl has %d rows, want 230", len(rows))
	}
	listed := map[string]bool{}
	checked := 0
	for _, r := range rows {
		r := r
		t.Run(r.key(), func(t *testing.T) {
			_, dataErr := ParseData(r.Type)
			rej, isListed := rejectedAtParseTime[r.key()]
			listed[r.key()] = true
			switch {
			case dataErr != nil && !isListed:
				t.Fatalf("ParseData rejects %q (%v) but the row is not in rejectedAtParseTime", r.Type, dataErr)
			case dataErr == nil && isListed:
				t.Fatalf("ParseData accepts %q but rejectedAtParseTime lists it (%s)", r.Type, rej.reason)
			}
			typ, err := Parse(r.Type)
			if err != nil {
				t.Fatalf("Parse(%q): %v (Puppet accepts it)", r.Type, err)
			}
			v := r.decode(t)
			if got := Format(inferSet(v)); got != r.InferredSet {
				t.Errorf("inferred type %s, Puppet's infer_set gives %s", got, r.InferredSet)
			}
			if isListed && !rej.computable {
				// catc rejects what it cannot decide; Puppet's answer differs.
				if IsInstance(typ, v) {
					t.Errorf("IsInstance = true for an uncomputable row (%s)", rej.reason)
				}
				if msg, ok := Check("test.attr", typ, v); ok || msg == "" {
					t.Errorf("Check = %q, %v for an uncomputable row", msg, ok)
				}
				checked++
				return
			}
			checkRow(t, r, typ, v)
			checked++
		})
	}
	for k := range rejectedAtParseTime {
		if !listed[k] {
			t.Errorf("rejectedAtParseTime lists %s, which is not a row", k)
		}
	}
	if checked != len(rows) {
		t.Errorf("checked %d of %d rows", checked, len(rows))
	}
}

// checkRow asserts Puppet's match and messages, and Check's text (Puppet's,
// or catc's documented divergence).
func checkRow(t *testing.T, r valueRow, typ Type, v Value) {
	t.Helper()
	if got := IsInstance(typ, v); got != r.Match {
		t.Fatalf("IsInstance = %v, want %v", got, r.Match)
	}
	msg, ok := Check("test.attr", typ, v)
	if ok != r.Match {
		t.Fatalf("Check ok = %v, want %v", ok, r.Match)
	}
	if r.Match {
		if msg != "" {
			t.Errorf("Check message %q for a match", msg)
		}
		return
	}
	if got := describeMismatch("", typ, v); got != *r.Message {
		t.Errorf("describeMismatch(\"\") = %q\nwant             %q", got, *r.Message)
	}
	if got := describeMismatch("test.attr", typ, v); got != *r.MessagePrefixed {
		t.Errorf("describeMismatch(\"test.attr\") = %q\nwant                    %q", got, *r.MessagePrefixed)
	}
	want := *r.MessagePrefixed
	if d, ok := checkDivergences[r.key()]; ok {
		if d.puppet != want {
			t.Errorf("checkDivergences Puppet text %q, row has %q", d.puppet, want)
		}
		want = d.catc
	}
	if msg != want {
		t.Errorf("Check = %q\nwant    %q", msg, want)
	}
	if msg == "" {
		t.Errorf("Check returned an empty failure message")
	}
}
