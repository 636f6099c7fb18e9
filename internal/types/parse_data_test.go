package types

import (
	"errors"
	"strings"
	"testing"
)

// TestParseData checks which types ParseData keeps for plain data, and
// that a rejection points at the offending part and says what to do.
func TestParseData(t *testing.T) {
	t.Parallel()
	accepted := []string{
		"String", "Data", "RichData", "Optional[Hash[String, Data]]", "Sensitive[String]",
		"Struct[{a => Integer, Optional[b] => Array[Pattern[/\\A\\d+\\z/]]}]",
		"Variant[String, Default]", "Variant[Enum[a], Timestamp]", "Iterable[String]",
		"Tuple[String, Integer, 1]", "Collection[1]", "Scalar", "NotUndef", "Array[0, 0]", "Hash[0, 0]",
	}
	for _, s := range accepted {
		if _, err := ParseData(s); err != nil {
			t.Errorf("ParseData(%q): %v", s, err)
		}
	}
	rejected := []struct{ in, span, msg string }{
		{"Timestamp", "Timestamp", "Timestamp cannot match any value of an HCL attribute; use String with a Pattern instead"},
		{"Optional[Timestamp]", "Timestamp", "use String with a Pattern"},
		{"Array[Default]", "Default", "Default cannot match any value of an HCL attribute"},
		{"Array[1, 2]", "Array[1, 2]", "Default cannot match"},
		{"Hash[String, Regexp[/a/]]", "Regexp[/a/]", "use Pattern[/…/] to match strings"},
		{"Struct[{a => Binary}]", "Binary", "Binary cannot match"},
		{"Variant[Undef, Default]", "Default", "Default cannot match"},
		{"Variant[Default, Type]", "Default", "Default cannot match"},
		{"Variant[String, Foo]", "Foo", "Foo is not a type catc knows"},
		{"Stdlib::Port", "Stdlib::Port", "and the aliases it is given"},
		{"File['/tmp']", "File['/tmp']", "describes catalog entries"},
		{"Init[Integer]", "Init[Integer]", "Init converts values"},
		{"Callable", "Callable", "use a data type such as String"},
		{"Pattern[/a/, /b(?=c)/]", "/b(?=c)/", "the regexp /b(?=c)/ cannot be used: lookahead"},
		{"Pattern['x', 'b(?=c)']", "'b(?=c)'", "lookahead"},
		{"Variant[String, Pattern[/(?<=a)b/]]", "/(?<=a)b/", "lookbehind"},
	}
	for _, c := range rejected {
		_, err := ParseData(c.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseData(%q) = %v, want an unsupported *ParseError", c.in, err)
			continue
		}
		if pe.Kind != KindUnsupported || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("ParseData(%q) = %s %q, want unsupported containing %q", c.in, pe.Kind, pe.Msg, c.msg)
		}
		if got := c.in[pe.Offset : pe.Offset+pe.Length]; got != c.span {
			t.Errorf("ParseData(%q) points at %q, want %q", c.in, got, c.span)
		}
	}
	if _, err := ParseData("Integer["); err == nil || err.(*ParseError).Kind != KindSyntax {
		t.Errorf("ParseData passes on Parse's errors: got %v", err)
	}
}
