package hiera

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
)

// Automatic parameter lookup: Puppet gives a class parameter that its
// declaration leaves out the value of the key CLASS::PARAM in the data
// (merged as lookup_options say, no default), before the parameter's
// default. The compiler asks ParameterValue for each such parameter, and
// checks what it gets with CheckParameter.

// ParameterKey is the data key of a class parameter: the class's name in
// lower case, without a leading "::", then "::" and the parameter.
func ParameterKey(class, param string) string {
	return strings.ToLower(strings.TrimPrefix(class, "::")) + "::" + param
}

// ParameterValue looks up ParameterKey(class, param) as Puppet's
// automatic parameter lookup does: found is false when the data has no
// value (the default applies then, else the parameter is missing); an
// error in the data (a bad file, an interpolation loop) is a
// diagnostic.
func (s *Session) ParameterValue(class, param string) (Result, bool, hcl.Diagnostics) {
	return s.Find(ParameterKey(class, param))
}

// CheckParameter checks a looked-up value against the parameter's type:
// nil when it matches, else Puppet's "Class[Name]: parameter 'p' expects
// …" at the data file and line the value came from.
func CheckParameter(class, param string, t types.Type, r Result) *hcl.Diagnostic {
	if t == nil {
		return nil
	}
	subject := fmt.Sprintf("Class[%s]: parameter '%s'", capitalizeClass(class), param)
	msg, ok := types.Check(subject, t, unsealAll(r.Value))
	if ok || secretMatches(t, r.Value) {
		return nil
	}
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summaryWrongType, Detail: msg}
	if len(r.Origins) > 0 {
		o := r.Origins[0]
		rng := o.Range()
		d.Subject = &rng
		d.Detail += fmt.Sprintf(" (the value of %s in %s, line %d).", ParameterKey(class, param), o.File, o.Line)
	}
	return d
}

// capitalizeClass is Puppet's Class[Name] form: each segment capitalized.
func capitalizeClass(class string) string {
	parts := strings.Split(strings.TrimPrefix(class, "::"), "::")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "::")
}
