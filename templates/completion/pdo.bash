# bash completion for pdo @PDO_VERSION@ (printed by `pdo completion bash`).
# Install: pdo completion bash > ~/.local/share/bash-completion/completions/pdo
#      or: echo 'source <(pdo completion bash)' >> ~/.bashrc
# At each Tab it asks `pdo __complete bash WORD…`, which answers from pdo's own command table and the
# workspace around the current folder (lessons, steps, check items), so new commands need no new script.

_pdo() {
  # COMP_WORDBREAKS splits "--color=al" into "--color" "=" "al": join the pieces back for pdo.
  local -a args=()
  local i word join=0
  for ((i = 1; i <= COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if [[ $word == "=" && ${#args[@]} -gt 0 && ${args[-1]} == --* ]]; then
      args[-1]+="="
      join=1
      continue
    fi
    if ((join)); then
      args[-1]+=$word
      join=0
      continue
    fi
    args+=("$word")
  done
  local prog=${COMP_WORDS[0]}
  [[ $prog == "~/"* ]] && prog=$HOME/${prog#"~/"}
  local -a lines
  # mapfile, not lines=($(…)): a candidate is never split or glob-expanded.
  mapfile -t lines < <("$prog" __complete bash "${args[@]}" 2> /dev/null)
  ((${#lines[@]})) || return 0
  COMPREPLY=()
  case ${lines[0]} in
    files) compopt -o default 2> /dev/null ;;
    dirs) compopt -o dirnames 2> /dev/null ;;
  esac
  COMPREPLY=("${lines[@]:1}")
}

complete -F _pdo pdo pdo.exe
