package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/puppetdb/pdbtest"
)

// BenchmarkPuppetDBFleetDiff: catc diff of 1,000 nodes' current catalogs
// (internal/gen's Puppet fleet, 10 classes each) against a directory of
// new ones, the old side read from PuppetDB over TLS ("puppetdb") or
// from the same answers saved as files ("files"). (The README has the
// figures; go test -run '^$' -bench PuppetDBFleetDiff ./cmd/catc.)
func BenchmarkPuppetDBFleetDiff(b *testing.B) {
	s := pdbtest.Get(b)
	if err := s.DeactivateAll(); err != nil {
		b.Fatal(err)
	}
	f := gen.GeneratePuppetFleet(gen.PuppetFleetOptions{Nodes: 1000, Classes: 10})
	dir := b.TempDir()
	oldDir, newDir := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	for _, d := range []string{oldDir, newDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	for _, file := range f.New {
		if err := os.WriteFile(filepath.Join(newDir, file.Name), file.Src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.ReplaceCatalogs(f.Old); err != nil {
		b.Fatal(err)
	}
	err := pdbtest.Each(len(f.Old), 8, func(i int) error {
		resp, err := http.Get(s.HTTPURL + "/pdb/query/v4/catalogs/" + strings.TrimSuffix(f.Old[i].Name, ".json"))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(oldDir, f.Old[i].Name), data, 0o644)
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, side := range []struct{ name, old string }{{"files", oldDir}, {"puppetdb", "puppetdb:"}} {
		b.Run(side.name, func(b *testing.B) {
			for b.Loop() {
				var out, errOut strings.Builder
				code := run(append([]string{"catc", "diff", "--format", "json", side.old, newDir}, pdbFlags(s)...), &out, &errOut)
				if code != 0 || !strings.Contains(out.String(), `"nodes": 1000`) {
					b.Fatalf("exit %d: %s", code, errOut.String())
				}
			}
		})
	}
}
