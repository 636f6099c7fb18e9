package main

import (
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gctune"
)

func main() {
	defer gctune.One()() // as catc tunes a run over one catalog
	gctune.HugePages()   // and its heap, for a large input
	start := time.Now()
	c, diags := compiler.Load(os.Args[1:], compiler.LoadOptions{})
	elapsed := time.Since(start)
	if diags.HasErrors() {
		w := hcl.NewDiagnosticTextWriter(os.Stderr, c.Files(), 0, false)
		_ = w.WriteDiagnostics(diags)
		os.Exit(1)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%d types, %d resources, %d diagnostics in %v; live heap after load %d MB\n",
		len(c.Types), len(c.Resources), len(diags), elapsed, ms.HeapAlloc>>20)
	runtime.KeepAlive(c)
}
