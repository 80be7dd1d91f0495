# bash completion for tactus-wlr(1)
_tactus_wlr() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
    case "$previous" in
        --plugin | --config | --control | --replay) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --socket) COMPREPLY=(); return ;;
    esac
    COMPREPLY=($(compgen -W "--plugin --config --socket --control --replay --help --version" -- "$current"))
}
complete -o filenames -F _tactus_wlr tactus-wlr
