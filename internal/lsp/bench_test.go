package lsp

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/testutil"
)

// benchWorkspace is a generated workspace of n resources in files files.
func benchWorkspace(b *testing.B, n, files int) map[string]string {
	b.Helper()
	out := map[string]string{}
	for _, f := range gen.Generate(gen.Options{Resources: n, Files: files}) {
		out[f.Name] = string(f.Src)
	}
	return out
}

// BenchmarkFirstDiagnostics: from initialize to the first diagnostics of
// an opened file, on 10,000 resources in 100 files.
func BenchmarkFirstDiagnostics(b *testing.B) {
	files := benchWorkspace(b, 10000, 100)
	root := b.TempDir()
	testutil.WriteFiles(b, root, files)
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		c := connect(b, root, nil)
		c.open("res-00050.hcl", files["res-00050.hcl"]+"resource \"nothing\" \"x\" {}\n")
		if len(c.waitDiags("res-00050.hcl", 1)) != 1 {
			b.Fatal("want one diagnostic")
		}
		times = append(times, time.Since(start))
		b.StopTimer()
		c.close()
		b.StartTimer()
	}
	b.StopTimer()
	reportPercentiles(b, times)
}

// BenchmarkEdit: a one-character edit in one file of 10,000 resources
// (100 files), until the editor has that edit's diagnostics (the value
// made invalid, then valid again: one diagnostic, then none); reports the
// median and the 95th percentile. Each edit finds the server idle, as a
// keystroke does (a hover answered first: requests are handled in
// order), so the time is the edit's own, not the rest of the last one's
// work.
func BenchmarkEdit(b *testing.B) {
	files := benchWorkspace(b, 10000, 100)
	c := startClient(b, files, nil)
	name := "res-00050.hcl"
	text := files[name]
	c.open(name, text)
	c.waitDiags(name, 1)
	// A service's ensure is Enum[running, stopped]: "runninx" is one
	// error. (A file's ensure takes any string: a link's target.)
	at := strings.Index(text, `ensure    = "running"`) + len(`ensure    = "runnin`)
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch := "g"
		if i%2 == 0 {
			ch = "x" // an invalid value: the diagnostic comes and goes
		}
		var hover any
		c.call(protocol.MethodTextDocumentHover, c.textPos(name, 0, 0), &hover)
		start := time.Now()
		p := newLineIndex([]byte(text)).position(at)
		end := p
		end.Character++
		c.notify(protocol.MethodTextDocumentDidChange, map[string]any{
			"textDocument":   map[string]any{"uri": c.uri(name), "version": i + 2},
			"contentChanges": []map[string]any{{"range": protocol.Range{Start: p, End: end}, "text": ch}},
		})
		got := c.waitDiags(name, i+2)
		times = append(times, time.Since(start))
		if want := 1 - i%2; len(got) != want {
			b.Fatalf("edit %d: %d diagnostics, want %d", i, len(got), want)
		}
	}
	b.StopTimer()
	reportPercentiles(b, times)
	reportRSS(b)
}

func reportPercentiles(b *testing.B, times []time.Duration) {
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if len(times) == 0 {
		return
	}
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
}

// reportRSS reports the process's peak resident memory (the test process
// holds the server, the client and the test: an upper bound).
func reportRSS(b *testing.B) {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.Atoi(f[1])
			b.ReportMetric(float64(kb)/1024, "peak-RSS-MB")
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
}

// BenchmarkCompletion: attribute names in a resource body, and the
// references after require (20,000 items: every resource in both forms).
func BenchmarkCompletion(b *testing.B) {
	files := benchWorkspace(b, 10000, 100)
	c := startClient(b, files, nil)
	name := filepath.Join("res-00050.hcl")
	text := files[name] + "resource \"file\" \"/new\" {\n  \n  require = []\n}\n"
	c.open(name, text)
	c.waitDiags(name, 1)
	li := newLineIndex([]byte(text))
	for _, bc := range []struct {
		name string
		off  int
	}{
		{"attributes", strings.LastIndex(text, "{\n  \n") + 4},
		{"references", strings.LastIndex(text, "[]") + 1},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var times []time.Duration
			for i := 0; i < b.N; i++ {
				start := time.Now()
				var list protocol.CompletionList
				c.call(protocol.MethodTextDocumentCompletion, c.at(name, li.position(bc.off)), &list)
				times = append(times, time.Since(start))
				if len(list.Items) == 0 {
					b.Fatal("no items")
				}
			}
			reportPercentiles(b, times)
		})
	}
}

// processStream is a child's standard output and input as one stream.
type processStream struct {
	io.ReadCloser
	io.WriteCloser
}

func (p processStream) Close() error {
	p.WriteCloser.Close()
	return p.ReadCloser.Close()
}

// BenchmarkProcessMemory runs the real `catc lsp` process on 10,000
// resources (100 files): first diagnostics, edits, completions; reports
// its peak resident memory (VmHWM) and the time to the first diagnostics.
func BenchmarkProcessMemory(b *testing.B) {
	bin := buildCatc(b)
	files := benchWorkspace(b, 10000, 100)
	root := b.TempDir()
	testutil.WriteFiles(b, root, files)
	for i := 0; i < b.N; i++ {
		start := time.Now()
		cmd := exec.Command(bin, "lsp")
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		ctx, cancel := context.WithCancel(context.Background())
		c := connectStream(b, ctx, cancel, processStream{stdout, stdin}, done, root, nil)
		name := "res-00050.hcl"
		text := files[name]
		c.open(name, text)
		c.waitDiags(name, 1)
		first := time.Since(start)
		for e := 0; e < 50; e++ {
			c.change(name, e+2, text+strings.Repeat(" ", e))
			c.waitDiags(name, e+2)
			var list protocol.CompletionList
			c.call(protocol.MethodTextDocumentCompletion, c.at(name, pos(2, 2)), &list)
		}
		b.ReportMetric(float64(first.Milliseconds()), "first-diagnostics-ms")
		if raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)); err == nil {
			for _, line := range strings.Split(string(raw), "\n") {
				if f := strings.Fields(line); len(f) >= 2 && (f[0] == "VmHWM:" || f[0] == "VmRSS:") {
					kb, _ := strconv.Atoi(f[1])
					b.ReportMetric(float64(kb)/1024, strings.TrimSuffix(f[0], ":")+"-MB")
				}
			}
		}
		c.close()
	}
}
