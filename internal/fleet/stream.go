package fleet

import (
	"runtime"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/secretdigest"
)

// A run takes its nodes from a list (DiffFleet, Validate, Plans) or reads
// them from their facts files as it goes (DiffStream, ValidateStream,
// PlansStream): a fleet of any size is then never held, each node
// dropped once compiled, and the memory a run needs grows with its
// distinct catalogs, not with its nodes.

// nodeSource gives a run its nodes.
type nodeSource interface {
	// each calls fn for every node on o.Workers goroutines, o.Progress
	// after each with compiled(), and returns the number of nodes.
	each(o Options, compiled func() int, fn func(*nodefacts.Node)) int
}

// nodeList is a run's nodes given whole.
type nodeList []*nodefacts.Node

func (l nodeList) each(o Options, compiled func() int, fn func(*nodefacts.Node)) int {
	each(len(l), o, compiled, func(i int) { fn(l[i]) })
	return len(l)
}

// Stream is a fleet's nodes read from their facts files as a run goes
// (NewStream), or given whole (ListStream: PuppetDB's inventory), or
// shard Index of Of of them (the nodes whose name hashes to it; Of 0:
// every node).
type Stream struct {
	facts     *nodefacts.Stream
	list      []*nodefacts.Node // ListStream's, when facts is nil
	index, of int
}

// NewStream streams the nodes of facts, or shard index of of them (of 0:
// every node).
func NewStream(facts *nodefacts.Stream, index, of int) *Stream {
	return &Stream{facts: facts, index: index, of: of}
}

// ListStream is a Stream of nodes already read (PuppetDB's inventory,
// whose names are each once), or shard index of of them (of 0: every
// node).
func ListStream(nodes []*nodefacts.Node, index, of int) *Stream {
	return &Stream{list: nodes, index: index, of: of}
}

// Diagnostics are the facts files' (nodefacts.Stream.Diagnostics), once
// a run has read them: when they hold errors the run is void. A
// ListStream has none.
func (s *Stream) Diagnostics() hcl.Diagnostics {
	if s.facts == nil {
		return nil
	}
	return s.facts.Diagnostics()
}

// ShardID is the identity of the shard, once a run has read every node
// (nil for a whole fleet): ShardID of all the nodes read.
func (s *Stream) ShardID(key *secretdigest.Key) *ShardOf {
	if s.of == 0 {
		return nil
	}
	if s.facts == nil {
		return ShardID(s.list, s.index, s.of, key)
	}
	names := s.facts.Names()
	return &ShardOf{Index: s.index, Of: s.of, Fleet: fleetDigest(names, key), KeyID: key.ID()}
}

// each reads the files on o.Workers goroutines, each claiming the next
// file and running its nodes; the nodes of a file of many (a PuppetDB
// export) are shared with the other goroutines. A ListStream runs its
// shard's nodes as a list.
func (s *Stream) each(o Options, compiled func() int, fn func(*nodefacts.Node)) int {
	if s.facts == nil {
		nodes := s.list
		if s.of != 0 {
			nodes = Shard(nodes, s.index, s.of)
		}
		return nodeList(nodes).each(o, compiled, fn)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	files := s.facts.Files()
	var (
		mu      sync.Mutex
		more    = sync.NewCond(&mu)
		queue   []*nodefacts.Node
		next    int // the next file to read
		reading int // files being read
		found   int // nodes of the shard found so far
		done    int
	)
	progress := func() {
		if o.Progress == nil {
			return
		}
		// The nodes found so far and one a file still unread (of the
		// shard's share): the total is known once every file is read.
		total := found + (files-next+max(s.of, 1)-1)/max(s.of, 1)
		p := Progress{Done: done, Total: total}
		if compiled != nil {
			p.Compiled = compiled()
		}
		o.Progress(p)
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			for {
				switch {
				case len(queue) > 0:
					n := queue[len(queue)-1]
					queue[len(queue)-1] = nil
					queue = queue[:len(queue)-1]
					mu.Unlock()
					fn(n)
					mu.Lock()
					done++
					progress()
				case next < files:
					i := next
					next++
					reading++
					mu.Unlock()
					nodes := s.facts.File(i)
					mu.Lock()
					reading--
					for _, n := range nodes {
						if s.of == 0 || shardIndex(n.Name, s.of) == s.index {
							queue = append(queue, n)
							found++
						}
					}
					more.Broadcast()
				case reading > 0:
					more.Wait() // a file being read may bring nodes
				default:
					more.Broadcast()
					return
				}
			}
		}()
	}
	wg.Wait()
	return found
}
