package catalog

import (
	"strconv"
	"strings"
)

// Attrs are the attributes a term reads: its "$attr", or every one its
// call's arguments read, in order.
func (t AutoTerm) Attrs() []string { return t.appendAttrs(nil) }

// appendAttrs appends Attrs to out.
func (t AutoTerm) appendAttrs(out []string) []string {
	switch {
	case t.Attr != "":
		return append(out, t.Attr)
	case t.Call != nil:
		return t.Call.appendAttrs(out)
	}
	return out
}

func (c *AutoCall) appendAttrs(out []string) []string {
	for _, a := range c.Args {
		switch {
		case a.Attr != "":
			out = append(out, a.Attr)
		case a.Call != nil:
			out = a.Call.appendAttrs(out)
		}
	}
	return out
}

// String is the term as a rule writes it: a title, "$attr", or the call
// (`first_managed(ancestors("$path"))`), for documentation.
func (t AutoTerm) String() string {
	switch {
	case t.Call != nil:
		return t.Call.String()
	case t.Attr != "":
		return "$" + t.Attr
	}
	return t.Title
}

// String is the call in HCL syntax, its literals quoted.
func (c *AutoCall) String() string {
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		switch {
		case a.Call != nil:
			args[i] = a.Call.String()
		case a.Attr != "":
			args[i] = strconv.Quote("$" + a.Attr)
		default:
			lits := make([]string, len(a.Lits))
			for j, s := range a.Lits {
				lits[j] = strconv.Quote(s)
			}
			args[i] = strings.Join(lits, ", ")
			if len(lits) != 1 {
				args[i] = "[" + args[i] + "]"
			}
		}
	}
	return c.Func + "(" + strings.Join(args, ", ") + ")"
}
