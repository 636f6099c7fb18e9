package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// autoFuncType is a type whose autorequire is rule, for the decode errors.
func autoFuncType(rule string) string {
	return `type "thing" {
  desc = "t"
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "n"
  }
  attribute "key" {
    type      = "Optional[String]"
    desc      = "k"
    sensitive = true
  }
  autorequire {
    file = ` + rule + `
  }
}
`
}

func TestAutoFunctionDecodeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule, want, at string // at: line:col-col of the subject
	}{
		{`first_manged(ancestors("$name"))`, `"first_manged", which is not a function of auto rules (absolute, ancestors, ascend, below, coalesce, commands, dirname, except, first, first_managed, first_with, format, line_paths, not_digits, not_numeric, numeric, parent, quoted_paths, reverse). Did you mean "first_managed"?`, "14:12-24"},
		{`ancestors("$name", "$name")`, `ancestors() takes 1 argument(s), not 2`, "14:38-39"},
		{`coalesce()`, `coalesce() takes at least 1 argument(s), not 0`, "14:21-22"},
		{`ancestors("$nmae")`, `has no attribute "nmae" (Puppet fails the whole run with "Invalid parameter nmae(:nmae)"). Refer to an attribute of thing (name, key). Did you mean "$name"?`, "14:22-29"},
		{`ancestors("$key")`, `refers to "$key", a sensitive attribute`, "14:22-28"},
		{`ancestors(first_managed("$name"))`, `first_managed() picks resources of the rule's target type, so it must be the outermost call`, "14:22-44"},
		{`ancestors({ a = 1 })`, `This argument of ancestors() must be a "$attr" reference, a literal string, a list of literal strings or another call.`, "14:22-31"},
		{`ancestors("${upper("x")}")`, `This argument of ancestors() must be`, "14:22-37"},
		{`first_with(numeric("$name"), "$name")`, `This argument of first_with() must be one literal string.`, "14:23-39"},
		{`format("%s/%d", "$name", "$name")`, `format()'s template knows only %s`, "14:19-26"},
		{`format("%s/%s.pp", "$name")`, `format()'s template has 2 %s but 1 value(s) follow it`, "14:12-39"},
		{`except("$name", ["a", "b"])`, `This argument of except() must be one literal string.`, "14:28-38"},
		{`first_with("size", "$name")`, `first_with() in the autorequire rule of type "thing" compares the attribute "size" of file resources, but type "file" has no such attribute (it has path).`, "14:23-29"},
		{`ancestors(["$name"]...)`, `ancestors() takes its arguments one by one`, "14:12-35"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			t.Parallel()
			src := autoFuncType(tt.rule) + `type "file" {
  desc = "f"
  attribute "path" {
    type      = "String"
    behaviour = "namevar"
    desc      = "p"
  }
}
`
			_, diags := LoadFiles([]string{"t.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
			errs := errorsOnly(diags)
			if len(errs) != 1 {
				t.Fatalf("want one error, got:\n%s", describeDiags(diags))
			}
			d := errs[0]
			if d.Summary != catalog.SummaryAutoRule || !strings.Contains(d.Detail, tt.want) {
				t.Errorf("got %q: %q\nwant detail containing %q", d.Summary, d.Detail, tt.want)
			}
			if at := fmt.Sprintf("%d:%d-%d", d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.End.Column); at != tt.at {
				t.Errorf("subject at %s, want %s", at, tt.at)
			}
		})
	}
}

func TestAutoFunctionBelowErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, want string
	}{
		{"invalid regexp with a file declared", `
resource "mount" "/x(" {}
resource "file" "/x/y" {}`, `The autobefore rule of type "mount" puts "/x(" unescaped into a regexp, as Puppet's agent does, and the result is not a valid regexp: end pattern with unmatched parenthesis: /^\/x(\/./. Puppet's agent then fails the whole apply`},
		{"invalid regexp without files: Puppet never compiles it", `
resource "mount" "/x(" {}`, ``},
		{"a construct catc cannot translate", `
resource "mount" "/(?=a)" {}
resource "file" "/a/y" {}`, `and catc cannot match it like Ruby: lookahead`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, diags := loadAutoFuncs(t, tt.src)
			errs := errorsOnly(diags)
			if tt.want == "" {
				if len(errs) > 0 {
					t.Fatalf("want no error, got:\n%s", describeDiags(errs))
				}
				return
			}
			if len(errs) != 1 || !strings.Contains(errs[0].Detail, tt.want) {
				t.Fatalf("want one error containing %q, got:\n%s", tt.want, describeDiags(diags))
			}
			if errs[0].Subject.Start.Line != 2 {
				t.Errorf("subject %v, want the mount's declaration (line 2)", errs[0].Subject)
			}
		})
	}
}

func TestAutoFunctionSecretArgument(t *testing.T) {
	t.Parallel()
	src := `type "thing" {
  desc = "t"
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "n"
  }
  attribute "dir" {
    type = "Optional[String]"
    desc = "d"
  }
  attribute "key" {
    type      = "Optional[String]"
    desc      = "k"
    sensitive = true
  }
  autorequire {
    file = first_managed(ancestors("$dir"))
  }
}
type "file" {
  desc = "f"
  attribute "path" {
    type      = "String"
    behaviour = "namevar"
    desc      = "p"
  }
}
locals {
  pw = "/hunter2"
}
resource "thing" "a" {
  key = local.pw
  dir = local.pw
}
`
	_, diags := LoadFiles([]string{"t.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	errs := errorsOnly(diags)
	found := false
	for _, d := range errs {
		if strings.Contains(d.Detail, `uses "$dir"`) {
			found = true
		}
		if strings.Contains(d.Detail, "hunter2") {
			t.Errorf("a diagnostic shows the secret: %s", d.Detail)
		}
	}
	if !found {
		t.Errorf("want the auto rule's secret refusal for $dir, got:\n%s", describeDiags(diags))
	}
}
