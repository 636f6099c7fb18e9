package catalog

import (
	"fmt"
	"sort"
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// ExternalNotes are what a plan of a catalog compiled elsewhere must say
// in words because catc cannot know it offline, each once: what the
// reader skipped of the input (Source.ReadNote), the order
// when the source kept none, the types whose auto relationships are
// unknown, the resources that generate others on the node, and the
// values only the agent computes. Nil for an HCL catalog.
func (c *Catalog) ExternalNotes() []string {
	var n Notes
	n.Add(c)
	return n.Lines()
}

// Notes gathers the ExternalNotes of any number of catalogs (the two
// sides of a diff, the nodes of a fleet) so that each kind of note is
// said once for all of them: one note naming every unknown type, one
// naming every generating resource, each once. The zero value is empty
// and ready; it is not safe for concurrent use.
type Notes struct {
	read         []string // the readers' notes (Source.ReadNote), each text once
	orderUnknown []string // the sources that keep no order, each once
	unknown      map[string]bool
	generating   []string
	deferred     []string
	seen         map[string]bool // items of the lists above already listed, by kind
}

// Add gathers c's notes (none for an HCL catalog). Items keep the order
// of their first catalog, then of the catalogs added.
func (n *Notes) Add(c *Catalog) {
	if c == nil || c.Source == nil {
		return
	}
	if n.unknown == nil {
		n.unknown, n.seen = map[string]bool{}, map[string]bool{}
	}
	s := c.Source
	if s.ReadNote != "" {
		n.list(&n.read, "read", s.ReadNote)
	}
	if s.OrderUnknown {
		n.list(&n.orderUnknown, "order", s.Source)
	}
	for _, r := range c.Resources {
		x := r.External
		if x == nil {
			continue
		}
		if x.Unknown {
			n.unknown[r.Type.RefType()] = true
		}
		if why := generates(r); why != "" {
			n.list(&n.generating, "generating", r.Ref()+" ("+why+")")
		}
		for _, p := range x.Deferred {
			n.list(&n.deferred, "deferred", r.Ref()+" "+p)
		}
	}
}

// list appends item to *to, the list of its kind, unless it is listed
// already.
func (n *Notes) list(to *[]string, kind, item string) {
	if key := kind + "\x00" + item; !n.seen[key] {
		n.seen[key] = true
		*to = append(*to, item)
	}
}

// Merge adds o's notes to n, after n's own.
func (n *Notes) Merge(o *Notes) {
	if o == nil || o.unknown == nil {
		return
	}
	if n.unknown == nil {
		n.unknown, n.seen = map[string]bool{}, map[string]bool{}
	}
	for _, s := range o.read {
		n.list(&n.read, "read", s)
	}
	for _, s := range o.orderUnknown {
		n.list(&n.orderUnknown, "order", s)
	}
	for t := range o.unknown {
		n.unknown[t] = true
	}
	for _, s := range o.generating {
		n.list(&n.generating, "generating", s)
	}
	for _, s := range o.deferred {
		n.list(&n.deferred, "deferred", s)
	}
}

// Lines are the notes, one sentence each, in a fixed order of kinds.
func (n *Notes) Lines() []string {
	notes := append([]string(nil), n.read...)
	if k := len(n.orderUnknown); k > 0 {
		verb, it := "does", "it"
		if k > 1 {
			verb, it = "do", "them"
		}
		notes = append(notes, fmt.Sprintf("The %s %s not keep the order of the resources: Puppet's apply order cannot be known from %s, and the order shown breaks ties by an order of its own. Read the catalog from Puppet (puppet catalog find) for the real order.", strings.Join(n.orderUnknown, " and the "), verb, it))
	}
	if len(n.unknown) > 0 {
		names := make([]string, 0, len(n.unknown))
		for t := range n.unknown {
			names = append(names, t)
		}
		sort.Strings(names)
		notes = append(notes, fmt.Sprintf("Auto relationships unknown for %s: catc has no definition of %s (a module's Ruby type); only their explicit relationships are in the graph. Load an HCL definition beside the catalog to add them: catc import writes one from the module's lib/puppet/type/NAME.rb (catc doc --module-types lists the module types catc ships).", strings.Join(names, ", "), pronoun(len(names))))
	}
	if len(n.generating) > 0 {
		notes = append(notes, fmt.Sprintf("Resources generated on the node are not shown, and their order cannot be known offline: %s.", shortList(n.generating, 10)))
	}
	if len(n.deferred) > 0 {
		notes = append(notes, fmt.Sprintf("Deferred values are computed by the agent while applying, so catc neither checks nor matches them: %s.", shortList(n.deferred, 10)))
	}
	return notes
}

func pronoun(n int) string {
	if n == 1 {
		return "this type"
	}
	return "these types"
}

// generates says why r makes the agent add resources at apply time
// (Puppet's generate and eval_generate), "" when it does not.
func generates(r *Resource) string {
	attr := func(name string) types.Value {
		v, _ := r.Attributes.Get(name)
		return v
	}
	truthy := func(v types.Value) bool {
		switch v := v.(type) {
		case bool:
			return v
		case string:
			return v != "" && v != "false" && v != "no"
		case int64:
			return v > 0
		}
		return v != nil
	}
	switch r.Type.Name {
	case "file":
		if truthy(attr("recurse")) && attr("recurse") != "false" {
			return "recurse"
		}
	case "tidy":
		return "tidy removes the files it finds"
	case "resources":
		if truthy(attr("purge")) {
			return "purge"
		}
	case "user":
		if truthy(attr("purge_ssh_keys")) {
			return "purge_ssh_keys"
		}
	case "concat_file":
		return "its file, built from the fragments"
	}
	return ""
}
