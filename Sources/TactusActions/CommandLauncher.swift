// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusConfiguration
import TactusCore
import TactusWayland

/// Starts the commands of `exec` bindings, in libtactus and in tactusd alike, and keeps them from piling up.
///
/// - Each command runs with /bin/sh (`Shell`) in a process group of its own (so that it can be ended whole), with
///   /dev/null for its input and the host's environment, cleared of every `TACTUS_*` variable, plus the gesture's.
/// - At most `Limits.running` commands run at once, and at most `Limits.runningPerBinding` of one binding: a step
///   due beyond either is left out (`Refusal`), and the host says so. A command that hangs can therefore hold no
///   more than those places, however long the gesture or the flood of input.
/// - A change runs only once the binding's last command has finished, or has run for `Limits.holdBack` (one that
///   hangs is not waited for longer), and, for a binding without pacing, `Limits.unpacedInterval` after the binding's
///   last command started: an unpaced binding runs at most 20 commands a second however fast the device reports.
///   Beginnings, endings and cancellations are never held back.
/// - Commands are reaped as they exit, each by its own process id (never another child of the host's): from a timer
///   on the host's event loop while any runs (10 ms, then less often, up to a second, for commands that run long),
///   and whenever the host calls `reap` (tactusd on SIGCHLD).
///
/// An application a binding starts counts as running for as long as it runs: one meant to outlive the gesture
/// detaches itself (`exec = "setsid -f foot"`).
public final class CommandLauncher {
    /// The bounds on commands, the same in every host.
    public enum Limits {
        /// Commands that run at once, of every binding.
        public static let running = 64
        /// Commands of one binding that run at once.
        public static let runningPerBinding = 8
        /// How long a running command holds back its binding's changes.
        public static let holdBack = TimeSpan.milliseconds(1000)
        /// The least time between a command of an unpaced binding and its next change's.
        public static let unpacedInterval = TimeSpan.milliseconds(50)
    }

    /// Why a step's command did not start.
    public enum Refusal: Error, CustomStringConvertible {
        /// `Limits.running` commands run already.
        case tooManyRunning
        /// `Limits.runningPerBinding` of the binding's commands run already.
        case tooManyOfTheBinding
        /// posix_spawn failed.
        case cannotStart(Errno)

        public var description: String {
            switch self {
            case .tooManyRunning: return "\(Limits.running) commands still run; left out"
            case .tooManyOfTheBinding: return "\(Limits.runningPerBinding) of its commands still run; left out"
            case .cannotStart(let errno): return "cannot start it: \(errno)"
            }
        }
    }

    /// A command that runs: which binding started it, and when (the time of the update that ran it).
    private struct Command {
        let binding: Int
        let started: Timestamp
    }

    private var running: [pid_t: Command] = [:]
    /// When each binding's latest command started.
    private var latestStart: [Int: Timestamp] = [:]
    private var timer: OpaquePointer?
    /// The timer's next interval, in milliseconds: short after a command starts, longer while commands run long.
    private var reapInterval: Int32 = CommandLauncher.firstReapInterval
    private static let firstReapInterval: Int32 = 10
    private static let longestReapInterval: Int32 = 1000

    /// A launcher that reaps from a timer on `loop`.
    public init(loop: OpaquePointer) {
        timer = wl_event_loop_add_timer(loop, { data in
            guard let data else { return 0 }
            Unmanaged<CommandLauncher>.fromOpaque(data).takeUnretainedValue().reapOnTimer()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Commands still running are left to run: they may be applications the user started with a gesture.
    deinit {
        if let timer { wl_event_source_remove(timer) }
    }

    /// How many commands run now.
    public var runningCount: Int { running.count }

    /// Whether a change of `binding` at `time` runs its command (see the type's rules); `paced`: the binding has an
    /// `every-*` pace, which decided already that the change is due.
    public func admitsChange(of binding: Int, at time: Timestamp, paced: Bool) -> Bool {
        if !paced, let latest = latestStart[binding], time - latest < Limits.unpacedInterval { return false }
        return !running.values.contains { $0.binding == binding && time - $0.started < Limits.holdBack }
    }

    /// Starts `command` for `binding` at `time` with the gesture's `variables`; returns its process id, or why not.
    public func run(_ command: String, variables: [(String, String)], for binding: Int,
                    at time: Timestamp) -> Result<pid_t, Refusal> {
        guard running.count < Limits.running else { return .failure(.tooManyRunning) }
        guard running.values.count(where: { $0.binding == binding }) < Limits.runningPerBinding else {
            return .failure(.tooManyOfTheBinding)
        }
        switch Shell.spawn("eval \"$1\" </dev/null", command: command, variables: variables, ownGroup: true) {
        case .failure(let errno):
            return .failure(.cannotStart(errno))
        case .success(let pid):
            running[pid] = Command(binding: binding, started: time)
            latestStart[binding] = time
            reapInterval = CommandLauncher.firstReapInterval
            if let timer { wl_event_source_timer_update(timer, reapInterval) }
            return .success(pid)
        }
    }

    /// Collects the commands that exited.
    public func reap() {
        for pid in running.keys {
            var status: Int32 = 0
            // 0: it runs. The pid itself: it exited. -1: not a child any more (a host that reaps every child, or
            // ignores SIGCHLD, took it).
            if waitpid(pid, &status, WNOHANG) != 0 { running[pid] = nil }
        }
    }

    private func reapOnTimer() {
        reap()
        guard !running.isEmpty, let timer else { return }
        reapInterval = min(reapInterval * 2, CommandLauncher.longestReapInterval)
        wl_event_source_timer_update(timer, reapInterval)
    }

    /// Ends the commands still running, once they had `wait` to finish: their process groups get SIGTERM, then
    /// SIGKILL after `grace`, and each is collected. For a host that stops (tactusd); it blocks meanwhile.
    public func stopAll(after wait: TimeSpan, grace: TimeSpan = .milliseconds(500)) {
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
        let deadline = Timestamp.monotonicNow() + time
        reap()
        while !running.isEmpty, case let now = Timestamp.monotonicNow(), now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: Int(min((deadline - now).microseconds, 10_000)) * 1000)
            nanosleep(&pause, nil)
            reap()
        }
    }
}
