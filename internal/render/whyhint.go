package render

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/graph"
)

// WhyHints is diags where each cycle diagnostic that suggests an edge
// (its Extra is a graph.SuggestedEdge) ends with the `catc why` command
// line that explains that edge: " `catc why ARGS FROM TO` explains an
// edge." whyArgs load the catalog as the user did (flags such as --var,
// then the paths); without them the line says PATH.... The hinted
// diagnostics are copies without the Extra, so a second call adds
// nothing; the others are diags' own.
func WhyHints(diags hcl.Diagnostics, whyArgs []string) hcl.Diagnostics {
	out := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		out[i] = d
		if e, ok := d.Extra.(graph.SuggestedEdge); ok {
			cp := *d
			cp.Extra = nil
			cp.Detail += " `" + whyCommand(whyArgs, e.From, e.To) + "` explains an edge."
			out[i] = &cp
		}
	}
	return out
}

// whyCommand is the `catc why` command line for the edge from => to, with
// each word quoted for a POSIX shell where it needs it (a ref's brackets
// are a glob).
func whyCommand(whyArgs []string, from, to string) string {
	words := []string{"catc", "why"}
	if len(whyArgs) == 0 {
		words = append(words, "PATH...")
	} else {
		for _, a := range whyArgs {
			words = append(words, shellWord(a))
		}
	}
	return strings.Join(append(words, shellWord(from), shellWord(to)), " ")
}

// shellWord is s, single-quoted unless it is made only of characters no
// shell treats specially.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
