package words

import "testing"

func TestLineAndEscapeText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, line, text string }{
		{"plain title", "plain title", "plain title"},
		{"caf\u00e9 \u65e5\u672c", "caf\u00e9 \u65e5\u672c", "caf\u00e9 \u65e5\u672c"},
		{"a\x1b[2Jb", `a\x1b[2Jb`, `a\x1b[2Jb`},
		{"bell\x07nul\x00del\x7f", `bell\x07nul\x00del\x7f`, `bell\x07nul\x00del\x7f`},
		{"two\nlines\tand\rcr", `two\nlines\tand\rcr`, "two\nlines\tand\\rcr"},
		{"c1\u009b31m", `c1\u009b31m`, `c1\u009b31m`},
		{"evil\u202egnp.exe", `evil\u202egnp.exe`, `evil\u202egnp.exe`},
		{"iso\u2066x\u2069", `iso\u2066x\u2069`, `iso\u2066x\u2069`},
		{"bad\xffbyte", `bad\xffbyte`, `bad\xffbyte`},
		{`C:\path`, `C:\path`, `C:\path`},
	} {
		if got := Escape(c.in); got != c.line {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.line)
		}
		if got := EscapeText(c.in); got != c.text {
			t.Errorf("EscapeText(%q) = %q, want %q", c.in, got, c.text)
		}
	}
}

func TestSafeStringNotCopied(t *testing.T) {
	if n := testing.AllocsPerRun(10, func() { _ = Escape("Package[nginx] with a long, plain title") }); n != 0 {
		t.Errorf("a safe string allocates %v times", n)
	}
}
