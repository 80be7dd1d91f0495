// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusConfiguration
import TactusCore
import TactusLibinput
import TactusSimulation
import TactusWayland

/// The daemon: libinput's devices feed the engine, which runs on a `wl_event_loop` of the daemon's own (no display:
/// the loop is libwayland's, for its descriptors, timers and signals), and the configuration's `exec` bindings run
/// their commands at the steps they name. It sleeps on libinput's descriptor, the engine's timer and its signals.
final class Daemon: AttachmentOwner {
    /// What the daemon says, and where.
    struct Output {
        /// Each recognized gesture, each binding's failure and why, and each command (`--verbose`).
        var verbose = false
        /// Print the commands instead of running them (`--dry-run`).
        var dryRun = false
    }

    /// A binding that runs: its configuration, its number in the file (from 1), what it became in the engine, and
    /// its pacer.
    private struct Running {
        let configuration: BindingConfiguration
        let number: Int
        let attachments: [AttachmentID]
        var pacer: ActionPacer
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
    private let launcher = Launcher()
    private var bindings: [Running] = []
    /// The configuration in force: its [[device]] settings place the devices libinput adds.
    private var configuration = Configuration()
    private var bindingOfAttachment: [AttachmentID: Int] = [:]
    /// Millimetres per layout pixel of each device, for the commands' lengths.
    private var millimetresPerPixel: [DeviceID: Vector] = [:]
    private var sources: [OpaquePointer] = []
    private var stopping = false

    /// Opens the devices of `input` and reads the configuration; throws what stops it starting.
    init(input: Input, configurationPath: String, output: Output) throws {
        guard let loop = wl_event_loop_create() else { throw DaemonError("cannot create an event loop") }
        self.loop = loop
        self.configurationPath = configurationPath
        self.output = output
        engineLoop = EngineLoop(loop: loop)
        let deliver: (InputEvent, Timestamp) -> Void = { [unowned self] event, time in handle(event, at: time) }
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
            source.placement = { [unowned self] report in placement(of: report, in: configuration) }
            sources.append(wl_event_loop_add_fd(loop, source.fileDescriptor, UInt32(WL_EVENT_READABLE), { _, _, data in
                Daemon.of(data).source?.dispatch()
                return 0
            }, data))
        }
        for signal in [SIGHUP, SIGTERM, SIGINT, SIGCHLD] {
            sources.append(wl_event_loop_add_signal(loop, signal, { signal, data in
                Daemon.of(data).received(signal)
                return 0
            }, data))
        }
    }

    deinit {
        for source in sources { wl_event_source_remove(source) }
        wl_event_loop_destroy(loop)
    }

    private static func of(_ data: UnsafeMutableRawPointer?) -> Daemon {
        Unmanaged<Daemon>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Runs until SIGTERM or SIGINT, then ends the commands still running.
    func run() {
        while !stopping { wl_event_loop_dispatch(loop, -1) }
        launcher.stopAll()
    }

    /// Plays a trace's events on the engine at their own times as it reads them, in real time (so that commands run as
    /// they would have, one of a binding at a time), lets the engine's deadlines after them pass, and gives the commands
    /// they started `Launcher.holdBack` to finish. Throws what is wrong with a line of the trace, once the commands of
    /// the events before it had that time.
    func replay(_ trace: TraceReader) throws {
        defer { launcher.stopAll(after: Launcher.holdBack) }
        var origin: Timestamp?, last = Timestamp.zero
        let start = Timestamp.monotonicNow()
        while let (time, event) = try trace.next() {
            let first = origin ?? time
            origin = first
            launcher.wait(until: start + (time - first))
            engineLoop.advance(to: time)
            handle(event, at: time)
            last = time
        }
        engineLoop.advance(to: last + .milliseconds(1000))
    }

    private func received(_ signal: Int32) {
        switch signal {
        case SIGHUP: reload()
        case SIGCHLD: launcher.reap()
        default: stopping = true
        }
    }

    // MARK: Input

    /// Hands an event to the engine; a device's scale is kept from its arrival until what it had in flight ended.
    private func handle(_ event: InputEvent, at time: Timestamp) {
        if case .deviceAdded(let device) = event {
            let scale = device.pixelsPerMillimetre
            millimetresPerPixel[device.id] = Vector(dx: 1 / scale.dx, dy: 1 / scale.dy)
        }
        engineLoop.handle(event, at: time)
        if case .deviceRemoved(let id) = event { millimetresPerPixel[id] = nil }
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
        self.configuration = configuration
        for binding in bindings { binding.attachments.forEach(engineLoop.detach) }
        bindings = []
        bindingOfAttachment = [:]
        for (index, binding) in configuration.bindings.enumerated() {
            guard case .exec = binding.action else {
                say("tactusd: binding \(index + 1) (\(binding.name)): host actions are a compositor's; tactusd runs exec "
                    + "actions only, and leaves this binding out")
                continue
            }
            let attachments = binding.attachments(thresholds: configuration.thresholds,
                                                  deviceRules: configuration.deviceRules(for: binding)).map {
                engineLoop.attach($0.gesture, to: $0.target, options: $0.options, owner: self)
            }
            for attachment in attachments { bindingOfAttachment[attachment] = bindings.count }
            bindings.append(Running(configuration: binding, number: index + 1, attachments: attachments,
                                    pacer: ActionPacer(pace: binding.pace)))
        }
        say("tactusd: \(bindings.count) bindings from \(configurationPath)")
        return true
    }

    func receive(_ update: GestureUpdate) {
        guard let index = bindingOfAttachment[update.attachment] else { return }
        let binding = bindings[index].configuration, number = bindings[index].number
        let scale = millimetresPerPixel[update.device] ?? Vector(dx: 1, dy: 1)
        if update.phase == .began && update.recognizer == binding.actingRecognizer {
            bindings[index].pacer.measure(from: update, millimetresPerPixel: scale)
        }
        if output.verbose {
            let why = update.reason.map { " (\($0.rawValue))" } ?? ""
            say("tactusd: binding \(number): \(update.kind.kebabName) \(update.phase.rawValue)\(why)")
        }
        guard binding.runs(update), case .exec(let command) = binding.action,
              let paces = bindings[index].pacer.paces(at: update, millimetresPerPixel: scale) else { return }
        // A change while the binding's last command still runs is left out: the next change that runs carries the
        // gesture's values then, and the paces since. Beginnings and endings always run.
        if update.phase == .changed && launcher.isBusy(index, at: update.time) { return }
        let step = bindings[index].pacer.step(at: update, millimetresPerPixel: scale)
        bindings[index].pacer.measure(from: update, millimetresPerPixel: scale)
        let variables = ActionEnvironment.variables(for: update, millimetresPerPixel: scale, paces: paces, step: step)
        if output.dryRun || output.verbose {
            say("tactusd: binding \(number) runs: \(variables.map { "\($0.0)=\($0.1)" }.joined(separator: " ")) \(command)")
        }
        guard !output.dryRun else { return }
        if let failure = launcher.run(command, variables: variables, for: index, at: update.time) {
            say("tactusd: cannot run \(command): \(failure)")
        }
    }

    func released(_ attachment: AttachmentID) {}
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

/// A line on standard output, at once: tests and journals read it as it comes.
func say(_ line: String) {
    print(line)
    fflush(nil)
}
