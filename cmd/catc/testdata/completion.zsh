#compdef catc
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
