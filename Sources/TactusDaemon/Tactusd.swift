// SPDX-License-Identifier: MIT
import CTactusVersion
import CTactusWaylandServer
import Glibc
import TactusActions
import TactusCommandLine
import TactusConfiguration
import TactusCore
import TactusEventLoop
import TactusLibinput
import TactusPlatform
import TactusTrace

/// tactusd: Tactus beside any compositor. It reads a seat's touchscreens and touchpads through libinput, recognizes
/// the configuration's gestures and runs their `exec` commands at the steps each binding names, with the gesture's
/// values in the environment. The touches still reach the application under the fingers: a daemon cannot withhold
/// or cancel them, nor serve tactus-gestures-v1 (a compositor that loads libtactus can).
/// tactusd: the program (Sources/tactusd) and, in the packages, a name of tactus-tools.
public struct Tactusd: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "tactusd",
        abstract: "Run the gestures of the Tactus configuration as commands, beside any Wayland compositor.",
        discussion: """
        Bindings with { exec = "command" } run their command at the steps `on` names (began, changed, ended, \
        cancelled; the end by default), changes paced by every-ms, every-mm, every-degrees or every-scale, with \
        TACTUS_GESTURE, TACTUS_PHASE, TACTUS_FINGERS, TACTUS_DX and TACTUS_DY (mm), TACTUS_SCALE, TACTUS_ROTATION, \
        TACTUS_DIRECTION, TACTUS_EDGE, TACTUS_PROGRESS, TACTUS_COUNT, TACTUS_PACES and, since the command last \
        ran, TACTUS_STEP_DX, TACTUS_STEP_DY, TACTUS_STEP_SCALE and TACTUS_STEP_ROTATION in the environment. Bindings \
        with { stream = "command" } run one process each, which reads every step on its standard input as a line of \
        JSON; lines never wait for it (64 at most, then old changes are dropped and counted), and it is started again \
        at the next gesture when it exits. Bindings with app-id or not-app-id act by the application whose window has \
        the focus, which tactusd learns from the compositor (WAYLAND_DISPLAY) through \
        zwlr_foreign_toplevel_manager_v1, in TACTUS_APP_ID; it says at start, and with --check, when it cannot. With \
        [feedback], it shows the touch points, the running binding and how it ended over each output; each edge an \
        edge swipe's binding starts from gets a strip that keeps the touches starting there from applications (strip \
        = false: not); both through the compositor's zwlr_layer_shell_v1, said as for the focus. Input \
        of over 333 frames a second is read every 8 ms. SIGHUP reads the configuration again; SIGTERM and SIGINT stop \
        it. It reads /dev/input: run it as a member of the input group.
        """,
        version: "tactusd \(String(cString: tactus_version()))")

    @Option(name: .customLong("config"), help: "The configuration file (default: the user's, as tactus-config(5) says).")
    var configurationFile: String?
    @Option(help: "The udev seat whose devices to use.") var seat = "seat0"
    @Option(name: .customLong("device"), help: "A device node to use instead of the seat's (repeatable).")
    var devices: [String] = []
    @Flag(help: "Check the configuration file (or FILE) and exit: 0 when it is good, 2 with its file and line when not.")
    var check = false
    @Argument(help: "With --check: the file to check.") var file: String?
    @Flag(name: .customLong("list-devices"), help: "Print the touch devices it would use, with their sizes, and exit.")
    var listDevices = false
    @Flag(help: "Print each gesture's steps and failures (with why) and each command it runs.") var verbose = false
    @Flag(name: .customLong("dry-run"), help: "Print the commands with their variables instead of running them.")
    var dryRun = false
    @Option(help: ArgumentHelp("Play a tactus-sim trace (generated, or written by tactus-sim record) instead of listening, at its own times and as fast as it comes; then exit.", valueName: "trace"))
    var replay: String?

    public func validate() throws {
        if file != nil && !check { throw ValidationError("a FILE argument goes with --check") }
    }

    public func run() throws {
        let status = runAsAsked()
        StandardOutput.flush()
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs what the options ask for; its exit status.
    private func runAsAsked() -> Int32 {
        // Output goes on when nobody reads it (`tactusd --verbose | head`): a write fails instead of ending the daemon.
        signal(SIGPIPE, SIG_IGN)
        let path = file ?? configurationFile ?? Configuration.defaultPath()
        if check { return Self.check(path) }
        if listDevices { return listTheDevices(configuredBy: path) }
        // The loop outlives the daemon, whose parts take their timers off it as they go.
        guard let loop = wl_event_loop_create() else {
            say("tactusd: cannot create an event loop")
            return 1
        }
        defer { wl_event_loop_destroy(loop) }
        return runDaemon(on: loop, configuredBy: path)
    }

    /// Runs the daemon on `loop` until it stops: live, or playing the trace of `--replay`. Its exit status.
    private func runDaemon(on loop: OpaquePointer, configuredBy path: String) -> Int32 {
        let daemon: Daemon
        let recording: TraceReader?
        do {
            recording = try replay.map { try TraceReader(contentsOfFile: $0) }
            let input: Daemon.Input = replay != nil ? .replayed
                : devices.isEmpty ? .seat(seat) : .devices(devices)
            daemon = try Daemon(loop: loop, input: input, configurationPath: path,
                                output: Daemon.Output(verbose: verbose, dryRun: dryRun))
        } catch {
            say("tactusd: \(error)")
            return 1
        }
        guard let recording else {
            daemon.run()
            return 0
        }
        do {
            try daemon.replay { try recording.next() }
        } catch {
            say("tactusd: \(error)")
            return 1
        }
        return 0
    }

    /// Reads the file as the daemon would and says what is wrong: 0 when it is good, 2 when it is not.
    static func check(_ path: String) -> Int32 {
        do {
            let configuration = try Configuration(contentsOf: path)
            for (index, binding) in configuration.bindings.enumerated() {
                if case .host = binding.action {
                    say("\(path): binding \(index + 1) (\(binding.name)): host actions are a compositor's; tactusd leaves it out")
                } else if binding.runsUnpacedChanges {
                    let interval = CommandLauncher.Limits.unpacedInterval.microseconds / 1000
                    say("\(path): binding \(index + 1) (\(binding.name)): runs its command at changes without a pace; "
                        + "at most one every \(interval) ms runs (every-ms, every-mm, every-degrees or every-scale "
                        + "choose how far apart)")
                }
            }
            if configuration.bindings.contains(where: { $0.applications != nil }) { sayWhetherFocusIsKnown() }
            let edges = Set(configuration.bindings.compactMap { $0.action.isCommand ? $0.edgeStrip?.edge : nil })
            if configuration.feedback != nil || !edges.isEmpty {
                sayWhetherItShows(LayerShell.parts(feedback: configuration.feedback != nil, strips: Array(edges)))
            }
            say("\(path): \(configuration.bindings.count) bindings, good")
            return 0
        } catch {
            say("\(error)")
            return 2
        }
    }

    /// Asks the compositor, as the daemon would, whether it tells which application has the focus, for bindings that
    /// name applications; says what it found (within two seconds: a compositor that does not answer is said to be
    /// absent).
    static func sayWhetherFocusIsKnown() {
        guard let loop = wl_event_loop_create() else { return }
        defer { wl_event_loop_destroy(loop) }
        let watcher = FocusWatcher(connection: CompositorConnection(loop: loop), say: say) { _ in }
        watcher.settle(within: FocusWatcher.patience)
    }

    /// Asks the compositor, as the daemon would, whether it can show `what` (the feedback, edge strips); says what it
    /// found (within two seconds: a compositor that does not answer is said to be absent).
    static func sayWhetherItShows(_ what: String) {
        guard let loop = wl_event_loop_create() else { return }
        defer { wl_event_loop_destroy(loop) }
        let connection = CompositorConnection(loop: loop)
        let shell = LayerShell(connection: connection)
        _ = connection.settle(within: FocusWatcher.patience) { shell.isReady }
        say("tactusd: " + (shell.standing(showing: what) ?? "the compositor at \(connection.socketName) has not answered "
                           + "within \(FocusWatcher.patience.microseconds / 1000) ms: \(what) show once it does"))
    }

    /// Opens the devices as the daemon would and prints what libinput says of each touch device, and what the
    /// configuration's [[device]] settings make of it.
    func listTheDevices(configuredBy path: String) -> Int32 {
        let configuration = (try? Configuration(contentsOf: path)) ?? Configuration()
        let source: LibinputSource
        do {
            source = devices.isEmpty ? try LibinputSource(seat: seat, deliver: { _, _ in })
                                             : try LibinputSource(paths: devices, deliver: { _, _ in })
        } catch {
            say("tactusd: cannot open the input devices: \(error)")
            return 1
        }
        source.placement = { placement(of: $0, in: configuration) }
        source.dispatch()
        for report in source.reports {
            guard let settings = configuration.settings(forDevice: report.name) else {
                say(report.description)
                continue
            }
            let size = settings.size.map { ", size \($0.width)×\($0.height) mm if it reports none" } ?? ""
            let what = settings.ignore ? "left out" : "rotation \(settings.rotation.rawValue)\(size)"
            say("\(report.description); [[device]] \"\(settings.match)\": \(what)")
        }
        if source.reports.isEmpty {
            say("tactusd: no touchscreen or touchpad on \(devices.isEmpty ? seat : devices.joined(separator: ", "))")
        }
        return 0
    }
}
