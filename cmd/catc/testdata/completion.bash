# bash completion for catc: source <(catc completion bash)
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
