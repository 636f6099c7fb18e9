package rubyregexp

import (
	"errors"
	"testing"
)

// TestRegexpRejected lists every construct catc refuses although Ruby
// accepts it, with the offset the error points at.
func TestRegexpRejected(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src, construct string
		offset         int
		msg            string
	}{
		{`(a)\1`, `backreference \1`, 3,
			`backreference \1 at offset 3 is not supported by catc (Go RE2 has no backreferences); rewrite the pattern without it`},
		{`(?<x>a)\k<x>`, `backreference \k<x>`, 7,
			`backreference \k<x> at offset 7 is not supported by catc (Go RE2 has no backreferences); rewrite the pattern without it`},
		{`(?<x>a)\k'x'`, `backreference \k'x'`, 7,
			`backreference \k'x' at offset 7 is not supported by catc (Go RE2 has no backreferences); rewrite the pattern without it`},
		{`(a)\k<-1>`, `backreference \k<-1>`, 3,
			`backreference \k<-1> at offset 3 is not supported by catc (Go RE2 has no backreferences); rewrite the pattern without it`},
		{`(?<n>a)\g<n>`, `subexpression call \g<n>`, 7,
			`subexpression call \g<n> at offset 7 is not supported by catc (Go RE2 has no subexpression calls); rewrite the pattern without it`},
		{`(a)\g<1>`, `subexpression call \g<1>`, 3,
			`subexpression call \g<1> at offset 3 is not supported by catc (Go RE2 has no subexpression calls); rewrite the pattern without it`},
		{`\Afoo(?=bar)`, `lookahead (?=…)`, 5,
			`lookahead (?=…) at offset 5 is not supported by catc (Go RE2 has no look-around); rewrite the pattern without it`},
		{`a(?!b)`, `lookahead (?!…)`, 1,
			`lookahead (?!…) at offset 1 is not supported by catc (Go RE2 has no look-around); rewrite the pattern without it`},
		{`(?<=a)b`, `lookbehind (?<=…)`, 0,
			`lookbehind (?<=…) at offset 0 is not supported by catc (Go RE2 has no look-around); rewrite the pattern without it`},
		{`(?<!a)b`, `lookbehind (?<!…)`, 0,
			`lookbehind (?<!…) at offset 0 is not supported by catc (Go RE2 has no look-around); rewrite the pattern without it`},
		{`(?>a)`, `atomic group (?>…)`, 0,
			`atomic group (?>…) at offset 0 is not supported by catc (Go RE2 does not backtrack, so it has no atomic groups); rewrite the pattern without it`},
		{`a*+`, `possessive quantifier *+`, 1,
			`possessive quantifier *+ at offset 1 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`a++`, `possessive quantifier ++`, 1,
			`possessive quantifier ++ at offset 1 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`a?+`, `possessive quantifier ?+`, 1,
			`possessive quantifier ?+ at offset 1 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`c++c`, `possessive quantifier ++`, 1,
			`possessive quantifier ++ at offset 1 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`(a++)b`, `possessive quantifier ++`, 2,
			`possessive quantifier ++ at offset 2 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`a++{2}b`, `possessive quantifier ++`, 1,
			`possessive quantifier ++ at offset 1 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`[ab]++/`, `possessive quantifier ++`, 4,
			`possessive quantifier ++ at offset 4 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`(?i)c++/`, `possessive quantifier ++`, 5,
			`possessive quantifier ++ at offset 5 is not supported by catc (Go RE2 does not backtrack, so it has no possessive quantifiers); use the plain quantifier if the match result is the same, or rewrite the pattern`},
		{`(?~a)`, `absent operator (?~…)`, 0,
			`absent operator (?~…) at offset 0 is not supported by catc (Go RE2 has no absent operator); rewrite the pattern without it`},
		{`(a)(?(1)b|c)`, `conditional group (?(…)…)`, 3,
			`conditional group (?(…)…) at offset 3 is not supported by catc (Go RE2 has no conditionals); rewrite the pattern without it`},
		{`\K`, `keep escape \K`, 0,
			`keep escape \K at offset 0 is not supported by catc (Go RE2 cannot reset the match start); rewrite the pattern without it`},
		{`\G`, `start-of-search anchor \G`, 0,
			`start-of-search anchor \G at offset 0 is not supported by catc (Go RE2 has no \G); use \A if the pattern is matched from the start`},
		{`\R`, `linebreak escape \R`, 0,
			`linebreak escape \R at offset 0 is not supported by catc (Go RE2 has no \R); write (?:\r\n|[\n\v\f\r\x{85}\x{2028}\x{2029}]) instead`},
		{`\X`, `grapheme cluster escape \X`, 0,
			`grapheme cluster escape \X at offset 0 is not supported by catc (Go RE2 has no grapheme clusters); rewrite the pattern without it`},
		{`\N`, `escape \N`, 0,
			`escape \N at offset 0 is not supported by catc (Go RE2 has no \N); write [^\n] instead`},
		{`\O`, `escape \O`, 0,
			`escape \O at offset 0 is not supported by catc (Go RE2 has no \O); write (?m:.) instead`},
		{`[a-z&&[^aeiou]]`, `character class intersection &&`, 4,
			`character class intersection && at offset 4 is not supported by catc (Go RE2 has no class intersection (it would read && literally)); list the characters explicitly`},
		{`[a[bc]]`, `nested character class [...]`, 2,
			`nested character class [...] at offset 2 is not supported by catc (Go RE2 would read it as literal characters); merge the nested class into its parent`},
		{`(?a)x`, `character-class mode (?a)`, 0,
			`character-class mode (?a) at offset 0 is not supported by catc (Go RE2 fixes which classes are ASCII-only); remove the option`},
		{`(?u)x`, `character-class mode (?u)`, 0,
			`character-class mode (?u) at offset 0 is not supported by catc (Go RE2 fixes which classes are ASCII-only); remove the option`},
		{`(?d)x`, `character-class mode (?d)`, 0,
			`character-class mode (?d) at offset 0 is not supported by catc (Go RE2 fixes which classes are ASCII-only); remove the option`},
		{`a{1001}`, `repeat count {1001}`, 1,
			`repeat count {1001} at offset 1 is not supported by catc (Go RE2 allows at most 1000 repetitions); use a smaller count or * / +`},
		{`a{,1001}`, `repeat count {,1001}`, 1,
			`repeat count {,1001} at offset 1 is not supported by catc (Go RE2 allows at most 1000 repetitions); use a smaller count or * / +`},
		{`a{2,5000}`, `repeat count {2,5000}`, 1,
			`repeat count {2,5000} at offset 1 is not supported by catc (Go RE2 allows at most 1000 repetitions); use a smaller count or * / +`},
		{`\p{Emoji}`, `character property \p{Emoji}`, 0,
			`character property \p{Emoji} at offset 0 is not supported by catc (Go has no table for this property; Onigmo-only ones such as Emoji, In_… blocks and Age=… cannot be translated); list the characters in a class instead`},
		{`\p{In_Basic_Latin}`, `character property \p{In_Basic_Latin}`, 0,
			`character property \p{In_Basic_Latin} at offset 0 is not supported by catc (Go has no table for this property; Onigmo-only ones such as Emoji, In_… blocks and Age=… cannot be translated); list the characters in a class instead`},
		{`(?<ñ>x)`, `group name <ñ>`, 0,
			`group name <ñ> at offset 0 is not supported by catc (Go RE2 group names are ASCII letters, digits and _); rename the group`},
		{`(?<a-b>x)`, `group name <a-b>`, 0,
			`group name <a-b> at offset 0 is not supported by catc (Go RE2 group names are ASCII letters, digits and _); rename the group`},
		{`(?<a>x)|(?<a>y)`, `duplicate group name <a>`, 8,
			`duplicate group name <a> at offset 8 is not supported by catc (Ruby reports the last group of that name that matched, which Go cannot tell); give each group its own name`},
		{`\M-\xC3\xA9`, `meta escape \M-`, 0,
			`meta escape \M- at offset 0 is not supported by catc (it denotes a raw byte, not a UTF-8 character); use \u{…} for the character you mean`},
		{`x\Zy`, `end-of-string anchor \Z`, 1,
			`end-of-string anchor \Z at offset 1 is not supported by catc (Go RE2 has no look-ahead, so \Z is translated only at the very end of the pattern, outside named groups); use \z (end of string) or $ (end of line), or move \Z to the end`},
		{`(?<n>a\Z)`, `end-of-string anchor \Z`, 6,
			`end-of-string anchor \Z at offset 6 is not supported by catc (Go RE2 has no look-ahead, so \Z is translated only at the very end of the pattern, outside named groups); use \z (end of string) or $ (end of line), or move \Z to the end`},
		{`(a\Z)+`, `end-of-string anchor \Z`, 2,
			`end-of-string anchor \Z at offset 2 is not supported by catc (Go RE2 has no look-ahead, so \Z is translated only at the very end of the pattern, outside named groups); use \z (end of string) or $ (end of line), or move \Z to the end`},
		{`\b`, `word boundary \b`, 0,
			`word boundary \b at offset 0 is not supported by catc (Ruby's word boundaries are Unicode-aware and Go's are ASCII-only; catc translates one only at the start or end of the pattern next to characters that are all word or all non-word); rewrite it with explicit classes, e.g. (?:\A|[^\p{L}\p{N}_])`},
		{`\b\w*`, `word boundary \b`, 0,
			`word boundary \b at offset 0 is not supported by catc (Ruby's word boundaries are Unicode-aware and Go's are ASCII-only; catc translates one only at the start or end of the pattern next to characters that are all word or all non-word); rewrite it with explicit classes, e.g. (?:\A|[^\p{L}\p{N}_])`},
		{`a(?<n>\bfoo)`, `word boundary \b`, 6,
			`word boundary \b at offset 6 is not supported by catc (Ruby's word boundaries are Unicode-aware and Go's are ASCII-only; catc translates one only at the start or end of the pattern next to characters that are all word or all non-word); rewrite it with explicit classes, e.g. (?:\A|[^\p{L}\p{N}_])`},
		{`foo|x\B.`, `word boundary \B`, 5,
			`word boundary \B at offset 5 is not supported by catc (Ruby's word boundaries are Unicode-aware and Go's are ASCII-only; catc translates one only at the start or end of the pattern next to characters that are all word or all non-word); rewrite it with explicit classes, e.g. (?:\A|[^\p{L}\p{N}_])`},
		{`((a{1000}){1000}){1000}`, `pattern size`, 0,
			`regular expression /((a{1000}){1000}){1000}/ is not supported by catc (nested repeat counts multiply past Go RE2's limit of 1000); simplify the pattern`},
	}
	for _, c := range cases {
		_, err := Translate(c.src, "")
		var re *Error
		if !errors.As(err, &re) {
			t.Errorf("Translate(%q): error %v, want a *Error", c.src, err)
			continue
		}
		if re.Construct != c.construct || re.Offset != c.offset || re.Syntax() {
			t.Errorf("Translate(%q): construct %q offset %d syntax %v, want %q at %d (not a Ruby syntax error)",
				c.src, re.Construct, re.Offset, re.Syntax(), c.construct, c.offset)
		}
		if re.Msg != c.msg {
			t.Errorf("Translate(%q): message\n%s\nwant\n%s", c.src, re.Msg, c.msg)
		}
		if _, err := Compile(c.src, ""); err == nil || err.Error() != re.Msg {
			t.Errorf("Compile(%q, \"\"): %v, want the same error", c.src, err)
		}
	}
}

// TestRegexpRubyErrors: Ruby's own RegexpError messages for malformed
// sources, as Ruby 3.1.2 prints them (Onigmo's wording, then ": /SRC/").
func TestRegexpRubyErrors(t *testing.T) {
	t.Parallel()
	cases := []struct{ src, want string }{
		{`[`, `premature end of char-class: /[/`},
		{`[a`, `premature end of char-class: /[a/`},
		{`[a-`, `premature end of char-class: /[a-/`},
		{`[]`, `empty char-class: /[]/`},
		{`[^]`, `empty char-class: /[^]/`},
		{`(`, `end pattern with unmatched parenthesis: /(/`},
		{`a(b`, `end pattern with unmatched parenthesis: /a(b/`},
		{`)`, `unmatched close parenthesis: /)/`},
		{`a)`, `unmatched close parenthesis: /a)/`},
		{`*a`, `target of repeat operator is not specified: /*a/`},
		{`+`, `target of repeat operator is not specified: /+/`},
		{`a|*`, `target of repeat operator is not specified: /a|*/`},
		{`(*)`, `target of repeat operator is not specified: /(*)/`},
		{`{2}`, `target of repeat operator is not specified: /{2}/`},
		{`\`, `too short escape sequence: /\/`},
		{`a\`, `too short escape sequence: /a\/`},
		{`x{2,1}`, `upper is smaller than lower in repeat range: /x{2,1}/`},
		{`a{100001}`, `too big number for repeat range: /a{100001}/`},
		{`\x`, `invalid hex escape: /\x/`},
		{`\xg`, `invalid hex escape: /\xg/`},
		{`\x80`, `invalid multibyte escape: /\x80/`},
		{`\xc3`, `too short escaped multibyte character: /\xc3/`},
		{`\xc3\x41`, `invalid multibyte escape: /\xc3\x41/`},
		{`\400`, `invalid escape code: /\400/`},
		{`\200`, `invalid multibyte escape: /\200/`},
		{`\u12`, `invalid Unicode escape: /\u12/`},
		{`\uD800`, `invalid Unicode range: /\uD800/`},
		{`\u{}`, `invalid Unicode list: /\u{}/`},
		{`\u{41`, `invalid Unicode list: /\u{41/`},
		{`\u{1234567}`, `invalid Unicode range: /\u{1234567}/`},
		{`\u{110000}`, `invalid Unicode range: /\u{110000}/`},
		{`\c`, `too short control escape: /\c/`},
		{`\C-`, `too short control escape: /\C-/`},
		{`\M-`, `too short meta escape: /\M-/`},
		{`[z-a]`, `empty range in char class: /[z-a]/`},
		{`[a-\d]`, `char-class value at end of range: /[a-\d]/`},
		{`[\d-z]`, `unmatched range specifier in char-class: /[\d-z]/`},
		{`[[:foo:]]`, `invalid POSIX bracket type: /[[:foo:]]/`},
		{`(?<>x)`, `group name is empty: /(?<>x)/`},
		{`(?<1a>x)`, `invalid group name <1a>: /(?<1a>x)/`},
		{`(?<a`, `invalid group name <a>: /(?<a/`},
		{`(?s)x`, `undefined group option: /(?s)x/`},
		{`(?P<a>x)`, `undefined group option: /(?P<a>x)/`},
		{`(?#abc`, `end pattern in group: /(?#abc/`},
		{`\p{}`, `invalid character property name {}: /\p{}/`},
		{`\k<a>`, `undefined name <a> reference: /\k<a>/`},
		{`\g<n>`, `undefined name <n> reference: /\g<n>/`},
		{`\g<1>`, `undefined group <1> reference: /\g<1>/`},
		{`(a)\2`, `invalid backref number/name: /(a)\2/`},
		{`\8`, `invalid backref number/name: /\8/`},
		{`(?<a>x)\1`, `numbered backref/call is not allowed. (use name): /(?<a>x)\1/`},
		{`(?(x)a)`, `invalid conditional pattern: /(?(x)a)/`},
		{`(?(1)a)`, `invalid backref number/name: /(?(1)a)/`},
		{`(?(<n>)a)`, `undefined name <n> reference: /(?(<n>)a)/`},
		{`a/(`, `end pattern with unmatched parenthesis: /a\/(/`},
		{"a\t(", "end pattern with unmatched parenthesis: /a\t(/"},
		{"é\n(", "end pattern with unmatched parenthesis: /\\u00E9\n(/"},
		{"a\xffb", "invalid multibyte character: /a\\xFFb/"},
		{`(?x)(?# \u00`, `invalid Unicode escape: /(?x)(?# \u00/`},
		{`[]\]`, `premature end of char-class: /[]\]/`},
		{`(?=a)(`, `end pattern with unmatched parenthesis: /(?=a)(/`},
		{`\1(?<n>a)(`, `end pattern with unmatched parenthesis: /\1(?<n>a)(/`},
	}
	for _, c := range cases {
		_, err := Translate(c.src, "")
		var re *Error
		if !errors.As(err, &re) {
			t.Errorf("Translate(%q): error %v, want a *Error", c.src, err)
			continue
		}
		if re.Msg != c.want || !re.Syntax() {
			t.Errorf("Translate(%q) = %q (syntax %v), want %q", c.src, re.Msg, re.Syntax(), c.want)
		}
		if re.Offset < 0 || re.Offset > len(c.src) {
			t.Errorf("Translate(%q): offset %d outside the source", c.src, re.Offset)
		}
	}
}

// TestRegexpFlags: a title pattern's literal options.
func TestRegexpFlags(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src, flags, want, err string
	}{
		{`a.b`, "m", `(?s)a.b`, ""},
		{`A`, "i", `(?i)A`, ""},
		{`a b`, "xo", `ab`, ""},
		{`(`, "mix", "", `end pattern with unmatched parenthesis: /(/mix`},
		{`(`, "xm", "", `end pattern with unmatched parenthesis: /(/mx`},
		{`a`, "n", "", `regexp option 'n' of /a/ (a non-UTF-8 encoding) is not supported by catc (Go matches UTF-8 text); remove the option`},
		{`a`, "q", "", `unknown regexp option 'q' for /a/; Ruby options are i, m and x`},
	}
	for _, c := range cases {
		got, err := Translate(c.src, c.flags)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("Translate(%q, %q): error %v, want %s", c.src, c.flags, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("Translate(%q, %q) = %s, %v; want %s", c.src, c.flags, got, err, c.want)
		}
	}
}
