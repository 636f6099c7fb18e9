package hiera

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// The parsers of untrusted input: data files (YAML, JSON), hiera.yaml,
// interpolated strings and dotted keys. None may panic or hang.

func FuzzYAMLData(f *testing.F) {
	for _, s := range []string{"a: 1\n", "a: &x [1, *x]\n", "<<: {a: 1}\nb: 2\n", "a: 2024-01-01\n", "- 1\n", "a: :sym\n", "a: !!float 1\n", "a: !ruby/object:Foo {}\n", "{a: [b, {c: d}]}", "a: 1:30\n", "x: *unknown\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		keys, entries, _, err := decodeYAMLData([]byte(src))
		if err != nil {
			return
		}
		for _, k := range keys {
			if entries[k] == nil {
				t.Fatalf("key %q without entry", k)
			}
		}
	})
}

func FuzzJSONData(f *testing.F) {
	for _, s := range []string{`{"a": 1}`, `{"a": 1.0, "b": [true, null]}`, `[1]`, `{"a":`, `{"a": "%{x}"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		keys, entries, diags := decodeJSONData("f.json", []byte(src))
		if diags.HasErrors() {
			return
		}
		for _, k := range keys {
			if entries[k] == nil {
				t.Fatalf("key %q without entry", k)
			}
		}
	})
}

func FuzzConfig(f *testing.F) {
	for _, s := range []string{boundsConfig, "version: 4\n", "version: 5\nhierarchy: [{name: a, path: b, data_hash: yaml_data}]\n", "version: 5\nhierarchy:\n  - name: x\n    mapped_paths: [a, b, c]\n    data_hash: json_data\n", "[]", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		c, diags := parseConfig("hiera.yaml", []byte(src))
		if !diags.HasErrors() && c == nil {
			t.Fatal("no config and no error")
		}
	})
}

// FuzzInterpolation interpolates arbitrary strings against data that
// interpolates too.
func FuzzInterpolation(f *testing.F) {
	for _, s := range []string{"%{facts.a}", "%{lookup('k')}", "%{alias('h')}", "x%{alias('h')}", "%{literal('%')}", "%{scope('facts.a.0')}", "%{::a}", "%{nosuch('x')}", "%{'a'.b}", "%{", "%{}%{::}", "%{lookup('self')}"} {
		f.Add(s)
	}
	dir := ""
	f.Fuzz(func(t *testing.T, expr string) {
		if dir == "" {
			dir = t.TempDir()
		}
		data := newData(dir, dir, dir, &Config{Path: "hiera.yaml"})
		facts := &types.Hash{}
		facts.Append("a", []types.Value{"x", int64(1)})
		s := data.NewSession(Scope{Facts: facts})
		inv := &invocation{s: s}
		v, err := inv.interpolate(expr, true)
		if err == nil && v == nil && expr != "" && !strings.Contains(expr, "%{") {
			t.Fatalf("%q interpolates to nothing", expr)
		}
	})
}

func FuzzSplitKey(f *testing.F) {
	for _, s := range []string{"a.b", "a.'b.c'.0", `"x".y`, "a..b", "a.", ".a", "'", "a.-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		segs, ok := splitKey(key)
		if ok && len(segs) == 0 {
			t.Fatalf("%q: no segments", key)
		}
	})
}

// FuzzStartsWordy: the quick test of a plain scalar never says "wordy"
// where Psych's pattern does not.
func FuzzStartsWordy(f *testing.F) {
	for _, s := range []string{"k0", "_x", "Zz:1", "a.b", "y", "é", "0a", ":a", "-a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if s != "" && startsWordy(s) && !psychWordy().MatchString(s) {
			t.Fatalf("%q: quick test says wordy, the pattern does not", s)
		}
	})
}

// FuzzPlainString: a key read as a String without typing it (key) is
// what psychTokenize types it as.
func FuzzPlainString(f *testing.F) {
	for _, s := range []string{"k0", "yes", "No", "null", "~", "on", "offer", "a\nb", "12", ":sym", "ntp::servers", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, class := psychTokenize(s)
		if plainString(s) && (class != "" || v != types.Value(s)) {
			t.Fatalf("%q: plainString says a String, psychTokenize gives %#v %q", s, v, class)
		}
	})
}
