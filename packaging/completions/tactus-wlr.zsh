#compdef tactus-wlr
# zsh completion for tactus-wlr(1)
_arguments \
    '--plugin[the libtactus to load]:library:_files' \
    '--config[the configuration file]:file:_files' \
    '--socket[the Wayland display socket name]:name:' \
    '--control[listen for commands on a Unix socket]:socket path:_files' \
    '--replay[play a tactus-sim trace at start, then quit]:trace:_files' \
    '(-h --help)'{-h,--help}'[print the options]' \
    '--version[print the version]'
