// Command k8scheck checks docs/examples/fleet/kubernetes.yaml as the
// Kubernetes API server would read it: each document decoded strictly
// (an unknown or misspelt field is an error) into the API's own types
// (k8s.io/api), then what the example promises: an Indexed Job whose
// completions are the --shards its pods pass to catc, and a merge Job
// that waits for that many shards on the volume they share.
//
// It is a module of its own so that the Kubernetes API types never
// enter catc's: .ci/run runs it (go run . ../kubernetes.yaml).
package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: k8scheck MANIFEST.yaml")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err == nil {
		var summary string
		summary, err = check(data)
		if err == nil {
			fmt.Printf("%s: %s\n", os.Args[1], summary)
			return
		}
	}
	fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
	os.Exit(1)
}

// manifest is what the example declares.
type manifest struct {
	claims []corev1.PersistentVolumeClaim
	jobs   []batchv1.Job
}

// check decodes every document strictly and checks the example's
// promises; it returns a summary of what it found.
func check(data []byte) (string, error) {
	var m manifest
	for i, doc := range documents(data) {
		var meta metav1.TypeMeta
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			return "", fmt.Errorf("document %d: %w", i+1, err)
		}
		var err error
		switch meta.APIVersion + " " + meta.Kind {
		case "v1 PersistentVolumeClaim":
			var c corev1.PersistentVolumeClaim
			err = yaml.UnmarshalStrict(doc, &c)
			m.claims = append(m.claims, c)
		case "batch/v1 Job":
			var j batchv1.Job
			err = yaml.UnmarshalStrict(doc, &j)
			m.jobs = append(m.jobs, j)
		default:
			err = fmt.Errorf("apiVersion %q kind %q is not what the example declares", meta.APIVersion, meta.Kind)
		}
		if err != nil {
			return "", fmt.Errorf("document %d (%s): %w", i+1, meta.Kind, err)
		}
	}
	return m.promises()
}

// documents splits a YAML stream at its "---" lines, dropping empty ones.
func documents(data []byte) [][]byte {
	var out [][]byte
	for _, doc := range regexp.MustCompile(`(?m)^---[ \t]*$`).Split(string(data), -1) {
		if strings.TrimSpace(stripComments(doc)) != "" {
			out = append(out, []byte(doc))
		}
	}
	return out
}

func stripComments(doc string) string {
	var b bytes.Buffer
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

var (
	shardsFlag = regexp.MustCompile(`--shard auto --shards (\d+)`)
	waitCount  = regexp.MustCompile(`shard-\*\.json.*-ge (\d+)`)
)

// promises checks the Indexed Job against the merge Job and the volume.
func (m manifest) promises() (string, error) {
	if len(m.claims) != 1 || len(m.jobs) != 2 {
		return "", fmt.Errorf("%d volume claims and %d jobs, not one claim, the shards' Job and the merge Job", len(m.claims), len(m.jobs))
	}
	claim := m.claims[0].Name
	var shards, merge *batchv1.Job
	for i := range m.jobs {
		if j := &m.jobs[i]; j.Spec.CompletionMode != nil && *j.Spec.CompletionMode == batchv1.IndexedCompletion {
			shards = j
		} else {
			merge = j
		}
	}
	if shards == nil || merge == nil {
		return "", fmt.Errorf("no Indexed Job and another (the merge) among the jobs")
	}
	if shards.Spec.Completions == nil {
		return "", fmt.Errorf("the Job %s has no completions", shards.Name)
	}
	n := int(*shards.Spec.Completions)
	script := strings.Join(shards.Spec.Template.Spec.Containers[0].Args, "\n")
	got := shardsFlag.FindStringSubmatch(script)
	if got == nil || got[1] != strconv.Itoa(n) {
		return "", fmt.Errorf("the Job %s has %d completions, but its pods do not pass --shard auto --shards %d", shards.Name, n, n)
	}
	var wait string
	for _, c := range merge.Spec.Template.Spec.InitContainers {
		wait += strings.Join(c.Args, "\n")
	}
	if got := waitCount.FindStringSubmatch(wait); got == nil || got[1] != strconv.Itoa(n) {
		return "", fmt.Errorf("the Job %s does not wait for the %d shards' files", merge.Name, n)
	}
	for _, j := range []*batchv1.Job{shards, merge} {
		vols := j.Spec.Template.Spec.Volumes
		if len(vols) != 1 || vols[0].PersistentVolumeClaim == nil || vols[0].PersistentVolumeClaim.ClaimName != claim {
			return "", fmt.Errorf("the Job %s does not mount the claim %s", j.Name, claim)
		}
	}
	return fmt.Sprintf("the claim %s, the Indexed Job %s (%d shards) and the Job %s, decoded strictly", claim, shards.Name, n, merge.Name), nil
}
