package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// assertGolden compares got with testdata/name, or rewrites it with -update.
func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	testutil.Golden(t, filepath.Join("testdata", name), []byte(got))
}

func TestHelpGolden(t *testing.T) {
	// The version a build stamps would change the golden.
	defer func(v string) { version = v }(version)
	version = "v1.2.3"
	tests := []struct {
		args   []string
		golden string
	}{
		{[]string{"help"}, "help.txt"},
		{[]string{"--help"}, "help.txt"},
		{[]string{"help", "plan"}, "help_plan.txt"},
		{[]string{"plan", "--help"}, "help_plan.txt"},
		{[]string{"help", "completion"}, "help_completion.txt"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCatc(t, tt.args...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			assertGolden(t, tt.golden, out)
		})
	}
}

func TestHelpUnknownTopic(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "help", "pla")
	if code != 1 || out != "" || !strings.Contains(errOut, `unknown command "pla"`) || !strings.Contains(errOut, `Did you mean "plan"?`) {
		t.Errorf("catc help pla: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestVersionFlag(t *testing.T) {
	t.Parallel()
	_, want, _ := runCatc(t, "version")
	for _, args := range [][]string{{"--version"}, {"-v"}} {
		if code, out, _ := runCatc(t, args...); code != 0 || out != want {
			t.Errorf("catc %v = %d %q, want 0 %q", args, code, out, want)
		}
	}
}

func TestCompletionGolden(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		t.Run(shell, func(t *testing.T) {
			code, out, errOut := runCatc(t, "completion", shell)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			assertGolden(t, "completion."+shell, out)
		})
	}
	if code, _, errOut := runCatc(t, "completion", "tcsh"); code != 1 || !strings.Contains(errOut, "bash, zsh and fish") {
		t.Errorf("completion tcsh: exit %d, stderr %q", code, errOut)
	}
}

// TestBashCompletionWorks sources the bash script and completes words as
// bash would, against this test binary run as catc.
func TestBashCompletionWorks(t *testing.T) {
	t.Parallel()
	bash := testutil.Tool(t, "bash", "bash")
	bin := t.TempDir()
	wrapper := "#!/bin/sh\nCATC_TEST_CHILD=1 exec " + shellQuote(os.Args[0]) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "catc"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(bin, "catc.bash")
	if err := os.WriteFile(script, []byte(bashCompletion), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		words string // COMP_WORDS; the last is the word being completed
		want  string
	}{
		{"catc pl", "plan"},
		{"catc plan --ord", "--ordering"},
		{"catc graph site/ --dir", "--direction"},
		{"catc com", "compile\ncompletion"},
	}
	for _, tt := range tests {
		t.Run(tt.words, func(t *testing.T) {
			words := strings.Fields(tt.words)
			prog := "source " + shellQuote(script) + "\nCOMP_WORDS=(" + strings.Join(words, " ") + ")\nCOMP_CWORD=" +
				strconv.Itoa(len(words)-1) + "\n_catc_complete\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
			cmd := exec.Command(bash, "--norc", "--noprofile", "-c", prog)
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("bash: %v\n%s", err, out)
			}
			if got := strings.TrimSpace(string(out)); got != tt.want {
				t.Errorf("completions %q, want %q", got, tt.want)
			}
		})
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// TestZshCompletionWorks runs the zsh function with stand-ins for the
// completion system's _describe and _files, which print what they get.
func TestZshCompletionWorks(t *testing.T) {
	t.Parallel()
	zsh := testutil.Tool(t, "zsh", "zsh")
	bin := t.TempDir()
	wrapper := "#!/bin/sh\nCATC_TEST_CHILD=1 exec " + shellQuote(os.Args[0]) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "catc"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(bin, "catc.zsh")
	if err := os.WriteFile(script, []byte(zshCompletion), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		words string
		want  string // a line of the output
	}{
		{"catc pl", "plan"},
		{"catc plan --ord", "--ordering"},
		{"catc plan site/", "FILES"},
	}
	for _, tt := range tests {
		t.Run(tt.words, func(t *testing.T) {
			prog := "source " + shellQuote(script) + "\n_describe() { print -l -- \"${(@P)2}\"; }\n_files() { print FILES; }\n" +
				"words=(" + tt.words + ")\n_catc\n"
			cmd := exec.Command(zsh, "-f", "-c", prog)
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("zsh: %v\n%s", err, out)
			}
			if !strings.Contains("\n"+string(out), "\n"+tt.want+"\n") {
				t.Errorf("completions %q, want a line %q", out, tt.want)
			}
		})
	}
}
