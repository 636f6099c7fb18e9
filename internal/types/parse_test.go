package types

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// parseRow is one Puppet-verified line of testdata/parse.jsonl.
type parseRow struct {
	Type       string `json:"type"`
	OK         bool   `json:"ok"`
	ToS        string `json:"to_s"`
	ToSError   string `json:"to_s_error"`
	Error      string `json:"error"`
	ErrorClass string `json:"error_class"`
}

// catcDecision is a row where catc deliberately differs from Puppet,
// because Puppet crashes (NoMethodError) instead of answering.
type catcDecision struct {
	msg  string
	kind ParseErrorKind
	why  string
}

// parseDecisions lists every parse.jsonl row whose expected answer is
// catc's own: Puppet raises a NoMethodError (a bug) there, at parse time
// or when the parsed type is first used.
var parseDecisions = map[string]catcDecision{
	"Struct[{String => Integer}]": {
		"String is not a valid Struct key: use a quoted string, Optional['k'] or NotUndef['k']", KindArgument,
		"Puppet: NoMethodError (undefined method `string' for TypeCalculator)"},
	"Struct[{Enum[a] => String}]": {
		"Enum['a'] is not a valid Struct key: use a quoted string, Optional['k'] or NotUndef['k']", KindArgument,
		"Puppet parses it, then crashes (NoMethodError `value' for PEnumType) on to_s and on every use"},
	"Integer[-default]": {
		"unary minus needs a number, but default is default", KindArgument,
		"Puppet: NoMethodError (undefined method `-@' for :default:Symbol)"},
}

// kindOfClass maps Puppet's exception class to the error kind.
var kindOfClass = map[string]ParseErrorKind{
	"Puppet::ParseErrorWithIssue": KindSyntax,
	"Puppet::ParseError":          KindInterpretation,
	"ArgumentError":               KindArgument,
	"RegexpError":                 KindArgument,
	"NoMethodError":               KindArgument,
}

func readParseRows(t testing.TB) []parseRow {
	t.Helper()
	f, err := os.Open("testdata/parse.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []parseRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r parseRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("parse.jsonl line %d: %v", len(rows)+1, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestParseCases checks every row of testdata/parse.jsonl: an accepted
// type formats as Puppet's to_s, a rejected one fails with Puppet's exact
// message and the matching kind, or with catc's listed decision.
func TestParseCases(t *testing.T) {
	t.Parallel()
	rows := readParseRows(t)
	if len(rows) != 262 {
		t.Fatalf("parse.jsonl has %d rows, want 262", len(rows))
	}
	used := map[string]bool{}
	for _, r := range rows {
		t.Run(r.Type, func(t *testing.T) {
			got, err := Parse(r.Type)
			if d, ok := parseDecisions[r.Type]; ok {
				used[r.Type] = true
				assertParseError(t, r.Type, err, d.msg, d.kind)
				return
			}
			if r.OK {
				if err != nil {
					t.Fatalf("Parse(%q): %v; Puppet accepts it as %s", r.Type, err, r.ToS)
				}
				if f := Format(got); f != r.ToS {
					t.Fatalf("Format(Parse(%q)) = %s, Puppet prints %s", r.Type, f, r.ToS)
				}
				return
			}
			assertParseError(t, r.Type, err, r.Error, kindOfClass[r.ErrorClass])
		})
	}
	for typ := range parseDecisions {
		if !used[typ] {
			t.Errorf("parseDecisions lists %q, which parse.jsonl does not have", typ)
		}
	}
}

func assertParseError(t *testing.T, typ string, err error, msg string, kind ParseErrorKind) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("Parse(%q) error = %v, want *ParseError %q", typ, err, msg)
	}
	if pe.Msg != msg {
		t.Fatalf("Parse(%q) message\n got: %s\nwant: %s", typ, pe.Msg, msg)
	}
	if pe.Kind != kind {
		t.Fatalf("Parse(%q) kind = %s, want %s", typ, pe.Kind, kind)
	}
	if pe.Offset < 0 || pe.Length < 0 || pe.Offset+pe.Length > len(typ) {
		t.Fatalf("Parse(%q) span [%d, +%d) is outside the string", typ, pe.Offset, pe.Length)
	}
}

// grammarCorner is a type string beyond parse.jsonl with the canonical
// form (ok) or the error message and kind catc gives.
type grammarCorner struct {
	in, want string
	kind     ParseErrorKind // "" when the string is accepted
}

// grammarCorners covers the lexical and grammar rules of
// puppet-types.md §1 that parse.jsonl does not exercise, and catc's own
// limits and decisions (marked "catc:").
var grammarCorners = []grammarCorner{
	// Numbers: hex and octal integers, floats, unary minus.
	{"Integer[0x10, 0777]", "Integer[16, 511]", ""},
	{"Integer[0X1f]", "Integer[31]", ""},
	{"Float[1.5e-3, 1e3]", "Float[0.0015, 1000.0]", ""},
	{"Float[1e3, 1.5e-3]", "'from' must be less or equal to 'to'. Got (1000.0, 0.0015", KindArgument},
	{"Integer[- - 5]", "Integer[5]", ""},
	{"Integer[-9223372036854775808]", "Integer[-9223372036854775808]", ""}, // an explicit bound, as Puppet 7.23 prints it
	{"Integer[0x]", "Not a valid hex number 0x (line: 1, column: 9)", KindSyntax},
	{"Float[1.5x]", "Not a valid decimal number 1.5x (line: 1, column: 7)", KindSyntax},
	{"Float[1e400]", "Internal Error, NUMBER token does not contain a valid number, 1e400", KindArgument},
	{"Integer[1 -5]", "The expression <1 -5> is not a valid type specification.", KindInterpretation},
	// catc: integers beyond int64 (Puppet has bignums).
	{"Integer[9223372036854775808]", "the integer 9223372036854775808 is beyond the 64-bit range catc supports (-9223372036854775808..9223372036854775807)", KindUnsupported},
	{"Integer[0, 0xFFFFFFFFFFFFFFFFF]", "the integer 0xFFFFFFFFFFFFFFFFF is beyond the 64-bit range catc supports (-9223372036854775808..9223372036854775807)", KindUnsupported},
	// Strings: escapes of both quotes, interpolation, unclosed quotes.
	{`Enum["\s", "a\tb", "\u{1F600}", "\$x"]`, `Enum[' ', '$x', "a\tb", '😀']`, ""},
	{`Enum["a$", "$"]`, "Enum['$', 'a$']", ""},
	{`Enum['it\'s', 'a\\b', 'c\d']`, `Enum['a\b', 'c\d', 'it\'s']`, ""},
	{`Enum["a\
b"]`, "Enum['ab']", ""},
	{`Enum["${x}"]`, `The expression <"${x}"> is not a valid type specification.`, KindInterpretation},
	{`Enum["a$b"]`, `The expression <"a$b"> is not a valid type specification.`, KindInterpretation},
	{`Enum["\uD800"]`, `Unicode escape '\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff (line: 1, column: 14)`, KindSyntax},
	{"Enum['abc", `Unclosed quote after "'" followed by 'abc...' (line: 1, column: 7)`, KindSyntax},
	{`Enum["abc`, `Unclosed quote after '"' followed by 'abc...' (line: 1, column: 7)`, KindSyntax},
	// Names.
	{"Foo::bar", "Illegal class reference (line: 1, column: 5)", KindSyntax},
	{"::Foo::bar", "Illegal fully qualified class reference (line: 1, column: 9)", KindSyntax},
	{"Puppet::LookupKey", "Puppet::LookupKey", ""},
	{"RICHDATA", "RichData", ""},
	{"Foo[ 1 ]", "TypeReference['Foo[ 1 ]']", ""},
	{"NOTIFY", "Notify", ""},
	// Whitespace, comments and the '[' rule.
	{"Integer/*c*/[1]", "Integer[1]", ""},
	{"Integer /* unclosed", "Unclosed multiline comment (line: 1, column: 9)", KindSyntax},
	{"Integer[1]  [2]", "The expression <Integer[1]  [2]> is not a valid type specification.", KindInterpretation},
	{"Integer; String", "The expression <Integer; String> is not a valid type specification.", KindInterpretation},
	{"\tInteger\u00a0", "Integer", ""},
	{"  ", "The expression <> is not a valid type specification.", KindInterpretation},
	// Syntax errors.
	{"[", "Syntax error at end of input", KindSyntax},
	{"Enum[a b]", "Syntax error at 'b' (line: 1, column: 8)", KindSyntax},
	{`Enum[a "x\ty${z}"]`, "Syntax error at 'x\ty' (line: 1, column: 8)", KindSyntax},
	{"Enum[a 'x']", "Syntax error at 'x' (line: 1, column: 8)", KindSyntax},
	{"Enum[a 0x1F]", "Syntax error at '0x1F' (line: 1, column: 8)", KindSyntax},
	{"Enum[a $v]", "Syntax error at 'v' (line: 1, column: 8)", KindSyntax},
	{"Enum[a /x/]", "Syntax error at ']' (line: 1, column: 11)", KindSyntax}, // a / x / ]
	{"Enum[else]", "Syntax error at 'else' (line: 1, column: 6)", KindSyntax},
	{"Enum[\n  a,\n  if]", "Syntax error at ']' (line: 3, column: 5)", KindSyntax},
	{"Pattern[/a/i]", "Syntax error at 'i' (line: 1, column: 12)", KindSyntax},
	{"@", "Syntax error at '@' (line: 1, column: 1)", KindSyntax},
	{"Enum[true /a/]", "Syntax error at ']' (line: 1, column: 14)", KindSyntax}, // after true a slash divides
	{"\xEF\xBB\xBFInteger", "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source", KindSyntax},
	{"Enum[@(EOT)", "Heredoc without any following lines of text (line: 1, column: 12)", KindSyntax},
	// catc: heredocs and very deep nesting are catc's limits.
	{"Enum[@(EOT)\nx\nEOT\n]", "heredoc strings are not supported in a catc type expression; use a quoted string (line: 1, column: 6)", KindUnsupported},
	{strings.Repeat("Array[", 600) + "Integer" + strings.Repeat("]", 600), "the type expression is nested too deeply (catc allows 500 levels)", KindUnsupported},
	// Reserved words as Struct keys.
	{"Struct[{private => String, attr => Integer}]", "Struct[{'private' => String, 'attr' => Integer}]", ""},
	// Parameter rules.
	{"Optional", "Optional", ""},
	{"NotUndef[Any]", "NotUndef", ""},
	{"Array[Any]", "Array", ""},
	{"Hash[Any, Any]", "Hash", ""},
	{"Array[String, Integer[1,2]]", "Array[String, 1, 2]", ""},
	{"String[Integer[1,2]]", "String[1, 2]", ""},
	{"String[-5, -1]", "String[0, 0]", ""},
	{"Collection[0]", "Collection[0]", ""},
	{"Integer[1, 2.5]", "Integer[1, 2.5]", ""},
	{"Integer[default, 2.5]", "Integer[default, 2.5]", ""},
	{"Integer[3, 1.5]", "'from' must be less or equal to 'to'. Got (3, 1.5", KindArgument},
	{"Integer['x', 1]", "comparison of String with 1 failed", KindArgument},
	{"Integer[1, undef]", "Integer[1]", ""},
	{"Float['1.5', '2']", "Float[1.5, 2.0]", ""},
	{"Float[1, true]", "can't convert true into Float", KindArgument},
	{"Float[1, 'x']", `invalid value for Float(): "x"`, KindArgument},
	{"String[1, 'default']", "String[1]", ""},
	{"Tuple[String, 'a']", "Tuple[String, Runtime[ruby, 'a']]", ""},
	{"Tuple[Integer, 1, String]", "The expression <Tuple[Integer, 1, String]> is not a valid type specification.", KindInterpretation},
	{"Variant[String, String, Integer]", "Variant[String, Integer]", ""},
	{"Variant[Integer]", "Integer", ""},
	{"Enum[b, a, true]", "Enum['a', 'b', true]", ""},
	{"Pattern[Regexp['a'], Pattern[/b/], 'a']", "Pattern[/a/, /b/]", ""},
	{"Pattern[Regexp]", "Pattern[//]", ""},
	{`Pattern["\\/"]`, `Pattern[/\//]`, ""},
	{"Pattern[/é/]", "Pattern[/(?-mix:é)/]", ""},
	{"Pattern['(']", "end pattern with unmatched parenthesis: /(/", KindArgument},
	{"Sensitive[Enum[a, bb]]", "Sensitive[String[1, 2]]", ""},
	{"Sensitive[Array[String[1], 1]]", "Sensitive[Array[String]]", ""},
	{"Struct[{Optional[b] => Data, c => Undef}]", "Struct[{'b' => Data, 'c' => Undef}]", ""},
	{"Struct[{NotUndef[a] => Optional[Integer]}]", "Struct[{NotUndef['a'] => Optional[Integer]}]", ""},
	{"Struct[{Optional[a] => Optional[Integer], b => Integer}]", "Struct[{'a' => Optional[Integer], 'b' => Integer}]", ""},
	{"Struct[{'' => Integer}]", "Struct element key cannot be an empty String", KindArgument},
	{"Struct[{Name => Integer}]", "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: Puppet::Pops::Types::PTypeReferenceType", KindArgument},
	// catc: decisions where Puppet crashes or keeps something ambiguous.
	{"String['default', 5]", "'default' in quotes is not a lower bound: write default without quotes", KindArgument},
	{"Struct[{a => Integer, Optional[a] => String}]", "the Struct key 'a' is given twice", KindArgument},
	{"Struct[{Optional[String] => Integer}]", "Optional[String] is not a valid Struct key: use a quoted string, Optional['k'] or NotUndef['k']", KindArgument},
	{"Enum[-default]", "unary minus needs a number, but default is default", KindArgument},
	{"Tuple[String, [1]]", "catc does not infer a type from an array here: write the type instead", KindUnsupported},
	// Types outside data keep Puppet's canonical form.
	{"Callable[[String], Integer]", "Callable[[String], Integer]", ""},
	{"Callable[String, 1, default]", "Callable[String, 1]", ""},
	{"Timespan[1.5]", "Timespan['0-00:00:01.5']", ""},
	{"Timespan['1-02:03:04.5']", "Timespan['1-02:03:04.5']", ""},
	{"Timestamp[0]", "Timestamp['1970-01-01T00:00:00.000000000 UTC']", ""},
	{"URI['https://u@h:8080/p?q#f']", "URI[{'scheme' => 'https', 'userinfo' => 'u', 'host' => 'h', 'port' => 8080, 'path' => '/p', 'query' => 'q', 'fragment' => 'f'}]", ""},
	{"Class['::Foo::Bar']", "Class[Foo::Bar]", ""},
	{"Resource['foo::bar', 'x']", "Foo::Bar['x']", ""},
	{"Resource['0']", "Illegal type name '0'", KindArgument},
	{"Resource[1]", "The type name cannot be a Integer", KindArgument},
	{"Resource[File, '/tmp']", "File['/tmp']", ""},
	{"Resource['file']", "File", ""},
	{"Init[Integer, 1]", "Init[Integer, 1]", ""},
	{"Iterator[String]", "Iterator[String]", ""},
	{"Object[{name => 'Foo', attributes => {a => Integer}}]", "Object[{name => 'Foo', attributes => {'a' => Integer}}]", ""},
}

func TestParseGrammarCorners(t *testing.T) {
	t.Parallel()
	for _, c := range grammarCorners {
		t.Run(c.in, func(t *testing.T) {
			got, err := Parse(c.in)
			if c.kind != "" {
				assertParseError(t, c.in, err, c.want, c.kind)
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.in, err)
			}
			if f := Format(got); f != c.want {
				t.Fatalf("Format(Parse(%q)) = %s, want %s", c.in, f, c.want)
			}
		})
	}
}

// TestParseErrorSpans checks that errors point at the offending part.
func TestParseErrorSpans(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, span string }{
		{"Enum[a, $x]", "$x"},
		{"Optional[(String)]", "(String"},
		{"Array[Integer, 'x']", "Array[Integer, 'x']"},
		{"Hash[String, Any] Integer", "Hash[String, Any] Integer"},
		{"Integer[08]", "08"},
		{"Enum[a b]", "b"},
		{"Data[1]", "Data"},
		{"Struct[{Enum[a] => String}]", "Enum[a]"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Parse(%q) = %v, want a *ParseError", c.in, err)
		}
		if got := c.in[pe.Offset : pe.Offset+pe.Length]; got != c.span {
			t.Errorf("Parse(%q) points at %q, want %q", c.in, got, c.span)
		}
	}
}

// TestParseResult checks the structures Parse builds, beyond their form.
func TestParseResult(t *testing.T) {
	t.Parallel()
	t.Run("data alias resolves recursively", func(t *testing.T) {
		d := mustParse(t, "Data").(*AliasType)
		v := d.Resolved.(*VariantType)
		if h := v.Types[2].(*HashType); h.Value != d {
			t.Fatalf("Hash value of Data is %v, want Data itself", h.Value)
		}
	})
	t.Run("float upper bound of Integer", func(t *testing.T) {
		it := mustParse(t, "Integer[1, 2.5]").(*IntegerType)
		if it.Min != 1 || it.Max != 2 {
			t.Fatalf("Integer[1, 2.5] = %+v, want 1..2", *it)
		}
	})
	t.Run("untranslatable regexp is kept", func(t *testing.T) {
		p := mustParse(t, "Pattern[/a(?=b)/]").(*PatternType)
		if r := p.Patterns[0]; r.Go != nil || r.Err == nil || r.Source != "a(?=b)" {
			t.Fatalf("Pattern[/a(?=b)/] regexp = %+v, want Go nil and an Err", r)
		}
	})
	t.Run("struct key optional when the value takes undef", func(t *testing.T) {
		s := mustParse(t, "Struct[{a => Optional[Integer]}]").(*StructType)
		if _, ok := s.Elements[0].Key.(*OptionalType); !ok || s.Elements[0].Name != "a" {
			t.Fatalf("key = %#v, want Optional['a']", s.Elements[0])
		}
	})
	t.Run("fast path Array[1]", func(t *testing.T) {
		a := mustParse(t, "Array[1]").(*ArrayType)
		if a.Size.Min != 1 || a.Size.Max != MaxInt {
			t.Fatalf("Array[1] size = %+v", *a.Size)
		}
	})
}

func mustParse(t *testing.T, s string) Type {
	t.Helper()
	typ, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return typ
}
