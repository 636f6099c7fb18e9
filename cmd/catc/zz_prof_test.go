package main

import (
	"io"
	"os"
	"runtime/pprof"
	"testing"

	"github.com/catc-dev/catc/internal/gctune"
)

func TestZZProf(t *testing.T) {
	args := []string{"catc", "plan", os.Getenv("SITE")}
	if f := os.Getenv("FACTS"); f != "" {
		args = []string{"catc", "plan", "--facts", f, os.Getenv("SITE")}
	}
	defer gctune.One()()
	pf, _ := os.Create(os.Getenv("PROF"))
	pprof.StartCPUProfile(pf)
	run(args, io.Discard, io.Discard)
	pprof.StopCPUProfile()
}
