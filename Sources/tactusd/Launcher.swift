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

    /// Ends the commands still running, once they had `wait` to finish: their process groups get SIGTERM, then
    /// SIGKILL after `grace`, and each is collected.
    func stopAll(after wait: TimeSpan = .zero, grace: TimeSpan = .milliseconds(500)) {
        reapAll(within: wait)
        for pid in running.keys { kill(-pid, SIGTERM) }
        reapAll(within: grace)
        for pid in running.keys {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        running = [:]
    }

    /// Collects the commands that exit within `time`, looking every 10 ms.
    private func reapAll(within time: TimeSpan) {
        wait(until: Timestamp.monotonicNow() + time, orUntilNoneRuns: true)
    }

    /// Sleeps until `deadline` on the monotonic clock (a replay's next event), collecting the commands that exit
    /// meanwhile; with `orUntilNoneRuns`, no longer than they run.
    func wait(until deadline: Timestamp, orUntilNoneRuns: Bool = false) {
        reap()
        while !(orUntilNoneRuns && running.isEmpty), case let now = Timestamp.monotonicNow(), now < deadline {
            let left = min((deadline - now).microseconds, 10_000)
            var pause = timespec(tv_sec: 0, tv_nsec: Int(left) * 1000)
            nanosleep(&pause, nil)
            reap()
        }
    }
}
