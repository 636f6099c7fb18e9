package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gctune"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/pool"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// BenchmarkPlanSites is `catc plan` of the generated sites of the speed
// targets, without the output: load (parse, evaluate, compile, model)
// then Plan (graph and order), with the collector tuned as catc's batch
// commands tune it for one catalog. flat is the generator's flat site
// (go run ./internal/gen/cmd -n N), classes the site of classes and
// defines (-classes -seed 7 -n N -class-count N/50 -instances N/5),
// compiled for its node. load-ms/op and plan-ms/op split the time; the
// process's peak memory is /usr/bin/time -v's on catc itself. The 100k
// sites are skipped with -short:
//
//	go test ./internal/pipeline -run '^$' -bench PlanSites -benchtime 3x
func BenchmarkPlanSites(b *testing.B) {
	defer gctune.One()()
	for _, n := range []int{10_000, 100_000} {
		for _, kind := range []string{"flat", "classes"} {
			b.Run(kind+"/"+strconv.Itoa(n/1000)+"k", func(b *testing.B) {
				if n > 10_000 && testing.Short() {
					b.Skip("100,000 resources: not with -short")
				}
				dir, opts := writeSite(b, kind, n)
				b.ReportAllocs()
				b.ResetTimer()
				var load, plan time.Duration
				for b.Loop() {
					t0 := time.Now()
					cat, diags := compiler.Load([]string{dir}, opts)
					if diags.HasErrors() {
						b.Fatal(diags.Error())
					}
					t1 := time.Now()
					_, p, cycles := Plan(cat, graph.Ordering{})
					if len(cycles) > 0 || !p.Complete() {
						b.Fatalf("%d cycles", len(cycles))
					}
					load, plan = load+t1.Sub(t0), plan+time.Since(t1)
				}
				b.ReportMetric(float64(load.Milliseconds())/float64(b.N), "load-ms/op")
				b.ReportMetric(float64(plan.Milliseconds())/float64(b.N), "plan-ms/op")
			})
		}
	}
}

// writeSite writes the generated site kind of n resources under a
// temporary directory: its HCL only (the classes site's Puppet twin is
// not read), and the load options that compile it (the node of its
// facts).
func writeSite(b *testing.B, kind string, n int) (string, compiler.LoadOptions) {
	b.Helper()
	dir := b.TempDir()
	var files []gen.File
	if kind == "flat" {
		files = gen.Generate(gen.Options{Resources: n})
	} else {
		var err error
		files, err = gen.GenerateClasses(gen.ClassOptions{Seed: 7, Resources: n, Classes: n / 50, Instances: n / 5})
		if err != nil {
			b.Fatal(err)
		}
	}
	var opts compiler.LoadOptions
	for _, f := range files {
		name := filepath.Join(dir, f.Name)
		if f.Name == "facts.json" {
			name = filepath.Join(b.TempDir(), f.Name)
		}
		if strings.HasSuffix(f.Name, ".pp") {
			continue
		}
		if err := os.WriteFile(name, f.Src, 0o644); err != nil {
			b.Fatal(err)
		}
		if f.Name == "facts.json" {
			node, diags := nodefacts.ReadOne(name)
			if diags.HasErrors() {
				b.Fatal(diags.Error())
			}
			opts.Node = node
		}
	}
	return dir, opts
}

// BenchmarkHCLSyntaxOnly is the floor under BenchmarkPlanSites/flat:
// hclsyntax alone parsing the same generated site, cut into ~4 KiB
// chunks at top-level blocks as the compiler cuts a big file, on every
// core, keeping nothing. What catc does beyond it (checking, building,
// resolving, the graph, the order) is the flat site's time minus this
// one's:
//
//	go test ./internal/pipeline -run '^$' -bench 'HCLSyntaxOnly|PlanSites/flat/100k' -benchtime 3x
func BenchmarkHCLSyntaxOnly(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("100,000 resources: not with -short")
			}
			dir, _ := writeSite(b, "flat", n)
			chunks := siteChunks(b, dir)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				failed := make([]bool, len(chunks))
				pool.For(len(chunks), 0, 1, func(i int) {
					_, diags := hclsyntax.ParseConfig(chunks[i], "site.hcl", hcl.InitialPos)
					failed[i] = diags.HasErrors()
				})
				if slices.Contains(failed, true) {
					b.Fatal("a chunk does not parse")
				}
			}
		})
	}
}

// siteChunks are the .hcl files of dir cut before a `resource` line
// that follows a line holding just "}", once a chunk has 4 KiB.
func siteChunks(b *testing.B, dir string) [][]byte {
	b.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.hcl"))
	var chunks [][]byte
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		for len(src) > 0 {
			cut := len(src)
			if at := bytes.Index(src[min(4<<10, len(src)):], []byte("}\n\nresource ")); at >= 0 {
				cut = min(4<<10, len(src)) + at + 3
			}
			chunks = append(chunks, src[:cut])
			src = src[cut:]
		}
	}
	return chunks
}
