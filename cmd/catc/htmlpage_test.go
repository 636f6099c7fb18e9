package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestGraphHTML: --format html writes one page, laid out by Graphviz
// through the SVG renderer (its layout as data, no SVG) up to
// htmlpage.GraphvizLimit resources and by the page beyond it or when no
// renderer is installed (saying so).
func TestGraphHTML(t *testing.T) {
	web := testutil.Fixture("graph", "web")
	read := func(t *testing.T, path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	t.Run("graphviz", func(t *testing.T) {
		t.Setenv("CATC_SVG", buildSVGRenderer(t))
		out := filepath.Join(t.TempDir(), "graph.html")
		if code, _, stderr := runGraph(t, web, "--format", "html", "-o", out); code != 0 {
			t.Fatalf("exit code %d:\n%s", code, stderr)
		}
		page := read(t, out)
		for _, want := range []string{"<!DOCTYPE html>", `"graphviz":{"box":[`, `"Service[webapp-gunicorn]"`, "</html>\n"} {
			if !strings.Contains(page, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		if strings.Contains(page, `"layout":`) || strings.Contains(page, "<template") || strings.Contains(page, "<script src") || strings.Contains(page, "http://") && !strings.Contains(page, "http://www.w3.org/") {
			t.Error("the page carries a layout of its own, Graphviz's SVG, or fetches something")
		}
	})
	t.Run("no renderer", func(t *testing.T) {
		t.Setenv("CATC_SVG", "/nonexistent/catc-svg")
		code, stdout, stderr := runGraph(t, web, "--format", "html")
		if code != 0 || !strings.Contains(stdout, `"layout":{`) || strings.Contains(stdout, `"graphviz":`) {
			t.Fatalf("exit code %d, stderr %q; want the page's own layout", code, stderr)
		}
		if !strings.Contains(stderr, "laid out without Graphviz") {
			t.Errorf("stderr %q does not say the page was laid out without Graphviz", stderr)
		}
	})
	t.Run("past the Graphviz limit", func(t *testing.T) {
		dir := t.TempDir()
		for _, f := range gen.Generate(gen.Options{Resources: 2005, Files: 2}) {
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Setenv("CATC_SVG", "/nonexistent/catc-svg")
		code, stdout, stderr := runGraph(t, dir, "--format", "html")
		if code != 0 || !strings.Contains(stdout, `"layout":{`) || stderr != "" {
			t.Fatalf("exit code %d, stderr %q; want the page's own layout and no note", code, stderr)
		}
	})
}

// TestDiffHTML: diff --format html writes the page of one diff; a fleet
// diff has no page.
func TestDiffHTML(t *testing.T) {
	dir := testutil.Fixture("diff", "edges")
	code, stdout, stderr := runCatc(t, "diff", filepath.Join(dir, "old"), filepath.Join(dir, "new"), "--format", "html")
	if code != 0 {
		t.Fatalf("exit code %d:\n%s", code, stderr)
	}
	for _, want := range []string{`"diff":true`, `"Package[logrotate]"`, `"removed"`, `"moved"`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	code, _, stderr = runCatc(t, "diff", "--format", "html", "--nodes", dir, filepath.Join(dir, "old"), filepath.Join(dir, "new"))
	if code != 1 || !strings.Contains(stderr, "--format html draws one diff") {
		t.Errorf("--nodes with html: exit code %d, stderr %q", code, stderr)
	}
}
