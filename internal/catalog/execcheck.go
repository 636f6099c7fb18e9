package catalog

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// summaryUnqualified is the summary of checkExecCommands' diagnostics.
const summaryUnqualified = "Command not qualified"

// execCommandAttrs are the built-in exec's attributes that hold commands
// the agent checks (Puppet 7.23 lib/puppet/type/exec.rb: command in the
// type's validate, refresh, onlyif and unless in their own), each a
// command or, for onlyif and unless, a list of them.
var execCommandAttrs = []string{"command", "refresh", "onlyif", "unless"}

// checkExecCommands reaches the agent's verdict on a built-in exec whose
// program is not an absolute path while `path` is not set (the exec
// provider's validatecmd; the shell provider checks nothing): Puppet
// refuses the catalog (fixtures/oracle/core/values.jsonl, "relative_cmd").
func (b *Built) checkExecCommands(td *TypeDef) {
	r := b.Res
	if !td.Builtin || td.Name != "exec" {
		return
	}
	if _, ok := r.Attributes.Get("path"); ok {
		return
	}
	if p, _ := r.Attributes.Get("provider"); p == "shell" {
		return
	}
	for _, name := range execCommandAttrs {
		v, ok := r.Attributes.Get(name)
		if !ok || r.deferred(name) {
			continue
		}
		plain, secret := unseal(v)
		cmds := []types.Value{plain}
		if list, isList := plain.([]types.Value); isList && name != "command" {
			cmds = list
		}
		for _, cmd := range cmds {
			exe, ok := commandExe(cmd)
			if !ok || strings.HasPrefix(exe, "/") {
				continue
			}
			b.unqualified(name, exe, secret)
			break
		}
	}
}

// unqualified reports one attribute's unqualified program, in Puppet's
// words (its message for command starts "Validation of", the others
// "Parameter NAME failed on"); a sensitive command is not quoted.
func (b *Built) unqualified(name, exe string, secret bool) {
	r := b.Res
	what := "'" + exe + "'"
	if secret {
		what = "The program (not shown: the value is sensitive)"
	}
	prefix := fmt.Sprintf("Parameter %s failed on %s: ", name, r.Ref())
	if name == "command" {
		prefix = fmt.Sprintf("Validation of %s failed: ", r.Ref())
	}
	subject, ok := r.AttrRange(name)
	if !ok {
		subject = r.TitleRange // the command is the title
	}
	example := `path = ["/usr/bin", "/bin"]`
	if r.External != nil { // a catalog Puppet compiled: its manifest's syntax
		example = `path => ['/usr/bin', '/bin']`
	}
	b.errorf(summaryUnqualified, subject, r.DeclRange,
		"%s%s is not qualified and no path was specified. Please qualify the command or specify a path.\nWrite the program's absolute path, or set path (such as %s) for the agent to search it.",
		prefix, what, example)
}

// commandExe is the program of a command as the exec provider's
// extractexe finds it: an array's first element; a string's leading
// double- or single-quoted text, or else its text up to the first space.
func commandExe(cmd types.Value) (string, bool) {
	if list, ok := cmd.([]types.Value); ok {
		if len(list) == 0 {
			return "", false
		}
		cmd = list[0]
	}
	s, ok := cmd.(string)
	if !ok {
		return "", false
	}
	for _, q := range []string{`"`, `'`} {
		if rest, found := strings.CutPrefix(s, q); found {
			if end := strings.Index(rest, q); end > 0 {
				return rest[:end], true
			}
		}
	}
	exe, _, _ := strings.Cut(s, " ")
	return exe, true
}

// deferred reports whether attribute name of a resource read from a
// Puppet catalog is a Deferred value: the agent computes it, so catc
// cannot check it (a command namevar then holds the title, not the
// command the agent will run).
func (r *Resource) deferred(name string) bool {
	return r.External != nil && contains(r.External.Deferred, name)
}

// checkFileRecurse reaches the agent's verdict on a built-in file with
// recurse => remote: Puppet's file type refuses it without a source
// (fixtures/oracle/core/values.jsonl), and accepts it with one.
func (b *Built) checkFileRecurse(td *TypeDef) {
	r := b.Res
	if !td.Builtin || td.Name != "file" {
		return
	}
	if v, _ := r.Attributes.Get("recurse"); v != "remote" {
		return
	}
	if _, ok := r.Attributes.Get("source"); ok {
		return
	}
	subject, _ := r.AttrRange("recurse")
	b.errorf(SummaryAttrValue, subject, r.DeclRange,
		"Validation of %s failed: You cannot specify a remote recursion without a source.\nSet source, or recurse = true to manage the directory's own content.", r.Ref())
}
