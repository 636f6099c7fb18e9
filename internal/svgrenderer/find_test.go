package svgrenderer

import (
	"strings"
	"testing"
)

// TestFindMissing: with no renderer anywhere, the message says
// how to install it (also from a checkout) and how to do without.
func TestFindMissing(t *testing.T) {
	t.Setenv(rendererEnv, "")
	t.Setenv("PATH", t.TempDir())
	t.Chdir(t.TempDir())
	_, err := Find()
	if err == nil {
		t.Fatal("Find found a renderer, want an error")
	}
	for _, want := range []string{"go install github.com/catc-dev/catc/cmd/catc-svg@latest", "go build -o", "--format dot | dot -Tsvg"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
}
