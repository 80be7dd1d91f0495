// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusActions
import TactusConfiguration
import TactusCore
import TactusEventLoop
import TactusLibinput
import TactusPlatform

/// The daemon: libinput's devices (or a replayed trace) feed the engine, which runs on a `wl_event_loop` of the
/// daemon's own (no display: the loop is libwayland's, for its descriptors, timers and signals), and the
/// configuration's `exec` bindings run as `BindingRuntime` runs them in every host. It sleeps on libinput's
/// descriptor (or the replay's timer), the engine's timer and its signals; SIGTERM and SIGINT cancel the gestures in
/// progress (their `cancelled` commands run) and stop it, SIGHUP reloads.
final class Daemon {
    /// What the daemon says, and where.
    struct Output {
        /// Each recognized gesture, each binding's failure and why, and each command (`--verbose`).
        var verbose = false
        /// Print the commands instead of running them (`--dry-run`).
        var dryRun = false
    }

    /// Where the input comes from.
    enum Input {
        /// A udev seat's devices, through libinput.
        case seat(String)
        /// Device nodes, through libinput.
        case devices([String])
        /// Nothing live: the events come from `replay`.
        case replayed
    }

    private let loop: OpaquePointer
    private let engineLoop: EngineLoop
    private var source: LibinputSource?
    private let configurationPath: String
    private let output: Output
    /// The engine's clock, and the launcher's: the monotonic one, or a replayed trace's own.
    private let clock = InputClock()
    private var bindings: BindingRuntime!
    /// The runtime's key for the next binding, new at each reload (commands of a binding reloaded away are not the new
    /// one's at its place), and each binding's number in the file (from 1), by key, for what the daemon says.
    private var nextKey = 1
    private var numberOfBinding: [Int: Int] = [:]
    /// A replay's events still to play, the next one read already, and the timer that plays them.
    private var replayed: ReplayedEvents?
    private var sources: [OpaquePointer] = []
    private var stopping = false
    /// The compositor's focused application, followed while a binding in force names applications.
    private var focus: FocusWatcher?
    /// tactusd's connection to the compositor, made when something needs it (the focus, the feedback, edge strips).
    private lazy var compositor = CompositorConnection(loop: loop)
    /// What tactusd puts on screen while the configuration asks for it: the feedback (`[feedback]`) and the edge strips
    /// (edge swipes' bindings), placed through the compositor's layer shell; and what was said of it last.
    private var layerShell: LayerShell?
    private var overlay: Overlay?
    private var strips: EdgeStrips?
    private var saidOfScreen: String?
    /// The devices present, for the feedback and the strips made after they came.
    private var devices: [DeviceID: DeviceDescription] = [:]
    /// When the devices were last read, how many events they gave so far, whether they are read at the flood's pace,
    /// and the sources that read them: when readable, or every `readingInterval` (`readInput`).
    private var lastRead: Timestamp?
    private var eventsRead = 0
    private var isPacingReads = false
    private var devicesReadable: OpaquePointer?
    private var nextRead: OpaquePointer?

    /// Opens the devices of `input` and reads the configuration, on `loop`, which must outlive the daemon (its timers
    /// and its engine's are removed from it when the daemon goes); throws what stops it starting.
    init(loop: OpaquePointer, input: Input, configurationPath: String, output: Output) throws {
        self.loop = loop
        self.configurationPath = configurationPath
        self.output = output
        engineLoop = EngineLoop(loop: loop, clock: { [clock] in clock.now() })
        bindings = BindingRuntime(engineLoop: engineLoop, loop: loop, clock: { [clock] in clock.now() },
                                  hostAction: { _, _ in }, report: { [unowned self] report in tell(report) })
        bindings.startsCommands = !output.dryRun
        let deliver: (InputEvent, Timestamp) -> Void = { [unowned self] event, time in
            eventsRead &+= 1
            feed(event, at: time)
        }
        let log: (String) -> Void = { say("tactusd: \($0)") }
        do {
            switch input {
            case .seat(let seat): source = try LibinputSource(seat: seat, log: log, deliver: deliver)
            case .devices(let nodes): source = try LibinputSource(paths: nodes, log: log, deliver: deliver)
            case .replayed: source = nil
            }
        } catch {
            throw DaemonError("cannot open the input devices: \(error)")
        }
        guard reload() else { throw DaemonError("no configuration to run") }
        let data = Unmanaged.passUnretained(self).toOpaque()
        if let source {
            // The configuration in force: its [[device]] settings place the devices libinput adds.
            source.placement = { [unowned self] report in placement(of: report, in: bindings.configuration) }
            devicesReadable = wl_event_loop_add_fd(loop, source.fileDescriptor, UInt32(WL_EVENT_READABLE), { _, _, data in
                Daemon.of(data).readInput()
                return 0
            }, data)
            nextRead = wl_event_loop_add_timer(loop, { data in
                Daemon.of(data).readInput()
                return 0
            }, data)
            sources += [devicesReadable, nextRead].compactMap { $0 }
        }
        for signal in [SIGHUP, SIGTERM, SIGINT, SIGCHLD] {
            sources.append(wl_event_loop_add_signal(loop, signal, { signal, data in
                Daemon.of(data).received(signal)
                return 0
            }, data))
        }
    }

    deinit {
        // What is on screen goes first, while its connection to the compositor stands.
        (overlay, strips, layerShell, focus) = (nil, nil, nil, nil)
        for source in sources { wl_event_source_remove(source) }
        if let replayed { wl_event_source_remove(replayed.timer) }
    }

    /// How often the devices are read while input floods: every 8 ms, a 120 Hz display's frame; and what a flood is:
    /// reads that find events less than 3 ms apart, input of over 333 frames a second (a 480 Hz panel; two devices of
    /// 120 Hz interleaved are not one). Other input is read as each frame comes. A flood is read every 8 ms, a few
    /// frames at a time, each at most 8 ms late and with its own time, so that recognition is the same, for a fraction
    /// of the wakeups and reads (docs/robustness.md).
    static let readingInterval = TimeSpan.milliseconds(8)
    static let floodGap = TimeSpan.milliseconds(3)

    /// Reads what the devices sent and hands it to the engine. A read that finds events less than `floodGap` after the
    /// last one starts the flood's pace: the devices are no longer watched, but read from a timer every
    /// `readingInterval`, until a read finds nothing, when they are watched again.
    private func readInput() {
        let now = Timestamp.monotonicNow(), before = eventsRead
        let soon = lastRead.map { now - $0 < Self.floodGap } ?? false
        lastRead = now
        source?.dispatch()
        let flooding = eventsRead != before && (isPacingReads || soon)
        if flooding != isPacingReads, let devicesReadable {
            isPacingReads = flooding
            wl_event_source_fd_update(devicesReadable, flooding ? 0 : UInt32(WL_EVENT_READABLE))
        }
        if flooding, let nextRead {
            wl_event_source_timer_update(nextRead, Int32(Self.readingInterval.microseconds / 1000))
        }
    }

    /// An input event, to the engine and to what shows on screen.
    private func feed(_ event: InputEvent, at time: Timestamp) {
        switch event {
        case .deviceAdded(let device): devices[device.id] = device
        case .deviceRemoved(let id): devices[id] = nil
        default: break
        }
        overlay?.note(event)
        strips?.note(event)
        engineLoop.handle(event, at: time)
    }

    private static func of(_ data: UnsafeMutableRawPointer?) -> Daemon {
        Unmanaged<Daemon>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Runs until SIGTERM or SIGINT (or a replay's end), then stops: the gestures in progress are cancelled, so
    /// that their `cancelled` commands run, and the commands still running get `CommandLauncher.Limits.holdBack` to
    /// finish before they are ended.
    func run() {
        while !stopping {
            StandardOutput.flush()
            wl_event_loop_dispatch(loop, -1)
        }
        bindings.stop(after: CommandLauncher.Limits.holdBack, endingCommands: true)
        StandardOutput.flush()
    }

    /// Plays recorded events, `next` giving them in order as it reads them, on the engine at their own times and in
    /// real time, as live input comes: from the loop, which meanwhile fires the engine's deadlines at their own times
    /// and takes signals. A second after the last event (for the deadlines after it), the daemon stops as `run`
    /// does. What `next` throws (a line of the trace that is bad) stops the replay there, as a signal would, and is
    /// thrown once the daemon has stopped: what played until then stands.
    func replay(_ next: @escaping () throws -> (time: Timestamp, event: InputEvent)?) throws {
        guard let timer = wl_event_loop_add_timer(loop, { data in
            Daemon.of(data).playDueEvents()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque()) else { throw DaemonError("cannot add the replay's timer") }
        replayed = ReplayedEvents(next: next, timer: timer)
        playDueEvents()
        run()
        if let failure = replayed?.failure { throw failure }
    }

    /// Plays the replay's events that are due by now on the input clock, and arms its timer for the next one.
    private func playDueEvents() {
        guard var replay = replayed else { return }
        defer { replayed = replay }
        do {
            while let (time, event) = try replay.upcoming() {
                if !replay.started {
                    // The trace's first event is now: the input clock runs at the trace's times from here.
                    clock.offset = time - Timestamp.monotonicNow()
                    replay.started = true
                }
                let now = clock.now()
                guard time <= now else {
                    wl_event_source_timer_update(replay.timer, Int32(clamping: ((time - now).microseconds + 999) / 1000))
                    return
                }
                engineLoop.advance(to: time)
                feed(event, at: time)
                replay.played(at: time, late: now - time)
            }
        } catch {
            replay.failure = error
            stopping = true
            return
        }
        // Done: the deadlines a second after the last event still fire, then the daemon stops.
        let end = (replay.last ?? .zero) + .milliseconds(1000)
        let left = end - clock.now()
        if left > .zero && !replay.ending {
            replay.ending = true
            wl_event_source_timer_update(replay.timer, Int32(clamping: (left.microseconds + 999) / 1000))
            return
        }
        engineLoop.advance(to: end)
        let duration = Double(((replay.last ?? .zero) - (replay.first ?? .zero)).microseconds) / 1_000_000
        say("tactusd: replayed \(replay.count) events of \(duration) s; the latest came \(replay.latest.microseconds / 1000) ms late")
        stopping = true
    }

    private func received(_ signal: Int32) {
        switch signal {
        case SIGHUP: reload()
        case SIGCHLD: bindings.reap()
        default: stopping = true
        }
    }

    // MARK: Bindings

    /// Reads the configuration file and puts its `exec` bindings in force; a file that cannot be read leaves the
    /// bindings in force as they are. Returns whether the file (or its absence: no bindings) is in force.
    @discardableResult
    func reload() -> Bool {
        let configuration: Configuration
        do {
            configuration = try Configuration(contentsOf: configurationPath)
        } catch where error.line == 0 && access(configurationPath, F_OK) != 0 {
            say("tactusd: no configuration at \(configurationPath): no bindings")
            configuration = Configuration()
        } catch {
            say("tactusd: \(error); keeping the configuration in force")
            return false
        }
        bindings.removeAll()
        bindings.configuration = configuration
        numberOfBinding = [:]
        for (index, binding) in configuration.bindings.enumerated() {
            guard binding.action.isCommand else {
                say("tactusd: binding \(index + 1) (\(binding.name)): host actions are a compositor's; tactusd runs exec "
                    + "and stream actions only, and leaves this binding out")
                continue
            }
            bindings.add(binding, as: nextKey)
            numberOfBinding[nextKey] = index + 1
            nextKey += 1
        }
        say("tactusd: \(bindings.keys.count) bindings from \(configurationPath)")
        followFocus(if: configuration.bindings.contains { $0.applications != nil })
        var widths: [Edge: Double] = [:]
        for number in numberOfBinding.values {
            guard let strip = configuration.bindings[number - 1].edgeStrip else { continue }
            widths[strip.edge] = max(widths[strip.edge] ?? 0, strip.width)
        }
        show(feedback: configuration.feedback, strips: widths)
        return true
    }

    /// Shows the feedback when `feedback` is given, and the edge strips of `widths` (millimetres by edge), through the
    /// compositor's layer shell; takes them away when not.
    private func show(feedback: FeedbackSettings?, strips widths: [Edge: Double]) {
        guard feedback != nil || !widths.isEmpty else {
            (overlay, strips, layerShell, saidOfScreen) = (nil, nil, nil, nil)
            return
        }
        let shell = layerShell ?? LayerShell(connection: compositor)
        layerShell = shell
        if let feedback {
            if let overlay { overlay.settings = feedback } else { overlay = Overlay(shell: shell, loop: loop, settings: feedback) }
        } else {
            overlay = nil
        }
        if widths.isEmpty {
            strips = nil
        } else if strips == nil {
            strips = EdgeStrips(shell: shell)
        }
        for device in devices.values {
            overlay?.note(.deviceAdded(device))
            strips?.note(.deviceAdded(device))
        }
        strips?.widths = widths
        shell.changed = { [unowned self] in
            overlay?.outputsChanged()
            strips?.outputsChanged()
            sayWhatShows()
        }
        sayWhatShows()
    }

    /// Says, once for each change, whether the feedback and the strips can show, and where.
    private func sayWhatShows() {
        let what = LayerShell.parts(feedback: overlay != nil, strips: Array(strips?.widths.keys ?? [:].keys))
        guard let message = layerShell?.standing(showing: what), message != saidOfScreen else { return }
        saidOfScreen = message
        say("tactusd: " + message)
    }

    /// Follows the compositor's focused application while `needed` (a binding names applications), for the engine,
    /// which starts interactions over it (`Engine.focusedApplication`); stops following it when not.
    private func followFocus(if needed: Bool) {
        guard needed else {
            focus = nil
            engineLoop.engine.focusedApplication = nil
            return
        }
        guard focus == nil else { return }
        let watcher = FocusWatcher(connection: compositor, say: say) { [unowned self] application in
            engineLoop.engine.focusedApplication = application
            if output.verbose { say("tactusd: the focused application is \(application ?? "none")") }
        }
        focus = watcher
        watcher.settle(within: FocusWatcher.patience)
    }

    /// Says what the bindings do, as `output` asks: each step (`--verbose`), each command (`--verbose`, `--dry-run`),
    /// and always each command left out.
    private func tell(_ report: BindingRuntime.Report) {
        switch report {
        case .update(let update, let key):
            guard let number = numberOfBinding[key] else { return }
            overlay?.note(update, of: key, binding: bindings.configuration.bindings[number - 1],
                          millimetresPerPixel: engineLoop.millimetresPerPixel[update.device] ?? Vector(dx: 1, dy: 1))
            guard output.verbose else { return }
            let why = update.reason.map { " (\($0.rawValue))" } ?? ""
            say("tactusd: binding \(number): \(update.kind.kebabName) \(update.phase.rawValue)\(why)")
        case .command(let command, let variables, let key):
            guard output.dryRun || output.verbose, let number = numberOfBinding[key] else { return }
            say("tactusd: binding \(number) runs: \(variables.map { "\($0.0)=\($0.1)" }.joined(separator: " ")) \(command)")
        case .leftOut(let command, let refusal, let key):
            say("tactusd: \(bindingName(key))'s command \(command): \(refusal)")
        case .streamLine(let line, let key):
            guard output.dryRun || output.verbose, let number = numberOfBinding[key] else { return }
            say("tactusd: binding \(number) streams: \(line.dropLast())")
        case .stream(let message, let key):
            say("tactusd: \(bindingName(key))'s stream \(message)")
        }
    }

    /// How the daemon names a binding in what it says: by its number in the file.
    private func bindingName(_ key: Int) -> String {
        numberOfBinding[key].map { "binding \($0)" } ?? "a binding reloaded since"
    }
}

/// The input clock: the monotonic clock, which libinput stamps events with, moved to a trace's own times while one
/// replays.
private final class InputClock {
    var offset = TimeSpan.zero
    func now() -> Timestamp { Timestamp.monotonicNow() + offset }
}

/// A replay's events: read one ahead of the engine, so that the timer can wait for the next one's time.
private struct ReplayedEvents {
    let next: () throws -> (time: Timestamp, event: InputEvent)?
    let timer: OpaquePointer
    /// The next event, read and not yet played.
    private var pending: (time: Timestamp, event: InputEvent)?
    /// Whether the first event played (the input clock is the trace's from then).
    var started = false
    /// The times of the first and the last event played, how many played, and the most one came late.
    private(set) var first: Timestamp?, last: Timestamp?
    private(set) var count = 0
    private(set) var latest = TimeSpan.zero
    /// Whether only the second after the last event is left.
    var ending = false
    /// What stopped the replay before its end: a line of the trace that is bad.
    var failure: Error?

    init(next: @escaping () throws -> (time: Timestamp, event: InputEvent)?, timer: OpaquePointer) {
        self.next = next
        self.timer = timer
    }

    /// The next event to play, read now if it is not yet; nil at the end.
    mutating func upcoming() throws -> (time: Timestamp, event: InputEvent)? {
        if pending == nil { pending = try next() }
        return pending
    }

    /// The upcoming event, of `time`, was played `late` after it.
    mutating func played(at time: Timestamp, late: TimeSpan) {
        pending = nil
        first = first ?? time
        last = time
        count += 1
        latest = max(latest, late)
    }
}

/// Where a device libinput adds goes, by the first [[device]] of `configuration` that matches its name: the turn
/// of its touches, its size when libinput has none, or nowhere. Without one, as it is.
func placement(of report: LibinputSource.DeviceReport, in configuration: Configuration) -> LibinputSource.Placement {
    guard let settings = configuration.settings(forDevice: report.name) else { return LibinputSource.Placement() }
    return LibinputSource.Placement(transform: DeviceTransform(rotation: settings.rotation), fallbackSize: settings.size,
                                    ignored: settings.ignore)
}

/// Why the daemon cannot start.
struct DaemonError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A line on standard output. The daemon's loop sends what was said before it sleeps (`Daemon.run`), so that tests and
/// journals read each line as it comes, with one write for what a turn of the loop said rather than one a line; the
/// program sends the rest before it exits (`Tactusd.run`).
func say(_ line: String) {
    StandardOutput.say(line)
}
