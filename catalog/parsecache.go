package catalog

import (
	"bytes"
	"sync"
)

// ParseCache keeps what parsing each file yielded between loads, so that
// a load that sees a file again with the same content does not parse it
// again. The language server reloads the whole workspace on every edit;
// with a cache only the edited file is parsed (parsing is two thirds of
// a load). Everything after parsing (types, values, references) is still
// computed afresh, so the result is exactly that of an uncached load.
//
// A cache holds the files of the last load that used it only: files not
// seen in that load are forgotten, which bounds its memory by the
// workspace. It is safe for concurrent use, but loads sharing one cache
// should see the same file set.
type ParseCache struct {
	mu    sync.Mutex
	files map[string]cachedParse
	// reparsed is the number of files the last load parsed.
	reparsed int
}

type cachedParse struct {
	src []byte
	p   *parsed
}

// NewParseCache returns an empty cache.
func NewParseCache() *ParseCache { return &ParseCache{files: map[string]cachedParse{}} }

// Reparsed reports how many files the last load through the cache parsed
// (the others came from the cache); tests and benchmarks check it.
func (pc *ParseCache) Reparsed() int {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.reparsed
}

// lookup splits files into those the cache holds with the same content
// (hits[i] non-nil) and the rest.
func (pc *ParseCache) lookup(files []*sourceFile) []*parsed {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	hits := make([]*parsed, len(files))
	for i, f := range files {
		if e, ok := pc.files[f.name]; ok && bytes.Equal(e.src, f.src) {
			hits[i] = e.p
		}
	}
	return hits
}

// store replaces the cache's content with the files of one load.
func (pc *ParseCache) store(files []*sourceFile, results []*parsed, reparsed int) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	pc.files = make(map[string]cachedParse, len(files))
	for i, f := range files {
		pc.files[f.name] = cachedParse{src: f.src, p: results[i]}
	}
	pc.reparsed = reparsed
}

// parseCached is parseAll through the cache (nil: no cache). Parsed
// results are only read by the later stages, so one can serve many loads.
func parseCached(files []*sourceFile, workers int, pc *ParseCache) []*parsed {
	if pc == nil {
		return parseAll(files, workers)
	}
	hits := pc.lookup(files)
	var missing []*sourceFile
	for i, f := range files {
		if hits[i] == nil {
			missing = append(missing, f)
		}
	}
	fresh := parseAll(missing, workers)
	out := make([]*parsed, len(files))
	j := 0
	for i := range files {
		if hits[i] != nil {
			out[i] = hits[i]
			continue
		}
		out[i] = fresh[j]
		j++
	}
	pc.store(files, out, len(missing))
	return out
}
