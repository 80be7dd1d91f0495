// SPDX-License-Identifier: MIT
import Glibc
import TactusConfiguration
import TactusCore
import TactusWayland

/// Starts the commands of `exec` bindings with /bin/sh (`Shell`) and keeps track of them: each runs in a process
/// group of its own, with the daemon's environment plus the gesture's variables and nothing for its input. `reap()`
/// (on SIGCHLD) collects those that exited; `stopAll()` ends the ones still running when the daemon stops, so that
/// none is left behind.
final class Launcher {
    /// A command that runs, by its process id: which binding started it, and when.
    private(set) var running: [pid_t: (binding: Int, started: Timestamp)] = [:]

    /// How long a running command holds back its binding's changes: one that hangs is not waited for longer.
    static let holdBack = TimeSpan.milliseconds(1000)

    /// Whether `binding` has a command that started less than `holdBack` before `now` and still runs.
    func isBusy(_ binding: Int, at now: Timestamp) -> Bool {
        running.values.contains { $0.binding == binding && now - $0.started < Launcher.holdBack }
    }

    /// Starts `command` for `binding`, with the gesture's `variables`; returns why when it cannot.
    func run(_ command: String, variables: [(String, String)], for binding: Int, at now: Timestamp) -> Errno? {
        switch Shell.spawn("eval \"$1\" </dev/null", command: command, variables: variables, ownGroup: true) {
        case .failure(let error): return error
        case .success(let pid):
            running[pid] = (binding, now)
            return nil
        }
    }

    /// Collects every command that exited.
    func reap() {
        var status: Int32 = 0
        while case let pid = waitpid(-1, &status, WNOHANG), pid > 0 {
            running[pid] = nil
        }
    }

    /// Ends the commands still running: their process groups get SIGTERM, then SIGKILL after `grace`, and each is
    /// collected.
    func stopAll(grace: TimeSpan = .milliseconds(500)) {
        reap()
        guard !running.isEmpty else { return }
        for pid in running.keys { kill(-pid, SIGTERM) }
        let deadline = Timestamp.monotonicNow() + grace
        while !running.isEmpty && Timestamp.monotonicNow() < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            reap()
        }
        for pid in running.keys {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        running = [:]
    }
}
