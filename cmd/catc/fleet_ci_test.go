package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/catc-dev/catc/internal/testutil"
)

// The CI examples of docs/fleet-ci.md are run here as their engines would
// run them, on the fixture fleet in a git repository (the base commit
// holds fixtures/fleet/site, the head site-new): each shard's commands
// with the engine's variables, their outputs moved as the engine moves
// artifacts, then the merge's commands. What the merge writes must be
// the single run's Markdown, byte for byte. (actionlint checks the
// GitHub workflow, and docs/examples/fleet/k8scheck the Kubernetes
// manifest against the API's types, in .ci/run.)

// exampleFile reads docs/examples/fleet/NAME.
func exampleFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "examples", "fleet", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// ciFleet is the fixture fleet in a repository, a repository standing
// for catc's source (the examples clone it and build catc in it), and a
// bin directory whose catc is this test binary run as catc, with
// stand-ins for go (the examples' go install) and curl (which records
// its arguments).
type ciFleet struct {
	// root holds everything the scripts see, under a go.mod of its own:
	// the test binary, run as catc, starts only below one (testutil).
	root                  string
	repo, bin, base, head string
	// src is catc's source: a repository whose branch main holds
	// cmd/catc.
	src string
	// single is what one run of catc diff --nodes writes as Markdown.
	single string
}

func newCIFleet(t *testing.T) *ciFleet {
	t.Helper()
	testutil.Tool(t, "git", "git")
	f := &ciFleet{root: t.TempDir(), bin: t.TempDir()}
	if err := os.WriteFile(filepath.Join(f.root, "go.mod"), []byte("module stand-in\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.repo = f.dir(t, "repo")
	gitRun(t, f.repo, "init", "-q")
	copyTree(t, fleetOld, filepath.Join(f.repo, "site"))
	copyTree(t, fleetFacts, filepath.Join(f.repo, "facts"))
	gitRun(t, f.repo, "add", ".")
	gitRun(t, f.repo, "commit", "-q", "-m", "base")
	f.base = gitOut(t, f.repo, "rev-parse", "HEAD")
	if err := os.RemoveAll(filepath.Join(f.repo, "site")); err != nil {
		t.Fatal(err)
	}
	copyTree(t, fleetNew, filepath.Join(f.repo, "site"))
	gitRun(t, f.repo, "add", "-A")
	gitRun(t, f.repo, "commit", "-q", "-m", "head")
	f.head = gitOut(t, f.repo, "rev-parse", "HEAD")
	f.src = f.dir(t, "catc-src")
	gitRun(t, f.src, "init", "-q", "-b", "main")
	if err := os.MkdirAll(filepath.Join(f.src, "cmd", "catc"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(f.src, "cmd", "catc", "main.go"), "package main\n")
	gitRun(t, f.src, "add", ".")
	gitRun(t, f.src, "commit", "-q", "-m", "catc")
	for name, script := range map[string]string{
		"catc": "#!/bin/sh\nCATC_TEST_CHILD=plain exec " + shellQuote(os.Args[0]) + " \"$@\"\n",
		"go":   "#!/bin/sh\ntest \"$1\" = install && test \"$2\" = ./cmd/catc && test -d cmd/catc\n",
		"curl": "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + shellQuote(filepath.Join(f.bin, "curl.args")) + "\n",
	} {
		if err := os.WriteFile(filepath.Join(f.bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var stderr bytes.Buffer
	out, code := f.sh(t, f.repo, &stderr, `catc diff --base "$BASE" site --nodes facts --format markdown`, "BASE="+f.base)
	if code != 1 || !strings.HasPrefix(out, "**This change affects 4 of 6 nodes") {
		t.Fatalf("the single run: exit %d\n%s\n%s", code, out, stderr.String())
	}
	f.single = out
	return f
}

// dir makes a new directory below f.root.
func (f *ciFleet) dir(t *testing.T, name string) string {
	t.Helper()
	dir, err := os.MkdirTemp(f.root, name)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

// sh runs script with bash -eo pipefail (GitHub's and GitLab's shells)
// in dir, with env, and returns its standard output and exit code.
func (f *ciFleet) sh(t *testing.T, dir string, stderr io.Writer, script string, env ...string) (string, int) {
	t.Helper()
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+f.bin+string(os.PathListSeparator)+os.Getenv("PATH"), "TMPDIR="+f.root)
	cmd.Env = append(cmd.Env, env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	if stderr == nil {
		stderr = io.Discard
	}
	cmd.Stderr = stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return out.String(), exit.ExitCode()
	case err != nil:
		t.Fatalf("bash: %v", err)
	}
	return out.String(), 0
}

// artifact moves dir/name to into/as, as an engine keeps an artifact.
func artifact(t *testing.T, dir, name, into, as string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(into, as)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, name), filepath.Join(into, as)); err != nil {
		t.Fatalf("the artifact %s: %v", name, err)
	}
}

// TestFleetCIExamplesInDocs: docs/fleet-ci.md shows each example as its
// file holds it.
func TestFleetCIExamplesInDocs(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "fleet-ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"github-actions.yml", "gitlab-ci.yml", "kubernetes.yaml"} {
		if !strings.Contains(string(doc), "```yaml\n"+string(exampleFile(t, name))+"```\n") {
			t.Errorf("docs/fleet-ci.md does not show docs/examples/fleet/%s as it is", name)
		}
	}
}

// githubWorkflow is what the test reads of a GitHub Actions workflow.
type githubWorkflow struct {
	Jobs map[string]struct {
		Needs    string
		Strategy struct{ Matrix struct{ Shard []int } }
		Steps    []githubStep
	}
}

type githubStep struct {
	ID, Name, Run, Uses string
	Env, With           map[string]string
}

// checkout does what actions/checkout does of a step that checks out
// catc's source (repository: and path:) into dir: a fresh clone of f.src.
// It reports whether the step is one.
func (f *ciFleet) checkout(t *testing.T, st githubStep, dir string) bool {
	t.Helper()
	if !strings.HasPrefix(st.Uses, "actions/checkout@") || st.With["repository"] == "" {
		return false
	}
	path := filepath.Join(dir, st.With["path"])
	if st.With["path"] == "" || !strings.HasPrefix(path, dir+string(filepath.Separator)) {
		t.Fatalf("the checkout of %s goes to %q, not below the workspace", st.With["repository"], st.With["path"])
	}
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	gitRun(t, dir, "clone", "-q", f.src, path)
	return true
}

// TestGitHubActionsExample runs the matrix's shard jobs, hands their
// artifacts to the merge job as download-artifact lays them out, and
// runs the merge.
func TestGitHubActionsExample(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	var w githubWorkflow
	if err := yaml.Unmarshal(exampleFile(t, "github-actions.yml"), &w); err != nil {
		t.Fatal(err)
	}
	f := newCIFleet(t)
	shard, comment := w.Jobs["shard"], w.Jobs["comment"]
	if comment.Needs != "shard" || len(shard.Strategy.Matrix.Shard) < 2 {
		t.Fatalf("jobs: %+v", w.Jobs)
	}
	expr := func(s string, n int) string {
		s = strings.ReplaceAll(s, "${{ github.event.pull_request.base.sha }}", f.base)
		s = strings.ReplaceAll(s, "${{ matrix.shard }}", strconv.Itoa(n))
		return strings.ReplaceAll(s, "${{ strategy.job-total }}", strconv.Itoa(len(shard.Strategy.Matrix.Shard)))
	}
	artifacts := f.dir(t, "artifacts")
	for _, n := range shard.Strategy.Matrix.Shard {
		for _, st := range shard.Steps {
			if f.checkout(t, st, f.repo) || st.Run == "" {
				continue
			}
			var env []string
			for k, v := range st.Env {
				env = append(env, k+"="+expr(v, n))
			}
			var stderr bytes.Buffer
			if _, code := f.sh(t, f.repo, &stderr, expr(st.Run, n), env...); code != 0 {
				t.Fatalf("shard %d, step %q: exit %d\n%s", n, st.Name, code, stderr.String())
			}
		}
		artifact(t, f.repo, "shard.json", artifacts, fmt.Sprintf("catc-shard-%d/shard.json", n))
	}
	output := filepath.Join(t.TempDir(), "output")
	for _, st := range comment.Steps {
		if f.checkout(t, st, artifacts) || st.Run == "" || strings.HasPrefix(st.Run, "exit") {
			continue // the script posting the comment is GitHub's JavaScript
		}
		if _, code := f.sh(t, artifacts, nil, st.Run, "GITHUB_OUTPUT="+output); code != 0 {
			t.Fatalf("merge, step %q: exit %d", st.Name, code)
		}
	}
	if got := readFile(t, filepath.Join(artifacts, "diff.md")); got != f.single {
		t.Errorf("the merged comment:\n%s\nwant the single run's:\n%s", got, f.single)
	}
	if got := readFile(t, output); got != "exit=1\n" {
		t.Errorf("GITHUB_OUTPUT: %q, want exit=1 (a node no longer compiles: the last step fails the job)", got)
	}
}

// gitlabJob is what GitLab requires of a job, and what the example uses.
type gitlabJob struct {
	Extends      string
	Stage        string
	Image        string
	Parallel     int
	Script       []string
	BeforeScript []string `yaml:"before_script"`
	Rules        []map[string]string
	Needs        []struct {
		Job       string
		Artifacts bool
	}
	Artifacts struct {
		When     string
		Paths    []string
		ExpireIn string `yaml:"expire_in"`
	}
}

// gitlabKeywords are the top-level keys that are no job.
var gitlabKeywords = []string{"stages", "variables", "default", "workflow", "include", "image", "services", "cache", "before_script", "after_script"}

// readGitLab reads the example as GitLab would and checks what GitLab
// requires: every job (no hidden template) has a script, a stage among
// the stages, a parallel from 2 to 200 if any, needs on jobs that exist
// in an earlier stage, and extends a template that exists; the jobs run
// on merge requests.
func readGitLab(t *testing.T) (stages []string, jobs map[string]gitlabJob) {
	t.Helper()
	var doc map[string]yaml.Node
	data := exampleFile(t, "gitlab-ci.yml")
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	st := doc["stages"]
	if err := st.Decode(&stages); err != nil || len(stages) == 0 {
		t.Fatalf("stages: %v %v", stages, err)
	}
	jobs = map[string]gitlabJob{}
	for name, node := range doc {
		if slices.Contains(gitlabKeywords, name) {
			continue
		}
		var j gitlabJob
		if err := node.Decode(&j); err != nil {
			t.Fatalf("job %s: %v", name, err)
		}
		jobs[name] = j
	}
	for name, j := range jobs {
		if strings.HasPrefix(name, ".") {
			continue // a template
		}
		full := j
		if j.Extends != "" {
			tmpl, ok := jobs[j.Extends]
			if !ok || !strings.HasPrefix(j.Extends, ".") {
				t.Errorf("job %s extends %q, which is no template of the file", name, j.Extends)
			}
			full.BeforeScript, full.Rules, full.Image = tmpl.BeforeScript, tmpl.Rules, tmpl.Image
		}
		stage := slices.Index(stages, j.Stage)
		switch {
		case len(j.Script) == 0:
			t.Errorf("job %s has no script", name)
		case stage < 0:
			t.Errorf("job %s's stage %q is not among %v", name, j.Stage, stages)
		case j.Parallel != 0 && (j.Parallel < 2 || j.Parallel > 200):
			t.Errorf("job %s: parallel %d is not from 2 to 200", name, j.Parallel)
		case full.Image == "" || len(full.Rules) == 0 || !strings.Contains(full.Rules[0]["if"], "merge_request_event"):
			t.Errorf("job %s runs no image on merge requests: %+v", name, full)
		}
		for _, n := range j.Needs {
			if need, ok := jobs[n.Job]; !ok || slices.Index(stages, need.Stage) >= stage {
				t.Errorf("job %s needs %q, which is no job of an earlier stage", name, n.Job)
			}
		}
		jobs[name] = full
	}
	return stages, jobs
}

// gitlabVariables are the example's global variables, which say where
// catc's source is.
func gitlabVariables(t *testing.T) map[string]string {
	t.Helper()
	var doc struct{ Variables map[string]string }
	if err := yaml.Unmarshal(exampleFile(t, "gitlab-ci.yml"), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Variables["CATC_SOURCE"] == "" || doc.Variables["CATC_REF"] == "" {
		t.Fatalf("the variables %v do not say where catc's source is (CATC_SOURCE, CATC_REF)", doc.Variables)
	}
	return doc.Variables
}

// TestGitLabExample reads the example as GitLab would, then runs the
// parallel job's instances with CI_NODE_INDEX and CI_NODE_TOTAL set, and
// the merge job with their artifacts, its curl a stand-in.
func TestGitLabExample(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	_, jobs := readGitLab(t)
	shard, comment := jobs["catc-shard"], jobs["catc-comment"]
	if shard.Parallel == 0 || len(comment.Needs) != 1 || comment.Needs[0].Job != "catc-shard" || !comment.Needs[0].Artifacts {
		t.Fatalf("the shard job runs in parallel, the merge needs its artifacts: %+v %+v", shard, comment)
	}
	f := newCIFleet(t)
	// The file's variables, catc's source the test's.
	var vars []string
	for k, v := range gitlabVariables(t) {
		if k == "CATC_SOURCE" {
			v = f.src
		}
		vars = append(vars, k+"="+v)
	}
	artifacts := f.dir(t, "artifacts")
	for i := 1; i <= shard.Parallel; i++ {
		env := append([]string{"CI_NODE_INDEX=" + strconv.Itoa(i), "CI_NODE_TOTAL=" + strconv.Itoa(shard.Parallel), "CI_MERGE_REQUEST_DIFF_BASE_SHA=" + f.base}, vars...)
		var stderr bytes.Buffer
		if _, code := f.sh(t, f.repo, &stderr, strings.Join(append(shard.BeforeScript, shard.Script...), "\n"), env...); code != 0 {
			t.Fatalf("shard %d: exit %d\n%s", i, code, stderr.String())
		}
		name := fmt.Sprintf("shard-%d.json", i)
		if ok, _ := filepath.Match(shard.Artifacts.Paths[0], name); !ok {
			t.Fatalf("the artifacts %v do not keep %s", shard.Artifacts.Paths, name)
		}
		artifact(t, f.repo, name, artifacts, name)
	}
	env := append([]string{"CATC_GITLAB_TOKEN=secret", "CI_API_V4_URL=https://gitlab.example.com/api/v4", "CI_PROJECT_ID=7", "CI_MERGE_REQUEST_IID=12"}, vars...)
	if _, code := f.sh(t, artifacts, nil, strings.Join(append(comment.BeforeScript, comment.Script...), "\n"), env...); code != 1 {
		t.Errorf("merge: exit %d, want 1 (a node no longer compiles)", code)
	}
	if got := readFile(t, filepath.Join(artifacts, "diff.md")); got != f.single {
		t.Errorf("the merged note:\n%s\nwant the single run's:\n%s", got, f.single)
	}
	if got, want := readFile(t, filepath.Join(f.bin, "curl.args")), "body@diff.md\nhttps://gitlab.example.com/api/v4/projects/7/merge_requests/12/notes\n"; !strings.HasSuffix(got, want) || !strings.Contains(got, "PRIVATE-TOKEN: secret") {
		t.Errorf("curl posted %q", got)
	}
}

// k8sContainer is what the test reads of a container.
type k8sContainer struct {
	Command, Args []string
	Env           []struct{ Name, Value string }
}

type k8sJob struct {
	Kind     string
	Metadata struct{ Name string }
	Spec     struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int
		Template       struct {
			Spec struct {
				InitContainers []k8sContainer `yaml:"initContainers"`
				Containers     []k8sContainer
			}
		}
	}
}

// run runs a container's sh -euc script with its environment, some of
// it replaced by over, in dir.
func (f *ciFleet) run(t *testing.T, c k8sContainer, dir string, over map[string]string) (string, int) {
	t.Helper()
	if len(c.Command) != 2 || c.Command[0] != "sh" || len(c.Args) != 1 {
		t.Fatalf("the container runs %v %v, not one sh script", c.Command, c.Args)
	}
	var env []string
	for _, e := range c.Env {
		if v, ok := over[e.Name]; ok {
			e.Value = v
		}
		env = append(env, e.Name+"="+e.Value)
	}
	for k, v := range over {
		env = append(env, k+"="+v)
	}
	var stderr bytes.Buffer
	out, code := f.sh(t, dir, &stderr, c.Args[0], env...)
	if code != 0 && code != 1 {
		t.Fatalf("the script failed (%d):\n%s", code, stderr.String())
	}
	return out, code
}

// TestKubernetesExample runs the Indexed Job's pods, each with its
// JOB_COMPLETION_INDEX, cloning the repository as the example does,
// then the merge Job's wait and merge on the volume they share.
func TestKubernetesExample(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	var jobs []k8sJob
	dec := yaml.NewDecoder(bytes.NewReader(exampleFile(t, "kubernetes.yaml")))
	for {
		var j k8sJob
		if err := dec.Decode(&j); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if j.Kind == "Job" {
			jobs = append(jobs, j)
		}
	}
	if len(jobs) != 2 || jobs[0].Spec.CompletionMode != "Indexed" || jobs[0].Spec.Completions < 2 {
		t.Fatalf("jobs: %+v", jobs)
	}
	shards, merge := jobs[0], jobs[1]
	f := newCIFleet(t)
	volume := f.dir(t, "volume")
	over := map[string]string{"REPO": f.repo, "BASE": f.base, "HEAD": f.head, "OUT": volume, "CATC_SOURCE": f.src}
	for i := 0; i < shards.Spec.Completions; i++ {
		over["JOB_COMPLETION_INDEX"] = strconv.Itoa(i)
		if _, code := f.run(t, shards.Spec.Template.Spec.Containers[0], f.dir(t, "pod"), over); code != 0 {
			t.Fatalf("pod %d: exit %d", i, code)
		}
	}
	delete(over, "JOB_COMPLETION_INDEX")
	for _, c := range merge.Spec.Template.Spec.InitContainers {
		f.run(t, c, f.dir(t, "pod"), over) // returns once every shard is there
	}
	out, code := f.run(t, merge.Spec.Template.Spec.Containers[0], f.dir(t, "pod"), over)
	if code != 1 || out != f.single {
		t.Errorf("the merge: exit %d (want 1: a node no longer compiles)\n%s\nwant the single run's:\n%s", code, out, f.single)
	}
	if names, _ := filepath.Glob(filepath.Join(volume, "shard-*.json")); len(names) != shards.Spec.Completions {
		t.Errorf("the volume holds %d shards, want %d", len(names), shards.Spec.Completions)
	}
}
