#compdef tactusd
# zsh completion for tactusd(1)
_arguments \
    '--config[the configuration file]:file:_files' \
    '--seat[the udev seat whose devices to use]:seat:' \
    '*--device[a device node instead of the seat]:device node:_files' \
    '--check[check the configuration file (or FILE) and exit]' \
    '--list-devices[print the touch devices it would use and exit]' \
    '--verbose[print gestures, failures and commands]' \
    '--dry-run[print the commands instead of running them]' \
    '--replay[play a tactus-sim trace instead of listening, then exit]:trace:_files' \
    '(-h --help)'{-h,--help}'[print the options]' \
    '--version[print the version]' \
    '::configuration file:_files'
