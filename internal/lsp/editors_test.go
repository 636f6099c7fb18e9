package lsp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/testutil"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// brokenSite is the file both editors open: line 14 has an unknown
// attribute, line 15 is empty inside the resource.
var brokenSite = siteHCL + "\nresource \"vhost\" \"/etc/broken\" {\n  colour = \"red\"\n  \n}\n"

// buildCatc builds the catc binary into a temporary directory.
func buildCatc(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "catc")
	cmd := exec.Command("go", "build", "-o", bin, "./"+filepath.Join(testutil.Root(), "cmd", "catc"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// nvimResult is what the init script writes: what Neovim received.
type nvimResult struct {
	Log         []string                          `json:"log"`
	Published   protocol.PublishDiagnosticsParams `json:"published"`
	Diagnostics []struct {
		Lnum, Col int
		Message   string
	} `json:"diagnostics"`
	Completion json.RawMessage     `json:"completion"`
	Hover      protocol.Hover      `json:"hover"`
	Definition []protocol.Location `json:"definition"`
}

// TestNeovim runs real headless Neovim (its built-in LSP client, no
// plugins) on `catc lsp`: the diagnostics of a broken file, completion,
// hover and definition, as Neovim received them.
func TestNeovim(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	nvim := testutil.Tool(t, "nvim", "neovim")
	site := brokenSite
	root := t.TempDir()
	testutil.WriteFiles(t, root, map[string]string{"types.hcl": typesHCL, "site.hcl": site})
	li := newLineIndex([]byte(site))
	at := func(marker string, delta int) [2]int {
		p := li.position(strings.Index(site, marker) + delta)
		return [2]int{int(p.Line), int(p.Character)}
	}
	positions, _ := json.Marshal(map[string][2]int{
		"completion": at("\"red\"\n  \n", 8),
		"hover":      at("ensure  = \"present\"", 1),
		"definition": at("\"Package[nginx]\"", 2),
	})
	out := filepath.Join(t.TempDir(), "out.json")
	init, _ := filepath.Abs("testdata/nvim_init.lua")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "-u", init)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CATC_BIN="+buildCatc(t), "CATC_NVIM_ROOT="+root, "CATC_NVIM_OUT="+out,
		"CATC_NVIM_POS="+string(positions), "XDG_STATE_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote no results: %v", err)
	}
	var res nvimResult
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	if len(res.Log) > 0 {
		t.Errorf("nvim log: %v", res.Log)
	}

	// Diagnostics: the unknown attribute, where the CLI puts it.
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Lnum != 13 || res.Diagnostics[0].Col != 2 ||
		!strings.HasPrefix(res.Diagnostics[0].Message, "Unsupported attribute\n\nno parameter named 'colour' on Vhost[/etc/broken].") {
		t.Errorf("diagnostics in Neovim: %+v", res.Diagnostics)
	}
	if len(res.Published.Diagnostics) != 1 {
		t.Errorf("published: %+v", res.Published)
	}
	// Completion: the attributes of vhost and the metaparameters.
	var list protocol.CompletionList
	if err := json.Unmarshal(res.Completion, &list); err != nil {
		t.Fatalf("completion: %v: %s", err, res.Completion)
	}
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	if !has(labels, "ensure", "content", "package", "require", "notify") {
		t.Errorf("completion in Neovim: %v", labels)
	}
	// Hover: the attribute's type and desc.
	if v := hoverValue(&res.Hover); !strings.Contains(v, "vhost.ensure") || !strings.Contains(v, "Whether it exists.") {
		t.Errorf("hover in Neovim: %q", v)
	}
	// Definition: the reference goes to Package[nginx], line 1.
	if len(res.Definition) != 1 || uriToPath(res.Definition[0].URI) != filepath.Join(root, "site.hcl") || res.Definition[0].Range.Start.Line != 0 {
		t.Errorf("definition in Neovim: %+v", res.Definition)
	}
}

// TestEmacsEglot runs Emacs's eglot (built into Emacs 29; Debian's
// elpa-eglot before) on `catc lsp`, when Emacs is installed: flymake's
// diagnostics, hover, definition, completion and the why code actions.
// .ci/run installs Emacs and eglot, so CI never skips it.
func TestEmacsEglot(t *testing.T) {
	t.Parallel()
	emacs := testutil.Tool(t, "emacs", "emacs-nox elpa-eglot")
	if exec.Command(emacs, "--batch", "--eval", "(require 'eglot)").Run() != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("emacs has no eglot, and CI must run this test: .ci/run installs elpa-eglot")
		}
		t.Skip("emacs has no eglot (Emacs 29 has it built in; apt-get install elpa-eglot before)")
	}
	root := t.TempDir()
	testutil.WriteFiles(t, root, map[string]string{"types.hcl": typesHCL, "site.hcl": brokenSite})
	script, _ := filepath.Abs("testdata/eglot.el")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, emacs, "--batch", "-l", script)
	cmd.Env = append(os.Environ(), "CATC_BIN="+buildCatc(t), "CATC_ROOT="+root, "HOME="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("emacs: %v\n%s", err, out)
	}
	got := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok {
			got[k] = v
		}
	}
	want := map[string]string{
		"DIAG":       "14 catc: Unsupported attribute",
		"HOVER":      "**vhost.ensure**  ",
		"DEFINITION": "0",
		"COMPLETION": "name ensure content package port backup require before notify subscribe alias tag noop schedule loglevel audit for_each",
		"ACTIONS":    "catc why Package[nginx] File[/etc/motd] | catc why Package[nginx]",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %q, want %q", k, got[k], w)
		}
	}
}
