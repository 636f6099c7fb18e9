package inputfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRead reads the two shapes of input whose speed matters: the
// flat 100,000-resource site's one 12 MB file, and one of a Hiera
// fleet's thousands of small data files (2,161 for a fleet of 1,000
// nodes), each at the depth a site keeps it, through each of the reads
// that meet it.
func BenchmarkRead(b *testing.B) {
	root := RealDir(b.TempDir())
	write := func(rel string, data []byte) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		return p
	}
	flat := write("site/all.hcl", bytes.Repeat([]byte("resource \"file\" \"/etc/x\" { ensure = \"present\" }\n"), 12<<20/50))
	small := write("site/hiera/data/nodes/node-0001.example.com.yaml", bytes.Repeat([]byte("k1: \"nodes-1-1\"\n"), 4))
	roots := []string{filepath.Join(root, "site")}
	for _, c := range []struct {
		name string
		read func() ([]byte, error)
	}{
		{"12MB/ReadResolved", func() ([]byte, error) { return ReadResolved(flat) }},
		{"12MB/ReadIn", func() ([]byte, error) { return ReadIn(flat, roots) }},
		{"small/ReadResolved", func() ([]byte, error) { return ReadResolved(small) }},
		{"small/ReadIn", func() ([]byte, error) { return ReadIn(small, roots) }},
		{"small/Read", func() ([]byte, error) { return Read(small) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.read(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
