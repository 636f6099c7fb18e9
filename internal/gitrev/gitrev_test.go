package gitrev

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExtract reads a directory and a file at the previous commit: the
// directory's *.hcl files only (no symbolic link, no other file), the
// content of then, a path that did not exist then left out, and the
// extracted files named as the user would at the revision.
func TestExtract(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	run(t, repo, "init", "-q")
	write(t, filepath.Join(repo, "site", "a.hcl"), "old a\n")
	write(t, filepath.Join(repo, "site", "sub", "b.hcl"), "old b\n")
	write(t, filepath.Join(repo, "site", "notes.txt"), "not HCL\n")
	if err := os.Symlink("a.hcl", filepath.Join(repo, "site", "link.hcl")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(repo, "one.hcl"), "old one\n")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-q", "-m", "old")
	write(t, filepath.Join(repo, "site", "a.hcl"), "new a\n")
	write(t, filepath.Join(repo, "later.hcl"), "new\n")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-q", "-m", "new")

	r, err := Find(filepath.Join(repo, "site", "sub")) // from a directory in the working tree
	if err != nil {
		t.Fatal(err)
	}
	if !r.IsCommit("HEAD~1") || r.IsCommit("HEAD~5") {
		t.Errorf("IsCommit: HEAD~1 %v, HEAD~5 %v", r.IsCommit("HEAD~1"), r.IsCommit("HEAD~5"))
	}
	dir := t.TempDir()
	site, one, later := filepath.Join(repo, "site"), filepath.Join(repo, "one.hcl"), filepath.Join(repo, "later.hcl")
	tree, err := r.Extract("HEAD~1", []string{site, later, one}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(dir, "site"), filepath.Join(dir, "one.hcl")}; strings.Join(tree.Paths, ",") != strings.Join(want, ",") {
		t.Errorf("paths %q, want %q", tree.Paths, want)
	}
	var got []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			got = append(got, tree.Name(p)+"="+strings.TrimSpace(string(b)))
		}
		return err
	})
	want := []string{
		"HEAD~1:" + filepath.ToSlash(one) + "=old one",
		"HEAD~1:" + filepath.ToSlash(filepath.Join(site, "a.hcl")) + "=old a",
		"HEAD~1:" + filepath.ToSlash(filepath.Join(site, "sub", "b.hcl")) + "=old b",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("extracted:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := tree.Name("/elsewhere/x.hcl"); n != "/elsewhere/x.hcl" {
		t.Errorf("a file not extracted is renamed %q", n)
	}
	if _, err := r.Extract("HEAD", []string{t.TempDir()}, dir); err == nil || !strings.Contains(err.Error(), "is outside the git working tree at") {
		t.Errorf("a path outside the repository: %v", err)
	}
}

// TestFindOutside: a directory in no working tree is an error.
func TestFindOutside(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	if _, err := Find(t.TempDir()); err == nil {
		t.Error("Find outside a working tree: no error")
	}
}

// TestExtractRefusesDotDot: a revision whose tree was made by hand with
// ".." entries (git never checks such a path out) cannot make Extract
// write a file outside its directory.
func TestExtractRefusesDotDot(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	run(t, repo, "init", "-q")
	git := func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Stdin = repo, strings.NewReader(stdin)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
	tree := git("100644 blob "+git("x = 1\n", "hash-object", "-w", "--stdin")+"\tescaped.hcl\n", "mktree")
	for range 2 {
		tree = git("040000 tree "+tree+"\t..\n", "mktree")
	}
	commit := git("", "commit-tree", "-m", "by hand", git("040000 tree "+tree+"\tsite\n", "mktree"))
	r, err := Find(repo)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "a", "b")
	_, err = r.Extract(commit, []string{filepath.Join(repo, "site")}, dir)
	if err == nil || !strings.Contains(err.Error(), "is not a path git would check out") {
		t.Errorf("Extract of a tree with .. entries: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "escaped.hcl")); err == nil {
		t.Error("Extract wrote outside its directory")
	}
}

// TestExtractMatching reads a directory of per-node catalogs at the
// previous commit: the files keep chooses (NODE.json, in any case), not
// the others, each with its content of then.
func TestExtractMatching(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	run(t, repo, "init", "-q")
	write(t, filepath.Join(repo, "catalogs", "a.json"), "old a\n")
	write(t, filepath.Join(repo, "catalogs", "B.JSON"), "old b\n")
	write(t, filepath.Join(repo, "catalogs", "types.hcl"), "not a catalog\n")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-q", "-m", "old")
	write(t, filepath.Join(repo, "catalogs", "a.json"), "new a\n")
	run(t, repo, "commit", "-q", "-am", "new")
	r, err := Find(repo)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	isJSON := func(name string) bool { return strings.EqualFold(filepath.Ext(name), ".json") }
	tree, err := r.ExtractMatching("HEAD~1", []string{filepath.Join(repo, "catalogs")}, dir, isJSON)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	entries, _ := os.ReadDir(filepath.Join(dir, "catalogs"))
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, "catalogs", e.Name()))
		got = append(got, e.Name()+"="+strings.TrimSpace(string(b)))
	}
	if strings.Join(got, ",") != "B.JSON=old b,a.json=old a" || len(tree.Paths) != 1 {
		t.Errorf("extracted %q into %q", got, tree.Paths)
	}
}

// TestNameNested: a file under two of the paths given, one inside the
// other and spelled another way, is named by the inner one on every run.
func TestNameNested(t *testing.T) {
	tree := &Tree{Rev: "R", rename: map[string]string{
		filepath.Join("/tmp", "x", "site"):        "site",
		filepath.Join("/tmp", "x", "site", "sub"): filepath.Join("/home", "me", "repo", "site", "sub"),
	}}
	want := "R:" + filepath.ToSlash(filepath.Join("/home", "me", "repo", "site", "sub", "b.hcl"))
	for range 50 {
		if got := tree.Name(filepath.Join("/tmp", "x", "site", "sub", "b.hcl")); got != want {
			t.Fatalf("named %q, want %q", got, want)
		}
	}
	if got := tree.Name(filepath.Join("/tmp", "x", "site", "a.hcl")); got != "R:site/a.hcl" {
		t.Errorf("named %q, want R:site/a.hcl", got)
	}
}
