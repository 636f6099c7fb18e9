package gitrev

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// repoWith is a new working tree whose one commit holds files.
func repoWith(t *testing.T, files map[string]string) string {
	t.Helper()
	repo := t.TempDir()
	run(t, repo, "init", "-q")
	for name, content := range files {
		write(t, filepath.Join(repo, filepath.FromSlash(name)), content)
	}
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-q", "-m", "files")
	return repo
}

// gitOut runs git in dir and returns its trimmed output.
func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

// repoMissingBlob is a working tree whose HEAD~1 holds site/a.hcl in a
// blob the object store lacks, as a partial clone lacks the blobs of
// revisions it did not check out, and whose configuration makes it such
// a clone: reading that blob makes git fetch it from the promisor
// remote "origin". It returns the repository and the blob's id.
func repoMissingBlob(t *testing.T) (string, string) {
	t.Helper()
	repo := repoWith(t, map[string]string{"site/a.hcl": "old a\n"})
	write(t, filepath.Join(repo, "site", "a.hcl"), "new a\n")
	run(t, repo, "commit", "-q", "-am", "new")
	blob := gitOut(t, repo, "rev-parse", "HEAD~1:site/a.hcl")
	if err := os.Remove(filepath.Join(repo, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err)
	}
	for _, kv := range [][2]string{
		{"core.repositoryformatversion", "1"},
		{"extensions.partialClone", "origin"},
		{"remote.origin.promisor", "true"},
		{"remote.origin.partialclonefilter", "blob:none"},
	} {
		run(t, repo, "config", kv[0], kv[1])
	}
	return repo, blob
}

// TestNoConfigRunsAProgram: the repository's own configuration (as a
// checkout unpacked from someone's archive could bring) names a program
// in every way git 2.39 would run one for catc's reads: a lazy fetch of
// the missing blob through a local remote's uploadpack (a path, file://,
// with protocol.file.allow=always against catc's protocol.allow=never),
// the ext:: transport, ssh's core.sshCommand, and the file system
// monitor and hooks on the way. Extract reports the missing blob and
// nothing runs; so does cat-file asked for it directly (the fetch that
// checkPresent forestalls is refused too).
func TestNoConfigRunsAProgram(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	for _, tc := range []struct {
		name   string
		config func(repo, script string) [][2]string
	}{
		{"uploadpack, local path", func(repo, script string) [][2]string {
			return [][2]string{{"remote.origin.url", repo}, {"remote.origin.uploadpack", script + "; git-upload-pack"}}
		}},
		{"uploadpack, file://", func(repo, script string) [][2]string {
			return [][2]string{{"remote.origin.url", "file://" + repo}, {"remote.origin.uploadpack", script + "; git-upload-pack"}}
		}},
		{"uploadpack, protocol.file.allow=always", func(repo, script string) [][2]string {
			return [][2]string{{"remote.origin.url", repo}, {"remote.origin.uploadpack", script + "; git-upload-pack"},
				{"protocol.file.allow", "always"}, {"protocol.allow", "always"}}
		}},
		{"ext:: transport", func(repo, script string) [][2]string {
			return [][2]string{{"remote.origin.url", "ext::" + script}, {"protocol.ext.allow", "always"}}
		}},
		{"core.sshCommand", func(repo, script string) [][2]string {
			return [][2]string{{"remote.origin.url", "ssh://example.invalid/x.git"}, {"core.sshCommand", script},
				{"protocol.ssh.allow", "always"}}
		}},
		{"core.fsmonitor and core.hooksPath", func(repo, script string) [][2]string {
			hooks := filepath.Dir(script)
			for _, h := range []string{"reference-transaction", "post-checkout", "post-index-change", "pre-auto-gc", "post-merge", "fsmonitor-watchman"} {
				data, _ := os.ReadFile(script)
				write(t, filepath.Join(hooks, h), string(data))
				os.Chmod(filepath.Join(hooks, h), 0o755)
			}
			return [][2]string{{"remote.origin.url", repo}, {"core.fsmonitor", script}, {"core.hooksPath", hooks},
				{"remote.origin.uploadpack", script + "; git-upload-pack"}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			repo, blob := repoMissingBlob(t)
			marker := filepath.Join(t.TempDir(), "PWNED")
			for _, kv := range tc.config(repo, testutil.Payload(t, marker)) {
				run(t, repo, "config", kv[0], kv[1])
			}
			r, err := Find(repo)
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.Extract("HEAD~1", []string{filepath.Join(repo, "site")}, t.TempDir())
			var missing *MissingError
			if !errors.As(err, &missing) || missing.First != blob || !strings.Contains(err.Error(), "git fetch --refetch --no-filter origin") {
				t.Errorf("Extract of a missing blob: %v", err)
			}
			err = r.catBlobs("HEAD~1", []string{blob}, []string{"site/a.hcl"}, t.TempDir())
			if !errors.As(err, &missing) {
				t.Errorf("cat-file of a missing blob: %v", err)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Fatal("git ran the program the repository's configuration names")
			}
		})
	}
}

// TestEnvironmentIgnored: GIT_ variables in catc's environment (a
// GIT_DIR naming another repository, a work tree, configuration given
// by environment with a file system monitor and a hooks directory, an
// exec path) choose nothing: the working tree found is read as it is.
func TestEnvironmentIgnored(t *testing.T) {
	testutil.Tool(t, "git", "git")
	repo := repoWith(t, map[string]string{"site/a.hcl": "mine\n"})
	other := repoWith(t, map[string]string{"site/a.hcl": "theirs\n"})
	marker := filepath.Join(t.TempDir(), "PWNED")
	script := testutil.Payload(t, marker)
	t.Setenv("GIT_DIR", filepath.Join(other, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	t.Setenv("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='"+script+"' 'core.hookspath'='"+filepath.Dir(script)+"'")
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
	t.Setenv("GIT_CONFIG_VALUE_0", script)
	t.Setenv("GIT_EXEC_PATH", filepath.Dir(script))
	t.Setenv("GIT_SSH_COMMAND", script)

	r, err := Find(repo)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := r.Extract("HEAD", []string{filepath.Join(repo, "site")}, dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "site", "a.hcl")); string(b) != "mine\n" {
		t.Errorf("read %q, want the working tree's own \"mine\\n\"", b)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("git ran a program the environment names")
	}
}

// TestNestedRepositoryRefused: a path to compare that is, holds, or lies
// below another repository (the attack commits HEAD, config, objects/
// and refs/ into site/) is refused, whatever the shape; and Find refuses
// to start from a directory shaped as a git directory.
func TestNestedRepositoryRefused(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	gitDirShape := map[string]string{"HEAD": "ref: refs/heads/main\n", "config": "[core]\n\tbare = false\n", "objects/info/x": "", "refs/heads/main": "0000000000000000000000000000000000000000\n"}
	for _, tc := range []struct {
		name  string
		files map[string]string // under site/
		path  string            // given, under the repository
	}{
		{"site shaped as a git directory", gitDirShape, "site"},
		{"a directory inside shaped as one", prefixed("sub/", gitDirShape), "site"},
		{"a file below one", gitDirShape, "site/a.hcl"},
		{"a linked worktree's shape (HEAD, commondir)", map[string]string{"HEAD": "ref: refs/heads/main\n", "commondir": "..\n"}, "site"},
		{"a .git file naming a repository elsewhere", map[string]string{".git": "gitdir: /tmp\n"}, "site"},
		{"a .git directory", map[string]string{".git/HEAD": "ref: refs/heads/main\n"}, "site"},
		{"a .git directory deeper down", map[string]string{"x/y/.git/HEAD": "ref: refs/heads/main\n"}, "site"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			repo := repoWith(t, map[string]string{"site/a.hcl": "a\n"})
			for name, content := range tc.files {
				write(t, filepath.Join(repo, "site", filepath.FromSlash(name)), content)
			}
			r, err := Find(repo)
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.Extract("HEAD", []string{filepath.Join(repo, filepath.FromSlash(tc.path))}, t.TempDir())
			if !IsNested(err) || !strings.Contains(err.Error(), "a git repository nested in the working tree") {
				t.Errorf("Extract: %v", err)
			}
		})
	}
	t.Run("Find from inside one", func(t *testing.T) {
		t.Parallel()
		repo := t.TempDir()
		run(t, repo, "init", "-q")
		for name, content := range gitDirShape {
			write(t, filepath.Join(repo, "site", filepath.FromSlash(name)), content)
		}
		if _, err := Find(filepath.Join(repo, "site", "refs")); err == nil || !strings.Contains(err.Error(), "is shaped as a git directory") {
			t.Errorf("Find: %v", err)
		}
	})
}

func prefixed(prefix string, files map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range files {
		out[prefix+k] = v
	}
	return out
}

// TestFindLinkedWorktree: a working tree made by `git worktree add`,
// whose .git is a file naming its git directory, is found and read.
func TestFindLinkedWorktree(t *testing.T) {
	t.Parallel()
	testutil.Tool(t, "git", "git")
	repo := repoWith(t, map[string]string{"site/a.hcl": "a\n"})
	wt := filepath.Join(t.TempDir(), "wt")
	run(t, repo, "worktree", "add", "-q", wt)
	r, err := Find(filepath.Join(wt, "site"))
	if err != nil || r.Root != wt {
		t.Fatalf("Find: %v, %+v", err, r)
	}
	dir := t.TempDir()
	if _, err := r.Extract("HEAD", []string{filepath.Join(wt, "site")}, dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "site", "a.hcl")); string(b) != "a\n" {
		t.Errorf("read %q", b)
	}
}

// TestPartialClone: in a real partial clone (git clone --filter=blob:none,
// as a CI checkout may be made) the blobs of an earlier revision are not
// there; Extract says so and how to fetch them, and after that fetch it
// reads them.
func TestPartialClone(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	testutil.Tool(t, "git", "git")
	src := t.TempDir()
	run(t, src, "init", "-q")
	run(t, src, "config", "uploadpack.allowFilter", "true")
	write(t, filepath.Join(src, "site", "a.hcl"), "old a\n")
	write(t, filepath.Join(src, "site", "b.hcl"), "b\n")
	run(t, src, "add", ".")
	run(t, src, "commit", "-q", "-m", "old")
	write(t, filepath.Join(src, "site", "a.hcl"), "new a\n")
	run(t, src, "commit", "-q", "-am", "new")
	clone := filepath.Join(t.TempDir(), "clone")
	run(t, src, "clone", "-q", "--filter=blob:none", "file://"+src, clone)

	r, err := Find(clone)
	if err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(clone, "site")
	_, err = r.Extract("HEAD~1", []string{site}, t.TempDir())
	var missing *MissingError
	if !errors.As(err, &missing) || missing.Count != 1 || !strings.Contains(err.Error(), "1 object of site at HEAD~1") {
		t.Fatalf("Extract in a partial clone: %v", err)
	}
	if _, err := r.Extract("HEAD", []string{site}, t.TempDir()); err != nil {
		t.Errorf("the checked-out revision's blobs are there: %v", err)
	}
	// As the error says (no gc left running in the background after it,
	// which would race the removal of the test's directory).
	run(t, clone, "-c", "gc.auto=0", "-c", "maintenance.auto=false", "fetch", "-q", "--refetch", "--no-filter", "origin")
	dir := t.TempDir()
	if _, err := r.Extract("HEAD~1", []string{site}, dir); err != nil {
		t.Fatalf("after the fetch: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "site", "a.hcl")); string(b) != "old a\n" {
		t.Errorf("read %q", b)
	}
}
