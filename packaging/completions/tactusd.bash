# bash completion for tactusd(1)
_tactusd() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
    case "$previous" in
        --config | --device | --replay) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --seat) COMPREPLY=(); return ;;
    esac
    COMPREPLY=($(compgen -W "--config --seat --device --check --list-devices --verbose --dry-run --replay --help --version" -- "$current"))
    [[ "$current" == -* ]] || COMPREPLY+=($(compgen -f -- "$current"))
}
complete -o filenames -F _tactusd tactusd
