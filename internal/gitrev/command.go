package gitrev

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// safeConfig is given to every git catc runs, on its command line (which
// wins over every configuration file, and which the processes git starts
// inherit): no setting of the repository can choose a program for it to
// run. catc runs only rev-parse, rev-list, ls-tree and cat-file --batch
// (no --textconv, no --filters), which read objects and never consult
// diff or merge drivers, filters, editors or signing programs; what
// remains is what git 2.39 could run on its own for them:
//
//   - a fetch: a partial clone fetches a missing object from its promisor
//     remote, through a transport the configuration chooses (a local
//     remote's uploadpack is a shell command, ext:: is one, ssh runs
//     core.sshCommand). Every protocol is refused here and by
//     GIT_ALLOW_PROTOCOL (which, unlike protocol.allow, a repository's
//     protocol.<name>.allow cannot override), and checkPresent finds
//     missing objects first with a walk that never fetches;
//   - credential helpers and askpass programs, which a fetch would ask;
//   - hooks, the file system monitor, and a pager;
//   - automatic gc and maintenance after a fetch.
//
// safe.bareRepository=explicit keeps any git that would look for a
// repository from taking a directory of the checkout for one; catc names
// the git directory itself (--git-dir), so none looks.
var safeConfig = []string{
	"core.fsmonitor=false",
	"core.hooksPath=/dev/null",
	"core.sshCommand=false",
	"core.askPass=",
	"credential.helper=",
	"core.pager=cat",
	"core.attributesFile=/dev/null",
	"safe.bareRepository=explicit",
	"protocol.allow=never",
	"protocol.file.allow=never",
	"protocol.git.allow=never",
	"protocol.ssh.allow=never",
	"protocol.http.allow=never",
	"protocol.https.allow=never",
	"protocol.ftp.allow=never",
	"protocol.ftps.allow=never",
	"protocol.ext.allow=never",
	"fetch.recurseSubmodules=false",
	"submodule.recurse=false",
	"gc.auto=0",
	"maintenance.auto=false",
}

// safeEnv is the environment git runs with: the user's, less every GIT_
// variable (GIT_DIR, GIT_CONFIG_PARAMETERS, GIT_SSH_COMMAND, GIT_EXEC_PATH
// and the others would choose the repository, its configuration or a
// program), with no system or global configuration, no transport at all,
// no prompt and no pager, in the C locale (git's messages are quoted in
// catc's errors).
func safeEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(strings.ToUpper(name), "GIT_") || name == "LC_ALL" {
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_ATTR_NOSYSTEM=1",
		"GIT_ALLOW_PROTOCOL=",
		"GIT_PROTOCOL_FROM_USER=0",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_PAGER=cat",
		"GIT_OPTIONAL_LOCKS=0",
		"LC_ALL=C",
	)
}

// command is git on r's repository, named explicitly (--git-dir,
// --work-tree: git never looks for one), with safeConfig, safeEnv and
// literal pathspecs, run from the working tree's top.
func (r *Repo) command(args ...string) *exec.Cmd {
	full := []string{"--git-dir=" + r.GitDir, "--work-tree=" + r.Root, "--no-pager", "--literal-pathspecs"}
	for _, kv := range safeConfig {
		full = append(full, "-c", kv)
	}
	cmd := exec.Command("git", append(full, args...)...)
	cmd.Dir = r.Root
	cmd.Env = safeEnv()
	return cmd
}

// git runs git (command) and returns its standard output; an error
// carries stderr.
func (r *Repo) git(stdin io.Reader, args ...string) ([]byte, error) {
	cmd := r.command(args...)
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%s", msg)
		}
		return nil, err
	}
	return out, nil
}
