# fish completion for pdo @PDO_VERSION@ (printed by `pdo completion fish`).
# Install: pdo completion fish > ~/.config/fish/completions/pdo.fish
# At each Tab it asks `pdo __complete fish WORD…`, which answers from pdo's own command table and the
# workspace around the current folder (lessons, steps, check items), so new commands need no new script.

function __pdo_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    set -l program $tokens[1]
    set -e tokens[1]
    set -l lines ($program __complete fish $tokens "$current" 2> /dev/null)
    or return
    set -l fill $lines[1]
    set -e lines[1]
    switch "$fill"
        case files
            __fish_complete_path "$current"
        case dirs
            __fish_complete_directories "$current"
        case '*'
            printf '%s\n' $lines
    end
end

complete -c pdo -f -a '(__pdo_complete)'
complete -c pdo.exe -f -a '(__pdo_complete)'
