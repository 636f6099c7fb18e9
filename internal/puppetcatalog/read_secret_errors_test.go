package puppetcatalog

import (
	"strings"
	"testing"
)

// scanFaults are values that stop the reader, one per kind of fault of
// its scanner, each holding secret text (the digits 1234567 or the word
// hunter) that a message quoting the value would show.
var scanFaults = []struct{ kind, value, want string }{
	// these two are faults only where the file ends: faultCatalog cuts
	// the file after a value that ends in an open string
	{"not closed", `"hunter1234567`, "not closed"},
	{"ends in an escape", `"hunter1234567\`, "ends inside an escape"},
	{"integer out of range", `12345678901234567890123`, "out of range"},
	{"negative integer out of range", `-12345678901234567890123`, "out of range"},
	{"float out of range", `1234567e999999`, "out of range"},
	{"bad escape", `"hunter\q1234567"`, "starts no JSON escape sequence"},
	{"bad \\u escape", `"hunter\u12g4567"`, "4 hexadecimal digits"},
	{"control character", "\"hunter\t1234567\"", "control character"},
	{"leading zero", `01234567`, "not a JSON number"},
	{"no digit after the point", `1234567.e5`, "a digit must follow"},
	{"exponent without digits", `1234567e+`, "the exponent has no digit"},
	{"bare word", `hunter1234567`, "expected a JSON value"},
	{"bad character", `#hunter1234567`, "starts no JSON value"},
	{"duplicate key in a hash", `{"hunter1234567": 1, "hunter1234567": 2}`, "appears twice"},
	{"key not a string", `{hunter1234567: 1}`, "expected a key"},
	{"array without comma", `["hunter1234567" "x"]`, "expected ','"},
	{"rich data type not a string", `{"__ptype": ["hunter1234567"], "__pvalue": 1}`, "must be a string"},
	{"nested too deep", strings.Repeat("[", maxDepth+1) + `"hunter1234567"`, "nested deeper"},
}

// faultCatalog is a catalog whose resources carry value as their
// "password" parameter, sensitive or not, in the order given.
func faultCatalog(value string, sensitive ...bool) string {
	var rs []string
	for i, s := range sensitive {
		sens := `[]`
		if s {
			sens = `["password"]`
		}
		rs = append(rs, `{"type": "User", "title": "u`+string(rune('a'+i))+`", "parameters": {"ensure": "present", "password": `+value+`}, "sensitive_parameters": `+sens+`}`)
	}
	src := "{\"name\": \"n\",\n \"resources\": [\n" + strings.Join(rs, ",\n") + "\n]}"
	if strings.Count(value, `"`)%2 == 1 {
		src = src[:strings.Index(src, value)+len(value)]
	}
	return src
}

// TestScanFaultsQuoteNothing: a sensitive parameter whose value the
// scanner cannot read (every kind of fault), and an ordinary one in the
// same file, are reported at their byte offset, line and column, and
// the message quotes none of the value (on main, an integer out of range
// and a bad escape were quoted, as were the character of an unexpected
// value and the key given twice).
func TestScanFaultsQuoteNothing(t *testing.T) {
	t.Parallel()
	for _, f := range scanFaults {
		for _, order := range [][]bool{{true, false}, {false, true}} {
			name := f.kind + "/sensitive first"
			if !order[0] {
				name = f.kind + "/ordinary first"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				src := faultCatalog(f.value, order...)
				c, diags := Parse("cat.json", []byte(src))
				if c != nil || len(diags) != 1 {
					t.Fatalf("got a catalog or %d diagnostics, want one error", len(diags))
				}
				d := diags[0]
				for _, secret := range []string{"hunter", "1234567", "\t"} {
					if strings.Contains(d.Summary+d.Detail, secret) {
						t.Errorf("the message quotes the value (%q): %s", secret, d.Detail)
					}
				}
				if !strings.Contains(d.Detail, f.want) {
					t.Errorf("detail %q does not say %q", d.Detail, f.want)
				}
				// the fault is in the first resource's value, on line 3
				valueAt := strings.Index(src, `"password": `) + len(`"password": `)
				if s := d.Subject; s == nil || s.Start.Line != 3 || s.Start.Byte < valueAt || s.Start.Byte > valueAt+len(f.value)+1 {
					t.Errorf("subject %v, want line 3 within the value at byte %d", s, valueAt)
				}
			})
		}
	}
}

// The messages that name where the fault is say the byte offset too: a
// catalog is often one line of megabytes.
func TestScanFaultsGiveOffsets(t *testing.T) {
	t.Parallel()
	for _, f := range scanFaults[:10] {
		src := faultCatalog(f.value, true)
		_, diags := Parse("cat.json", []byte(src))
		if len(diags) != 1 || !strings.Contains(diags[0].Detail, "byte offset") {
			t.Errorf("%s: %v does not give the byte offset", f.kind, diags)
		}
	}
}

// A key of the catalog's own format given twice is still named.
func TestRepeatedCatalogKeyNamed(t *testing.T) {
	t.Parallel()
	_, diags := Parse("cat.json", []byte(`{"resources": [], "resources": []}`))
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, `the key "resources" appears twice`) {
		t.Errorf("diagnostics %v", diags)
	}
}

// FuzzScanFaultQuotesNothing: whatever the value of a sensitive
// parameter, an error's message does not depend on the value's text: the
// same value with its letters (those that mean nothing to JSON) and its
// digits 1-9 changed gives, where it fails at the same place, the same
// message.
func FuzzScanFaultQuotesNothing(f *testing.F) {
	for _, fault := range scanFaults {
		if !strings.HasPrefix(fault.kind, "nested") {
			f.Add(fault.value)
		}
	}
	f.Add(`{"a": {"b": [1, 2, "x\u00e9"], "b": 3}}`)
	f.Add(`{"__ptype": "Sensitive", "__pvalue": "hunter"}`)
	f.Fuzz(func(t *testing.T, value string) {
		src := faultCatalog(value, true)
		_, diags := Parse("f.json", []byte(src))
		if !diags.HasErrors() {
			return
		}
		other := faultCatalog(strings.Map(rotate, value), true)
		_, odiags := Parse("f.json", []byte(other))
		if !odiags.HasErrors() || odiags[0].Subject.Start.Byte != diags[0].Subject.Start.Byte {
			return // the change made another fault, or none
		}
		if diags[0].Detail != odiags[0].Detail {
			t.Fatalf("the message depends on the value's text:\n%s\n%s", diags[0].Detail, odiags[0].Detail)
		}
	})
}

// rotate changes a letter that JSON gives no meaning (not one of true,
// false, null, an escape, a hexadecimal digit or an exponent) into the
// next such letter, and a digit 1-9 into the next.
func rotate(r rune) rune {
	const letters = "ghijkmopqvwxyzGHIJKLMNOPQRSTUVWXYZ"
	if i := strings.IndexRune(letters, r); i >= 0 {
		return rune(letters[(i+1)%len(letters)])
	}
	if r >= '1' && r <= '9' {
		return '1' + (r-'1'+1)%9
	}
	return r
}
