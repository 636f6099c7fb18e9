package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// attackSite is an HCL site: one type, one resource.
var attackSite = map[string]string{
	"a.hcl": "type \"note\" {\n  desc = \"A note.\"\n  attribute \"name\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"Its name.\"\n  }\n}\n\nresource \"note\" \"x\" {}\n",
}

// attackCatalogs is a directory of per-node Puppet catalogs.
func attackCatalogs(t *testing.T) map[string]string {
	src, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "ntp.catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"web01.json": string(src)}
}

// attackRepo is a git directory holding files at its branch main, with
// the blob of one of them deleted (its config, written by the caller,
// makes it a partial clone that fetches the blob): the repository the
// attacker commits, or leaves elsewhere.
func attackRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	inner := t.TempDir()
	gitRun(t, inner, "init", "-q", "-b", "main")
	for name, content := range files {
		writeFile(t, filepath.Join(inner, name), content)
	}
	gitRun(t, inner, "add", ".")
	gitRun(t, inner, "commit", "-q", "-m", "inner")
	gitDir := filepath.Join(inner, ".git")
	for name := range files {
		blob := strings.TrimSpace(gitRun(t, inner, "rev-parse", "HEAD:"+name))
		if err := os.Remove(filepath.Join(gitDir, "objects", blob[:2], blob[2:])); err != nil {
			t.Fatal(err)
		}
		break
	}
	return gitDir
}

// partialCloneConfig is the config of a partial clone whose promisor
// remote is reached through url, with more settings after.
func partialCloneConfig(url, more string) string {
	return "[core]\n\trepositoryformatversion = 1\n\tbare = false\n\tworktree = .\n" +
		"[extensions]\n\tpartialClone = origin\n" +
		"[remote \"origin\"]\n\turl = " + url + "\n\tpromisor = true\n\tpartialclonefilter = blob:none\n" + more
}

// TestDiffBaseNestedRepositoryAttack is the attack on `catc diff --base
// main site/` in CI: the pull request commits HEAD, config, objects/ and
// refs/ into site/, making it a repository of its own, a partial clone
// whose missing blob git would fetch by running a program the config
// names. catc found the repository from the path and ran git in site/,
// which ran the program. Now the repository is the working tree holding
// the current directory (or --repo), and a path that is or holds another
// repository is refused: with an HCL site or a directory of catalogs,
// through a local remote's uploadpack, file://, ext:: or ssh's
// core.sshCommand, from the top or from inside site/, through --repo, a
// .git file naming a repository elsewhere, or GIT_DIR in the
// environment. The payload never runs.
func TestDiffBaseNestedRepositoryAttack(t *testing.T) {
	testutil.LongOnly(t)
	testutil.Tool(t, "git", "git")
	type attack struct {
		name   string
		files  func(t *testing.T) map[string]string
		config func(script, self string) string         // self: the attacker's git directory, as it was made
		plant  func(t *testing.T, outer, gitDir string) // how the repository gets there
		run    func(t *testing.T, outer string) []string
		want   string // in the error; "" when catc reads the outer repository and succeeds
	}
	site := func(*testing.T) map[string]string { return attackSite }
	uploadpack := func(script, self string) string {
		return partialCloneConfig(self, "\tuploadpack = "+script+"; git-upload-pack\n")
	}
	committed := func(t *testing.T, outer, gitDir string) {
		for _, name := range []string{"HEAD", "config", "objects", "refs"} {
			if err := os.Rename(filepath.Join(gitDir, name), filepath.Join(outer, "site", name)); err != nil {
				t.Fatal(err)
			}
		}
		gitRun(t, outer, "add", ".")
		gitRun(t, outer, "commit", "-q", "-m", "pull request")
	}
	fromTop := func(t *testing.T, outer string) []string {
		t.Chdir(outer)
		return []string{"diff", "--base", "main", "site/"}
	}
	const nested = "a git repository nested in the working tree"
	for _, tc := range []attack{
		{"HCL site, uploadpack", site, uploadpack, committed, fromTop, nested},
		{"catalog directory, uploadpack", attackCatalogs, uploadpack, committed, fromTop, nested},
		{"file:// transport", site, func(script, self string) string {
			return partialCloneConfig("file://"+self, "\tuploadpack = "+script+"; git-upload-pack\n[protocol]\n\tallow = always\n")
		}, committed, fromTop, nested},
		{"ext:: transport", site, func(script, self string) string {
			return partialCloneConfig("ext::"+script, "[protocol \"ext\"]\n\tallow = always\n")
		}, committed, fromTop, nested},
		{"ssh with core.sshCommand", site, func(script, self string) string {
			return partialCloneConfig("ssh://example.invalid/x.git", "[core]\n\tsshCommand = "+script+"\n[protocol \"ssh\"]\n\tallow = always\n")
		}, committed, fromTop, nested},
		{"run from inside site/", site, uploadpack, committed, func(t *testing.T, outer string) []string {
			t.Chdir(filepath.Join(outer, "site"))
			return []string{"diff", "--base", "main", "."}
		}, "is shaped as a git directory"},
		{"--repo site", site, uploadpack, committed, func(t *testing.T, outer string) []string {
			t.Chdir(outer)
			return []string{"diff", "--base", "main", "--repo", "site", "site/"}
		}, "is shaped as a git directory"},
		{".git file naming a repository elsewhere", site, uploadpack, func(t *testing.T, outer, gitDir string) {
			writeFile(t, filepath.Join(outer, "site", ".git"), "gitdir: "+gitDir+"\n")
		}, fromTop, nested},
		{"GIT_DIR in the environment", site, uploadpack, func(t *testing.T, outer, gitDir string) {
			t.Setenv("GIT_DIR", gitDir)
			t.Setenv("GIT_WORK_TREE", filepath.Join(outer, "site"))
		}, fromTop, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marker := filepath.Join(t.TempDir(), "PWNED")
			script := testutil.Payload(t, marker)
			files := tc.files(t)
			outer := t.TempDir()
			gitRun(t, outer, "init", "-q", "-b", "main")
			for name, content := range files {
				writeFile(t, filepath.Join(outer, "site", name), content)
			}
			gitRun(t, outer, "add", ".")
			gitRun(t, outer, "commit", "-q", "-m", "main")
			gitRun(t, outer, "checkout", "-q", "-b", "pr")
			gitDir := attackRepo(t, files)
			writeFile(t, filepath.Join(gitDir, "config"), tc.config(script, gitDir))
			tc.plant(t, outer, gitDir)

			code, out, errOut := runCatc(t, tc.run(t, outer)...)
			if _, err := os.Stat(marker); err == nil {
				t.Fatalf("the payload ran (exit %d): %s", code, errOut)
			}
			if tc.want == "" {
				if code != 0 || out != "No changes.\n" {
					t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
				}
				return
			}
			if code != 1 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want %q", code, errOut, tc.want)
			}
		})
	}
}
