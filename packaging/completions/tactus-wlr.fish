# fish completion for tactus-wlr(1)
complete -c tactus-wlr -l plugin -r -F -d 'the libtactus to load'
complete -c tactus-wlr -l config -r -F -d 'the configuration file'
complete -c tactus-wlr -l socket -x -d 'the Wayland display socket name'
complete -c tactus-wlr -l control -r -F -d 'listen for commands on a Unix socket'
complete -c tactus-wlr -l replay -r -F -d 'play a tactus-sim trace at start, then quit'
complete -c tactus-wlr -s h -l help -d 'print the options'
complete -c tactus-wlr -l version -d 'print the version'
