package rubyregexp

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"regexp/syntax"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// rubyCase is one line of testdata/regexp/ruby_cases.jsonl: a random
// pattern and inputs, with what Ruby 3.1.2 said (testdata/regexp/oracle.rb).
type rubyCase struct {
	Src     string   `json:"src"`
	Flags   string   `json:"flags"`
	Inputs  []string `json:"inputs"`
	Err     string   `json:"err"`
	Results []struct {
		M     bool              `json:"m"`
		Named map[string]string `json:"named"`
	} `json:"results"`
}

// TestRegexpRubyOracle replays Ruby's answers: a pattern Ruby refuses gets
// Ruby's exact message; one it accepts is either rejected as unsupported or
// gives Ruby's match result and named captures on every input.
func TestRegexpRubyOracle(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/regexp/ruby_cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		var c rubyCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		checkRubyCase(t, c)
	}
	if n < 1000 {
		t.Fatalf("only %d oracle cases read", n)
	}
}

func checkRubyCase(t *testing.T, c rubyCase) {
	t.Helper()
	re, err := Compile(c.Src, c.Flags)
	var rerr *Error
	switch {
	case c.Err != "":
		if err == nil || err.Error() != c.Err {
			t.Errorf("/%s/%s: got error %v, Ruby says %q", c.Src, c.Flags, err, c.Err)
		}
		return
	case errors.As(err, &rerr) && !rerr.Syntax():
		return // unsupported: refused with a message, never a silent difference
	case err != nil:
		t.Errorf("/%s/%s: %v, but Ruby accepts it", c.Src, c.Flags, err)
		return
	}
	for i, in := range c.Inputs {
		want := c.Results[i]
		m := re.FindStringSubmatch(in)
		if (m != nil) != want.M {
			t.Errorf("/%s/%s on %q: match %v, Ruby says %v (Go: %s)", c.Src, c.Flags, in, m != nil, want.M, re)
			continue
		}
		for j, name := range re.SubexpNames() {
			if name != "" && m != nil && want.Named[name] != m[j] {
				t.Errorf("/%s/%s on %q: %s = %q, Ruby says %q", c.Src, c.Flags, in, name, m[j], want.Named[name])
			}
		}
	}
}

// unicodeChangesSince13 are code points whose properties changed between
// Unicode 13 (Ruby 3.1) and Go's Unicode tables; they are allowed to differ.
var unicodeChangesSince13 = map[rune]bool{
	0x0C04: true, 0x0F82: true, 0x0F83: true, 0x11080: true, 0x11081: true, // became Other_Alphabetic
	0x10FC: true, 0xAB69: true, // became Other_Lowercase
}

// TestRegexpPosixClassesExact compares each translated POSIX class, code
// point by code point, with the set Ruby 3.1 matches.
func TestRegexpPosixClassesExact(t *testing.T) {
	t.Parallel()
	ruby := loadRubyClasses(t)
	rubyAssigned := ruby["Assigned"]
	goAssigned := runeSet(t, classRanges(assignedFrag))
	for name, want := range ruby {
		src := "[[:" + name + ":]]"
		switch name {
		case "Assigned":
			src = `\p{Assigned}`
		case "bnd":
			src = "[" + boundaryWordFrag() + "]"
		}
		goSrc := src
		if name != "bnd" {
			var err error
			if goSrc, err = Translate(src, ""); err != nil {
				t.Fatal(err)
			}
		}
		re, err := syntax.Parse(goSrc, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		got := runeSet(t, re.Rune)
		diffs := 0
		for r := rune(0); r <= unicode.MaxRune; r++ {
			newer := goAssigned[r] && !rubyAssigned[r]
			if got[r] != want[r] && !newer && !unicodeChangesSince13[r] && (r < 0xD800 || r > 0xDFFF) {
				if diffs++; diffs <= 5 {
					t.Errorf("%s: %U is %v in Go, %v in Ruby", name, r, got[r], want[r])
				}
			}
		}
	}
}

func runeSet(t *testing.T, pairs []rune) []bool {
	t.Helper()
	set := make([]bool, unicode.MaxRune+1)
	for i := 0; i+1 < len(pairs); i += 2 {
		for r := pairs[i]; r <= pairs[i+1]; r++ {
			set[r] = true
		}
	}
	return set
}

func loadRubyClasses(t *testing.T) map[string][]bool {
	t.Helper()
	data, err := os.ReadFile("testdata/regexp/posix_ruby31.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(line, "#") {
			continue
		}
		var pairs []rune
		for _, f := range fields[1:] {
			lo, hi, _ := strings.Cut(f, "-")
			if hi == "" {
				hi = lo
			}
			a, err1 := strconv.ParseUint(lo, 16, 32)
			b, err2 := strconv.ParseUint(hi, 16, 32)
			if err1 != nil || err2 != nil {
				t.Fatalf("bad range %q", f)
			}
			pairs = append(pairs, rune(a), rune(b))
		}
		out[fields[0]] = runeSet(t, pairs)
	}
	return out
}
