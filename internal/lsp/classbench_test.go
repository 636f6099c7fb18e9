package lsp

import (
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/gen"
)

// BenchmarkClassNavigation: on a generated site of 20,000 resources in
// 400 classes and 4,000 define instances (one file), the first hover of
// a class after an edit (the site index of the changed file is made
// then) and a definition.
func BenchmarkClassNavigation(b *testing.B) {
	gfiles, err := gen.GenerateClasses(gen.ClassOptions{Seed: 1, Resources: 20000, Classes: 400, Instances: 4000})
	if err != nil {
		b.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range gfiles {
		if strings.HasSuffix(f.Name, ".hcl") {
			files[f.Name] = string(f.Src)
		}
	}
	c := startClient(b, files, nil)
	name := "main.hcl"
	text := files[name]
	i := strings.Index(text, "include \"")
	if i < 0 {
		b.Fatal("no include in the generated site")
	}
	at := c.at(name, newLineIndex([]byte(text)).position(i+10))
	c.open(name, text)
	c.waitDiags(name, 1)
	var hoverTimes, defTimes []time.Duration
	for n := 0; n < b.N; n++ {
		text += "\n"
		c.change(name, n+2, text)
		c.waitDiags(name, n+2)
		start := time.Now()
		var h *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, at, &h)
		hoverTimes = append(hoverTimes, time.Since(start))
		if h == nil {
			b.Fatal("no hover")
		}
		start = time.Now()
		var locs []protocol.Location
		c.call(protocol.MethodTextDocumentDefinition, at, &locs)
		defTimes = append(defTimes, time.Since(start))
		if len(locs) != 1 {
			b.Fatalf("%d definitions", len(locs))
		}
	}
	reportPercentiles(b, hoverTimes)
	b.ReportMetric(float64(defTimes[len(defTimes)/2].Microseconds())/1000, "def-ms")
}
