package main

import (
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/source"
)

func whyCommand() *cli.Command {
	return &cli.Command{
		Name:      "why",
		Usage:     "explain why FROM comes before TO, or what REF depends on and what depends on it",
		ArgsUsage: "PATH... FROM [TO]",
		Description: "The last one or two arguments that look like references (Type[title]) are\n" +
			"FROM and TO; the others are paths.",
		Flags: catalogFlags(),
		Action: withRun(func(c *cmdRun) error {
			paths, refs := splitRefs(c.common.args)
			if len(refs) == 0 || len(refs) > 2 {
				return fail("why takes PATH... then FROM [TO], e.g. catc why site/ 'Software[php]' 'Apt_key[6F6B…]'")
			}
			cat, err := loadCatalog(c, paths, false)
			if err != nil {
				return err
			}
			var rs []*catalog.Resource
			for _, ref := range refs {
				r, diags := graph.Resolve(cat, ref)
				if err := printOrFail(c, diags, cat.Files()); err != nil {
					return err
				}
				rs = append(rs, r)
			}
			_, plan, _ := pipeline.Plan(cat, graph.Ordering{})
			return writeOutput(c, func(w io.Writer) error {
				if len(rs) == 1 {
					return render.NeighboursText(w, plan.Neighbours(rs[0]))
				}
				why := plan.Why(rs[0], rs[1])
				if done, err := whyThroughContainers(w, plan.Expanded(), why); done {
					return err
				}
				return render.WhyText(w, why)
			})
		}),
	}
}

// splitRefs takes the trailing arguments that read as references
// (Type[title], and not an existing file) off the paths.
func splitRefs(args []string) (paths, refs []string) {
	n := len(args)
	for n > 0 && len(args)-n < 2 && isRef(args[n-1]) {
		n--
	}
	return args[:n], args[n:]
}

func isRef(s string) bool {
	if _, err := os.Stat(s); err == nil || source.IsPuppetDB(s) {
		return false
	}
	if _, _, ok := catalog.ParseRef(s); ok {
		return true
	}
	return isTraversalRef(s)
}

// isTraversalRef tells the HCL form of a reference, type.title (as in
// `require = software.php-yum`), from a mistyped file name.
func isTraversalRef(s string) bool {
	typ, title, ok := strings.Cut(s, ".")
	if !ok || title == "" || strings.HasSuffix(s, ".hcl") || strings.ContainsAny(s, "/\\") {
		return false
	}
	for i, r := range typ {
		if !(r >= 'a' && r <= 'z' || r == '_' || i > 0 && (r >= '0' && r <= '9' || r == ':')) {
			return false
		}
	}
	return typ != ""
}

// whyThroughContainers answers for a catalog read from Puppet when no
// chain of relationships orders the two but their classes or defines do
// (graph.Expanded.Links: containment included), in the graph the plan
// expanded (x; nil for an HCL catalog). It reports whether it wrote the
// answer.
func whyThroughContainers(w io.Writer, x *graph.Expanded, why graph.Why) (bool, error) {
	if x == nil || len(why.Path) > 0 || len(why.Reverse) > 0 {
		return false, nil
	}
	if links := x.Links(why.From, why.To); links != nil {
		return true, render.LinksText(w, why.From, why.To, links)
	}
	return false, nil
}
