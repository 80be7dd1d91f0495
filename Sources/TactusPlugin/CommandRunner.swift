// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc

/// Runs the commands of `exec` actions with /bin/sh, without waiting for them. The shell starts the command in
/// the background and exits at once: the command is the init process's to reap, and the shell, reaped from a
/// timer on the display's event loop a moment later, leaves no zombie either. Commands start with the default
/// signal dispositions and an empty signal mask, whatever the compositor set for itself.
final class CommandRunner {
    private var shells: Set<pid_t> = []
    private var timer: OpaquePointer?
    /// How often exited shells are looked for while any has not been reaped.
    static let reapInterval: Int32 = 20

    init(loop: OpaquePointer?) {
        timer = wl_event_loop_add_timer(loop, { data in
            guard let data else { return 0 }
            Unmanaged<CommandRunner>.fromOpaque(data).takeUnretainedValue().reap()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        // The shells exit at once: wait for them rather than leave zombies behind.
        for shell in shells {
            var status: Int32 = 0
            waitpid(shell, &status, 0)
        }
        if let timer { wl_event_source_remove(timer) }
    }

    /// Starts `command`; returns the errno when it cannot.
    func run(_ command: String) -> Int32? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The command is the shell's first argument, evaluated in a background job: no quoting to get wrong.
        let arguments: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", "eval \"$1\" </dev/null &", "sh", command]
            .map { (word: String) in strdup(word) }
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", nil, &attributes, arguments + [nil], environ)
        guard status == 0 else { return status }
        shells.insert(pid)
        if let timer { wl_event_source_timer_update(timer, CommandRunner.reapInterval) }
        return nil
    }

    private func reap() {
        for shell in shells {
            var status: Int32 = 0
            if waitpid(shell, &status, WNOHANG) != 0 { shells.remove(shell) }
        }
        if !shells.isEmpty, let timer { wl_event_source_timer_update(timer, CommandRunner.reapInterval) }
    }
}
