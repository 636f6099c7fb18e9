package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// completionCommand prints a shell's completion script. Bash and zsh ask
// catc itself what may come next (`catc ... --generate-bash-completion`,
// urfave/cli's protocol: command names, or flag names after a dash) and
// fall back to file names; fish gets urfave/cli's static script.
func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script for bash, zsh or fish",
		ArgsUsage: "SHELL",
		Description: "bash:  source <(catc completion bash)      (or save it in /etc/bash_completion.d/catc)\n" +
			"zsh:   source <(catc completion zsh)       (after compinit)\n" +
			"fish:  catc completion fish > ~/.config/fish/completions/catc.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return fail("completion takes one SHELL: bash, zsh or fish")
			}
			var script string
			switch shell := c.Args().First(); shell {
			case "bash":
				script = bashCompletion
			case "zsh":
				script = zshCompletion
			case "fish":
				// From an app that has not run: the one running holds
				// urfave/cli's shared help command, which the generator
				// can loop on once help has been used in this process.
				s, err := newApp(c.App.Writer, c.App.ErrWriter).ToFishCompletion()
				if err != nil {
					return fail(err.Error())
				}
				script = tidyFish(s)
			default:
				return failf("completion %q: catc has completion for bash, zsh and fish", shell)
			}
			_, err := fmt.Fprint(c.App.Writer, script)
			return err
		},
	}
}

// tidyFish drops the backquotes that mark placeholders in flag usage
// texts (`FILE`), which urfave/cli's fish generator leaves in.
func tidyFish(script string) string { return strings.ReplaceAll(script, "`", "") }

// bashCompletion asks catc for the words that may follow the ones typed
// so far (with the current word when it starts a flag).
const bashCompletion = `# bash completion for catc: source <(catc completion bash)
_catc_complete() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local -a words=("${COMP_WORDS[@]:0:COMP_CWORD}")
  if [[ "$cur" == -* ]]; then
    words+=("$cur")
  fi
  local IFS=$'\n'
  COMPREPLY=($(compgen -W "$("${words[@]}" --generate-bash-completion 2>/dev/null)" -- "$cur"))
}
complete -o bashdefault -o default -F _catc_complete catc
`

// zshCompletion does the same for zsh, with the descriptions urfave/cli
// prints after a colon, and file names when catc has nothing to offer.
const zshCompletion = `#compdef catc
# zsh completion for catc: source <(catc completion zsh)
_catc() {
  local -a opts
  local cur="${words[-1]}"
  if [[ "$cur" == -* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} "$cur" --generate-bash-completion 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion 2>/dev/null)}")
  fi
  if [[ -n "${opts[1]}" ]]; then
    _describe 'values' opts
  else
    _files
  fi
}
if (( $+functions[compdef] )); then
  compdef _catc catc
fi
`
