package gen

import (
	"fmt"
	"strings"
)

// PuppetCatalog is a synthetic Puppet catalog (JSON, format 2) of n
// resources of the oracle's node_res type (fixtures/oracle/types.hcl), in
// the shape of the oracle's `gen.py synth --format catalog`: Stage[main]
// and Class[main] contain every resource; each one names one or two of
// the 300 resources before it in `deps` (its auto rule) and a third of
// them require one or two more. Resources are read and planned with that
// types file loaded beside. The output depends only on n.
func PuppetCatalog(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"tags":["settings"],"name":"synth","version":1,"code_id":null,"catalog_uuid":"00000000-0000-0000-0000-000000000000","catalog_format":2,"environment":"production","resources":[`)
	b.WriteString(`{"type":"Stage","title":"main","tags":["stage"],"exported":false,"kind":"compilable_type","parameters":{"name":"main"}},`)
	b.WriteString(`{"type":"Class","title":"Settings","tags":["class","settings"],"exported":false,"kind":"unknown"},`)
	b.WriteString(`{"type":"Class","title":"main","tags":["class"],"exported":false,"kind":"unknown","parameters":{"name":"main"}}`)
	rnd := uint64(1)
	next := func(k int) int { // xorshift: a fixed sequence, no global state
		rnd ^= rnd << 13
		rnd ^= rnd >> 7
		rnd ^= rnd << 17
		return int(rnd % uint64(k))
	}
	earlier := func(i int) string { return fmt.Sprintf("n%06d", max(0, i-1-next(min(i, 300)))) }
	for i := range n {
		fmt.Fprintf(&b, `,{"type":"Node_res","title":"n%06d","tags":["node_res","class"],"exported":false,"kind":"compilable_type"`, i)
		if i > 0 {
			deps := []string{earlier(i)}
			if next(2) == 0 {
				deps = append(deps, earlier(i))
			}
			fmt.Fprintf(&b, `,"parameters":{"deps":["%s"]`, strings.Join(deps, `","`))
			if next(3) == 0 {
				fmt.Fprintf(&b, `,"require":["Node_res[%s]"`, earlier(i))
				if next(2) == 0 {
					fmt.Fprintf(&b, `,"Node_res[%s]"`, earlier(i))
				}
				b.WriteString("]")
			}
			b.WriteString("}")
		}
		b.WriteString("}")
	}
	b.WriteString(`],"edges":[{"source":"Stage[main]","target":"Class[Settings]"},{"source":"Stage[main]","target":"Class[main]"}`)
	for i := range n {
		fmt.Fprintf(&b, `,{"source":"Class[main]","target":"Node_res[n%06d]"}`, i)
	}
	b.WriteString(`],"classes":["settings"]}` + "\n")
	return []byte(b.String())
}
