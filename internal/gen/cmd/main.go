package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/catc-dev/catc/internal/gen"
)

func main() {
	n := flag.Int("n", 1000, "number of resources")
	files := flag.Int("files", 1, "number of resource files")
	dir := flag.String("o", "", "output directory (created)")
	core := flag.Bool("core", false, "only resources of Puppet's core types (file, exec, user, group, package, service), no type block")
	root := flag.String("root", "", "with -core: put this directory before every managed path")
	puppet := flag.Bool("puppet", false, "write DIR/catalog.json, a synthetic Puppet catalog of node_res resources (load fixtures/oracle/types.hcl beside it)")
	nodes := flag.Int("nodes", 0, "generate a fleet of this many nodes (site-old, site-new and facts under DIR)")
	dependent := flag.Int("dependent", 0, "with -nodes: the percentage of resources that depend on the node (default a tenth), reading in turn its certname, data centre, CPU count or address")
	distinct := flag.Int("distinct", 0, "with -nodes: draw the facts the site reads so that about this many distinct inputs exist (the identity apart)")
	unique := flag.Bool("unique", false, "with -nodes -dependent: give every node a data centre of its own, so that every node's catalog is its own")
	classes := flag.Bool("classes", false, "write a random site of classes and defines as DIR/site.pp, DIR/main.hcl and DIR/facts.json (-n core resources on its node)")
	seed := flag.Uint64("seed", 1, "with -classes: the site's seed")
	classCount := flag.Int("class-count", 20, "with -classes: number of classes")
	instances := flag.Int("instances", 10, "with -classes: number of define instances (nested ones included)")
	cycle := flag.Bool("cycle", false, "with -classes: add a dependency cycle through a class")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "gen: -o DIR is required")
		os.Exit(2)
	}
	var out []gen.File
	switch {
	case *classes:
		var err error
		out, err = gen.GenerateClasses(gen.ClassOptions{Seed: *seed, Resources: *n, Classes: *classCount, Instances: *instances, Cycle: *cycle})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	case *puppet:
		out = []gen.File{{Name: "catalog.json", Src: gen.PuppetCatalog(*n)}}
	case *nodes > 0:
		f := gen.GenerateFleet(gen.FleetOptions{Nodes: *nodes, Resources: *n, Dependent: *dependent, Distinct: *distinct, Unique: *unique})
		for sub, files := range map[string][]gen.File{"site-old": f.Old, "site-new": f.New, "facts": f.Facts} {
			if err := gen.WriteFiles(filepath.Join(*dir, sub), files); err != nil {
				fmt.Fprintln(os.Stderr, "gen:", err)
				os.Exit(1)
			}
		}
		return
	default:
		out = gen.Generate(gen.Options{Resources: *n, Files: *files, Core: *core, Root: *root})
	}
	if err := gen.WriteFiles(*dir, out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
