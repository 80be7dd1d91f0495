// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusConfiguration
import TactusCore
import TactusEventLoop

/// Starts the commands of `exec` bindings, in libtactus and in tactusd alike, in order and without piling up.
///
/// - Each command runs with /bin/sh (`Shell`) in a process group of its own (so that it can be ended whole), with
///   /dev/null for its input and the host's environment, cleared of every `TACTUS_*` variable, plus the gesture's.
/// - The commands of a gesture of a binding run one after another, in the order of its steps: a step waits while the
///   gesture's last command still runs, or for `Limits.holdBack` at most (one that hangs is not waited for longer).
///   So a command at `ended` that releases a key never overtakes the `began` one that pressed it. The host says where
///   a binding's gestures begin (`gestureBegins`); a new one's steps do not wait for the commands of earlier ones,
///   which may be applications that run on.
/// - A change does not wait: while the binding is busy it is left out (the next change that runs carries the values
///   then), and so is one of a binding without pacing that comes less than `Limits.unpacedInterval` after the
///   binding's last command started. Beginnings, endings and cancellations wait their turn instead, at most
///   `Limits.waitingPerBinding` of a binding; one beyond that is left out and reported.
/// - At most `Limits.running` commands run at once, and `Limits.runningPerBinding` of a binding; changes take no more
///   than `Limits.runningChanges` and `Limits.runningChangesPerBinding` of those places, so that endings find room.
///   A step due beyond them waits as above. Commands that hang therefore hold a bounded number of places, however
///   long the gesture or the flood of input.
/// - Commands are reaped as they exit, each by its own process id (never another child of the host's): from a timer
///   on the host's event loop while any runs or waits (10 ms, then less often, up to a second, for commands that run
///   long), and whenever the host calls `reap` (tactusd on SIGCHLD). Waiting steps start as places free.
///
/// An application a binding starts counts as running for as long as it runs: one meant to outlive the gesture
/// detaches itself (`exec = "setsid -f foot"`).
///
/// Bindings are told apart by a number the host gives (`for:`); time is the host's input clock (`clock`).
public final class CommandLauncher {
    /// The bounds on commands, the same in every host.
    public enum Limits {
        /// Commands that run at once, of every binding.
        public static let running = 64
        /// Commands of one binding that run at once.
        public static let runningPerBinding = 8
        /// Of those, the places changes may take, in all and of one binding.
        public static let runningChanges = 48
        public static let runningChangesPerBinding = 4
        /// Steps of one binding that wait for their turn.
        public static let waitingPerBinding = 8
        /// How long a running command holds back its binding's next step.
        public static let holdBack = TimeSpan.milliseconds(1000)
        /// The least time between a command of an unpaced binding and its next change's.
        public static let unpacedInterval = TimeSpan.milliseconds(50)
    }

    /// Why a step's command was left out (`failed`).
    public enum Refusal: Error, CustomStringConvertible {
        /// `Limits.waitingPerBinding` of the binding's steps wait already.
        case tooManyWaiting
        /// The host stopped before the step's turn came.
        case stopped
        /// posix_spawn failed.
        case cannotStart(Errno)

        public var description: String {
            switch self {
            case .tooManyWaiting:
                return "\(Limits.waitingPerBinding) of its steps wait for its commands that still run; left out"
            case .stopped: return "stopped before its turn came; left out"
            case .cannotStart(let errno): return "cannot start it: \(errno)"
            }
        }
    }

    /// A command that runs: when it started, of which gesture of its binding, and whether at a change.
    private struct Running {
        let started: Timestamp
        let gesture: Int
        let isChange: Bool
    }

    /// A step whose command waits for its turn, of which gesture of its binding.
    private struct Waiting {
        let command: String
        let variables: [(String, String)]
        let gesture: Int
    }

    /// One binding's commands.
    private struct Commands {
        var running: [pid_t: Running] = [:]
        var waiting: [Waiting] = []
        /// When its latest command started.
        var latestStart: Timestamp?
        /// The binding's gestures, counted: the one whose steps come now.
        var gesture = 0

        var changesRunning: Int { running.values.count(where: \.isChange) }

        /// Whether a command of `gesture` holds its next step back at `now`.
        func holdsBack(_ gesture: Int, at now: Timestamp) -> Bool {
            running.values.contains { $0.gesture == gesture && now - $0.started < Limits.holdBack }
        }


        /// Whether nothing of the binding's is left to keep at `now`: no command runs or waits, and the latest
        /// started too long ago to hold back a change.
        func isSpent(at now: Timestamp) -> Bool {
            running.isEmpty && waiting.isEmpty && latestStart.map { now - $0 >= Limits.holdBack } ?? true
        }
    }

    private var commands: [Int: Commands] = [:]
    private let clock: () -> Timestamp
    private let failed: (_ binding: Int, _ command: String, _ refusal: Refusal) -> Void
    private var timer: OpaquePointer?
    /// The timer's next interval, in milliseconds: short after a command starts, longer while commands run long.
    private var reapInterval: Int32 = CommandLauncher.firstReapInterval
    private static let firstReapInterval: Int32 = 10
    private static let longestReapInterval: Int32 = 1000

    /// A launcher that reaps from a timer on `loop`, with `clock` for the time, and tells `failed` of each step left
    /// out (a binding's, by its number).
    public init(loop: OpaquePointer, clock: @escaping () -> Timestamp = Timestamp.monotonicNow,
                failed: @escaping (_ binding: Int, _ command: String, _ refusal: Refusal) -> Void) {
        self.clock = clock
        self.failed = failed
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
    public var runningCount: Int { commands.values.reduce(0) { $0 + $1.running.count } }

    /// How many steps wait for their turn now.
    public var waitingCount: Int { commands.values.reduce(0) { $0 + $1.waiting.count } }

    /// A gesture of `binding` begins (or, discrete, is recognized): its steps run after one another, but not after
    /// the commands of the binding's earlier gestures.
    public func gestureBegins(of binding: Int) {
        commands[binding, default: Commands()].gesture += 1
    }

    /// Whether a change of `binding` runs its command now (see the type's rules); `paced`: the binding has an
    /// `every-*` pace, which decided already that the change is due.
    public func admitsChange(of binding: Int, paced: Bool) -> Bool {
        let now = clock(), own = commands[binding] ?? Commands()
        if !paced, let latest = own.latestStart, now - latest < Limits.unpacedInterval { return false }
        return own.waiting.isEmpty && !own.holdsBack(own.gesture, at: now)
            && own.changesRunning < Limits.runningChangesPerBinding
            && commands.values.reduce(0, { $0 + $1.changesRunning }) < Limits.runningChanges
    }

    /// Runs the command of `binding`'s `step` with the gesture's `variables`: a change at once (ask
    /// `admitsChange` first), another step at once or when its turn comes. A step left out goes to `failed`.
    public func run(_ command: String, variables: [(String, String)], for binding: Int, step: ActionStep) {
        let gesture = commands[binding, default: Commands()].gesture
        if step == .changed { return start(command, variables: variables, for: binding, gesture: gesture, isChange: true) }
        guard commands[binding, default: Commands()].waiting.count < Limits.waitingPerBinding else {
            return failed(binding, command, .tooManyWaiting)
        }
        commands[binding, default: Commands()].waiting.append(Waiting(command: command, variables: variables,
                                                                      gesture: gesture))
        startWaiting()
        if let timer, waitingCount > 0 { wl_event_source_timer_update(timer, CommandLauncher.firstReapInterval) }
    }

    /// Starts the first waiting step of each binding whose turn it is.
    private func startWaiting() {
        let now = clock()
        for (binding, own) in commands {
            guard let next = own.waiting.first, !own.holdsBack(next.gesture, at: now),
                  own.running.count < Limits.runningPerBinding, runningCount < Limits.running else { continue }
            commands[binding]?.waiting.removeFirst()
            start(next.command, variables: next.variables, for: binding, gesture: next.gesture, isChange: false)
        }
    }

    private func start(_ command: String, variables: [(String, String)], for binding: Int, gesture: Int, isChange: Bool) {
        switch Shell.spawn("eval \"$1\" </dev/null", command: command, variables: variables, ownGroup: true) {
        case .failure(let errno):
            failed(binding, command, .cannotStart(errno))
        case .success(let pid):
            let now = clock()
            commands[binding, default: Commands()].running[pid] = Running(started: now, gesture: gesture, isChange: isChange)
            commands[binding]?.latestStart = now
            reapInterval = CommandLauncher.firstReapInterval
            if let timer { wl_event_source_timer_update(timer, reapInterval) }
        }
    }

    /// Collects the commands that exited, and starts the steps whose turn it is then.
    public func reap() {
        for (binding, own) in commands {
            for pid in own.running.keys {
                var status: Int32 = 0
                // 0: it runs. The pid itself: it exited. -1: not a child any more (a host that reaps every child, or
                // ignores SIGCHLD, took it).
                if waitpid(pid, &status, WNOHANG) != 0 { commands[binding]?.running[pid] = nil }
            }
            // A binding's record goes once spent: the records of a configuration reloaded since do not pile up.
            if commands[binding]?.isSpent(at: clock()) == true { commands[binding] = nil }
        }
        startWaiting()
    }

    private func reapOnTimer() {
        reap()
        guard let timer else { return }
        if waitingCount > 0 {
            // A waiting step's turn comes when a command exits (looked for often) or its hold-back ends.
            wl_event_source_timer_update(timer, CommandLauncher.firstReapInterval)
        } else if runningCount > 0 {
            reapInterval = min(reapInterval * 2, CommandLauncher.longestReapInterval)
            wl_event_source_timer_update(timer, reapInterval)
        }
    }

    /// Stops, once the steps waiting had `wait` to start: steps still waiting then are left out. With `ending`, the
    /// commands running had `wait` to finish too, and those still running then are ended: their process groups get
    /// SIGTERM, then SIGKILL after `grace`, and each is collected. Without, they are left to run, and not waited for
    /// (a compositor that unloads its plugin: the applications its gestures started go on). For a host that stops; it
    /// blocks meanwhile.
    public func stopAll(after wait: TimeSpan, ending: Bool = true, grace: TimeSpan = .milliseconds(500)) {
        reapAll(within: wait, waitingForRunning: ending)
        for (binding, own) in commands {
            for step in own.waiting { failed(binding, step.command, .stopped) }
            commands[binding]?.waiting = []
        }
        guard ending else { return }
        for own in commands.values {
            for pid in own.running.keys { kill(-pid, SIGTERM) }
        }
        reapAll(within: grace, waitingForRunning: true)
        for own in commands.values {
            for pid in own.running.keys {
                kill(-pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }
        commands = [:]
    }

    /// Collects the commands that exit within `time`, and starts the steps whose turn comes, looking every 10 ms, until
    /// no step waits (and, `waitingForRunning`, no command runs).
    private func reapAll(within time: TimeSpan, waitingForRunning: Bool) {
        let deadline = Timestamp.monotonicNow() + time
        reap()
        while (waitingForRunning ? runningCount : 0) + waitingCount > 0, case let now = Timestamp.monotonicNow(),
              now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: Int(min((deadline - now).microseconds, 10_000)) * 1000)
            nanosleep(&pause, nil)
            reap()
        }
    }
}
