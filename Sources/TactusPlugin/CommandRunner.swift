// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusConfiguration

/// Runs the commands of `exec` actions with /bin/sh (`Shell`), without waiting for them. The shell starts the command
/// in the background and exits at once: the command is the init process's to reap, and the shell, reaped from a
/// timer on the display's event loop a moment later, leaves no zombie either.
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

    /// Starts `command`; returns why when it cannot.
    func run(_ command: String) -> Errno? {
        // A background job of the shell, which exits at once: the command is the init process's to reap.
        switch Shell.spawn("eval \"$1\" </dev/null &", command: command) {
        case .failure(let error): return error
        case .success(let shell):
            shells.insert(shell)
            if let timer { wl_event_source_timer_update(timer, CommandRunner.reapInterval) }
            return nil
        }
    }

    private func reap() {
        for shell in shells {
            var status: Int32 = 0
            if waitpid(shell, &status, WNOHANG) != 0 { shells.remove(shell) }
        }
        if !shells.isEmpty, let timer { wl_event_source_timer_update(timer, CommandRunner.reapInterval) }
    }
}
