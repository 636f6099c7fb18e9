package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

func TestFormatHCL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want string
	}{
		{
			name: "canonical input is unchanged",
			src:  "resource \"software\" \"php\" {\n  ensure  = \"present\"\n  manager = \"gem\"\n}\n",
			want: "resource \"software\" \"php\" {\n  ensure  = \"present\"\n  manager = \"gem\"\n}\n",
		},
		{
			name: "indentation and alignment",
			src:  "resource \"software\" \"php\" {\nensure=\"present\"\n      manager = \"gem\"\n}\n",
			want: "resource \"software\" \"php\" {\n  ensure  = \"present\"\n  manager = \"gem\"\n}\n",
		},
		{
			name: "comments are kept",
			src:  "# head\ntype \"t\" {\n// line\n  desc=\"d\" # trailing\n  /* block */\n}\n",
			want: "# head\ntype \"t\" {\n  // line\n  desc = \"d\" # trailing\n  /* block */\n}\n",
		},
		{
			name: "heredoc body is kept byte for byte",
			src:  "type \"t\" {\n    desc = <<-EOT\n      Keeps \\A and   spacing.\n    EOT\n  attribute \"id\" {\n  type = <<T\nPattern[/\\A\\Z/]\nT\n  }\n}\n",
			want: "type \"t\" {\n  desc = <<-EOT\n      Keeps \\A and   spacing.\n    EOT\n  attribute \"id\" {\n    type = <<T\nPattern[/\\A\\Z/]\nT\n  }\n}\n",
		},
		{
			name: "empty file",
			src:  "",
			want: "",
		},
		{
			name: "multi-line values keep their lines",
			src:  "resource \"a\" \"b\" {\nrequire = [software.epel,\nfile.x]\n}\n",
			want: "resource \"a\" \"b\" {\n  require = [software.epel,\n  file.x]\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, diags := FormatHCL([]byte(tt.src), "x.hcl")
			if diags.HasErrors() {
				t.Fatalf("FormatHCL(%q) diagnostics: %v", tt.src, diags)
			}
			if string(got) != tt.want {
				t.Errorf("FormatHCL(%q) =\n%s\nwant\n%s", tt.src, got, tt.want)
			}
			again, _ := FormatHCL(got, "x.hcl")
			if string(again) != string(got) {
				t.Errorf("FormatHCL is not idempotent on %q: second pass gave %q", got, again)
			}
		})
	}
}

func TestFormatHCLSyntaxError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		src       string
		line, col int
	}{
		{name: "unclosed block", src: "type \"t\" {\n  desc = \"d\"\n", line: 1, col: 10},
		{name: "missing equals", src: "resource \"a\" \"b\" {\n  ensure \"present\"\n}\n", line: 2, col: 19},
		{name: "unterminated heredoc", src: "type \"t\" {\n  desc = <<EOT\nno end\n}\n", line: 5, col: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, diags := FormatHCL([]byte(tt.src), "bad.hcl")
			if got != nil {
				t.Errorf("FormatHCL(%q) = %q, want nil on a syntax error", tt.src, got)
			}
			if !diags.HasErrors() {
				t.Fatalf("FormatHCL(%q) gave no error", tt.src)
			}
			s := diags[0].Subject
			if s == nil || s.Filename != "bad.hcl" || s.Start.Line != tt.line || s.Start.Column != tt.col {
				t.Errorf("FormatHCL(%q) error at %v, want bad.hcl:%d,%d (%s)", tt.src, s, tt.line, tt.col, diags.Error())
			}
		})
	}
}

// TestFormatHCLFixtures checks that formatting every fixture keeps it
// parsing and is idempotent (fixtures/invalid holds syntax errors on
// purpose; those must be refused, not formatted).
func TestFormatHCLFixtures(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(testutil.Fixture("*/*.hcl"))
	more, _ := filepath.Glob(testutil.Fixture("*/*/*.hcl"))
	for _, file := range append(files, more...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got, diags := FormatHCL(src, file)
		if diags.HasErrors() {
			if !strings.Contains(file, "invalid") {
				t.Errorf("FormatHCL(%s): %s", file, diags.Error())
			}
			continue
		}
		again, diags := FormatHCL(got, file)
		if diags.HasErrors() {
			t.Errorf("FormatHCL(%s) output does not parse: %s", file, diags.Error())
		}
		if string(again) != string(got) {
			t.Errorf("FormatHCL(%s) is not idempotent", file)
		}
	}
}

// FuzzFormatHCL formats arbitrary bytes: no panic, and when the input
// parses, the output parses too and formatting it again changes nothing.
func FuzzFormatHCL(f *testing.F) {
	for _, seed := range []string{
		"",
		"a = 1\n",
		"type \"t\" {\ndesc=<<-EOT\n  x\nEOT\n}\n",
		"resource \"a\" \"b\" {\n  x = [1,\n2] # c\n}\n",
		"locals {\n  m = { a = 1, \"b\" = [for x in y : x] }\n}\n",
		"x = \"${a}%{ if b }c%{ endif }\"\n",
		"a {\n}\n\n\n\nb {}\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got, diags := FormatHCL(src, "fuzz.hcl")
		if diags.HasErrors() {
			if got != nil {
				t.Fatalf("FormatHCL returned output with errors")
			}
			return
		}
		again, diags := FormatHCL(got, "fuzz.hcl")
		if diags.HasErrors() {
			t.Fatalf("formatted output does not parse: %s\ninput %q\noutput %q", diags.Error(), src, got)
		}
		if string(again) != string(got) {
			t.Fatalf("not idempotent:\ninput  %q\nfirst  %q\nsecond %q", src, got, again)
		}
	})
}
