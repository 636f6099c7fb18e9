package atomicfile

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/catc-dev/catc/internal/inputfile"
)

// checkLinks is nil when the output path may be written through its
// symbolic links: every link on the way that lies in the working
// directory's tree (where a checkout is, whose links are not trusted)
// leads to an existing place inside that tree. A committed graph.dot →
// ~/.bashrc, a dangling link to a file that does not exist yet elsewhere,
// a linked parent directory or -o DIR a link out of the tree would make
// catc write outside the checkout. Links elsewhere (the machine's own,
// such as /tmp → /private/tmp or /dev/stderr) are followed.
func checkLinks(path string) error {
	links, err := inputfile.Links(path)
	if err != nil || len(links) == 0 {
		return nil
	}
	tree, err := inputfile.WorkTree()
	if err != nil {
		return nil
	}
	for _, l := range links {
		if !inputfile.Below(filepath.Dir(l.Path), tree) {
			continue
		}
		if l.Target == "" {
			return errors.New(inputfile.LinkName(l) + " is a symbolic link to " + l.Says + ", which does not exist (or loops): catc does not create a link's target; remove the link, or write to another path")
		}
		if !inputfile.Below(l.Target, tree) {
			return fmt.Errorf("%s is a symbolic link to %s, outside the working directory %s: catc writes through a link only inside it, so that a checkout's link cannot make it write elsewhere; write to the target itself, or to another path", inputfile.LinkName(l), l.Target, tree)
		}
	}
	return nil
}
