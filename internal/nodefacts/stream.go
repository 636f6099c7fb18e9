package nodefacts

import (
	"fmt"
	"sort"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/inputfile"
)

// Stream reads the nodes of a facts path file by file, as Read does but
// without holding them: a fleet reads each file when it comes to it, on
// several goroutines, and drops its nodes once compiled. Its
// diagnostics, once every file is read, are Read's.
type Stream struct {
	path  string
	files []string

	mu    sync.Mutex
	diags []hcl.Diagnostics   // by file
	seen  map[string]nodeAt   // each name where it was read first
	twice map[string][]nodeAt // the names read more than once: every place
	names []string            // the names read, for a shard's fleet digest
}

// nodeAt is where a node was read: its file's index and its position in
// the file, which order the places as Read's sort does.
type nodeAt struct {
	file, pos int
	source    string
}

func (a nodeAt) before(b nodeAt) bool {
	return a.file < b.file || a.file == b.file && a.pos < b.pos
}

// Open lists the facts files of path (Read's files, in its order); its
// diagnostics are the errors that leave no node to read.
func Open(path string) (*Stream, hcl.Diagnostics) {
	files, err := factsFiles(path)
	if err != nil {
		return nil, hcl.Diagnostics{inputfile.Diagnostic(path, err)}
	}
	if len(files) == 0 {
		return nil, hcl.Diagnostics{factsDiag(fmt.Sprintf("The directory %s holds no facts files (*.json, *.yaml or *.yml, one per node).", path))}
	}
	return &Stream{path: path, files: files, diags: make([]hcl.Diagnostics, len(files)),
		seen: map[string]nodeAt{}, twice: map[string][]nodeAt{}}, nil
}

// Files is the number of facts files.
func (s *Stream) Files() int { return len(s.files) }

// File reads file i (0 ≤ i < Files, each once, from any goroutine): its
// nodes, but those whose name was read before (the run then fails:
// Diagnostics names every place).
func (s *Stream) File(i int) []*Node {
	nodes, diags := readFactsFile(s.files[i])
	s.mu.Lock()
	defer s.mu.Unlock()
	s.diags[i] = diags
	out := nodes[:0]
	for pos, n := range nodes {
		at := nodeAt{i, pos, n.Source}
		first, dup := s.seen[n.Name]
		if !dup {
			s.seen[n.Name] = at
			s.names = append(s.names, n.Name)
			out = append(out, n)
			continue
		}
		if s.twice[n.Name] == nil {
			s.twice[n.Name] = []nodeAt{first}
		}
		s.twice[n.Name] = append(s.twice[n.Name], at)
	}
	return out
}

// Names are the names of the nodes read so far, each once, in no order.
func (s *Stream) Names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.names...)
}

// Diagnostics, once every file is read, are Read's: each file's in file
// order, then each name read more than once, by name, naming its places
// in the order Read sorts them.
func (s *Stream) Diagnostics() hcl.Diagnostics {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out hcl.Diagnostics
	for _, d := range s.diags {
		out = append(out, d...)
	}
	names := make([]string, 0, len(s.twice))
	for name := range s.twice {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		at := s.twice[name]
		sort.Slice(at, func(i, j int) bool { return at[i].before(at[j]) })
		for k := 1; k < len(at); k++ {
			out = append(out, readTwice(name, at[k-1].source, at[k].source))
		}
	}
	return out
}

// readTwice says that the node name was read from two places.
func readTwice(name, first, second string) *hcl.Diagnostic {
	return factsDiag(fmt.Sprintf("The node %q is read twice: from %s and from %s. Keep one facts document per node.", name, first, second))
}
