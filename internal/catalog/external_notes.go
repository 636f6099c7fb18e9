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
	if c.Source == nil {
		return nil
	}
	var notes []string
	if c.Source.ReadNote != "" {
		notes = append(notes, c.Source.ReadNote)
	}
	if c.Source.OrderUnknown {
		notes = append(notes, fmt.Sprintf("The %s does not keep the order of the resources: Puppet's apply order cannot be known from it, and the order shown breaks ties by an order of its own. Read the catalog from Puppet (puppet catalog find) for the real order.", c.Source.Source))
	}
	unknown, generating, deferred := map[string]bool{}, []string{}, []string{}
	for _, r := range c.Resources {
		x := r.External
		if x == nil {
			continue
		}
		if x.Unknown {
			unknown[r.Type.RefType()] = true
		}
		if why := generates(r); why != "" {
			generating = append(generating, r.Ref()+" ("+why+")")
		}
		for _, p := range x.Deferred {
			deferred = append(deferred, r.Ref()+" "+p)
		}
	}
	if len(unknown) > 0 {
		names := make([]string, 0, len(unknown))
		for n := range unknown {
			names = append(names, n)
		}
		sort.Strings(names)
		notes = append(notes, fmt.Sprintf("Auto relationships unknown for %s: catc has no definition of %s (a module's Ruby type); only their explicit relationships are in the graph. Load an HCL definition beside the catalog to add them: catc import writes one for a Resource API type; write a Puppet::Type.newtype type's type block by hand (catc doc --module-types lists the module types catc ships).", strings.Join(names, ", "), pronoun(len(names))))
	}
	if len(generating) > 0 {
		notes = append(notes, fmt.Sprintf("Resources generated on the node are not shown, and their order cannot be known offline: %s.", shortList(generating, 10)))
	}
	if len(deferred) > 0 {
		notes = append(notes, fmt.Sprintf("Deferred values are computed by the agent while applying, so catc neither checks nor matches them: %s.", shortList(deferred, 10)))
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
