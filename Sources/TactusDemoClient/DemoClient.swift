// SPDX-License-Identifier: MIT
import TactusCommandLine
import CTactusVersion
import Glibc
import Synchronization
import JSONLines
import TactusClient
import TactusCore
import TactusPlatform

/// tactus-demo-client: the program (Sources/tactus-demo-client) and, in the packages, a name of tactus-tools.
public struct DemoClient: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "tactus-demo-client",
        abstract: "Subscribes to gestures on a surface through tactus-gestures-v1 and prints what the compositor reports.",
        discussion: """
            Prints JSON Lines on standard output, flushed line by line: first {"event":"ready","gestures":[NAMES]} \
            once every gesture is committed and the compositor has answered, then one line per gesture event with, \
            where present, time_ms, gesture, name, phase, serial, fingers, count, direction, location, translation, \
            velocity, scale, rotation_deg, progress, start_location, start_anchor and reason. Unlike the simulator's \
            millimetres, location, translation, velocity and start_location are surface-local pixels (per second); \
            start_anchor is start_location as fractions of the surface's size, where the compositor knows it.

            Exits 0 after --exit-after events, when the compositor closes the connection, or when it closes the \
            window (after printing {"event":"closed"}), 1 when it cannot be \
            reached or raises a protocol error, 64 for bad arguments.
            """,
        version: "tactus-demo-client \(String(cString: tactus_version()))")

    @Option(help: ArgumentHelp("The compositor's display socket (default: $WAYLAND_DISPLAY).", valueName: "name"))
    var socket: String?

    @Option(
        name: .customLong("gesture"),
        help: ArgumentHelp(
            """
            A gesture to subscribe to (repeatable). Kinds: \(GestureKind.allCases.map(\.kebabName).joined(separator: ", ")). \
            Keys: \(RemoteGesture.parametersOnTheWire.map(DemoClient.help(for:)).joined(separator: ", ")), priority \
            (normal, high, simultaneous), region (surface-local rectangles x,y,w,h joined by ;). Unset keys keep the \
            compositor's defaults; values go to the compositor unchecked. Example: 'zoom=pinch:fingers=2,region=0,0,400,300'. \
            Default: pinch=pinch and rotate=rotate, recognized simultaneously.
            """,
            valueName: "name=kind[:key=value,...]"),
        transform: NamedGesture.init(parsing:))
    var gestures: [NamedGesture] = []

    @Option(help: ArgumentHelp("Two gestures that run alongside each other instead of competing (repeatable).", valueName: "a,b"),
            transform: GesturePair.init(parsing:))
    var simultaneous: [GesturePair] = []

    @Option(name: .customLong("require-failure"),
            help: ArgumentHelp("Gesture a waits for gesture b to fail (repeatable).", valueName: "a,b"),
            transform: GesturePair.init(parsing:))
    var requireFailure: [GesturePair] = []

    @Option(help: ArgumentHelp("Where compositor gestures should not start: surface-local rectangles joined by ; (repeatable).",
                               valueName: "x,y,w,h"),
            transform: rectangles)
    var exclusion: [[Rect]] = []

    @Option(name: .customLong("exit-after"), help: ArgumentHelp("Exit after printing this many events.", valueName: "n"))
    var exitAfter: Int?

    @Flag(help: "Also print the raw touch events (wl_touch) the compositor sends: {\"event\":\"touch\",\"type\":...}.")
    var touch = false

    @Flag(help: "Also print the pointer events (wl_pointer) the compositor sends: {\"event\":\"pointer\",\"type\":...}.")
    var pointer = false

    @Flag(name: .customLong("pointer-gestures"), help: ArgumentHelp(
        """
        Also print the touchpad gestures the compositor forwards to the window under the pointer \
        (zwp_pointer_gestures_v1): {"event":"pointer-gesture","type":"begin","kind":"swipe","fingers":3}, \
        then updates with delta, and scale and rotation_deg for pinches, then an end with cancelled.
        """))
    var pointerGestures = false

    @Flag(name: .customLong("lock"), help: ArgumentHelp(
        """
        Play a lock screen: lock the session before the ready line, which names how ("lock"): \
        ext-session-lock-v1, or wlroots' zwlr_input_inhibit_manager_v1 where the compositor has only that. \
        SIGTERM or SIGINT unlocks it and ends the client; a client that dies otherwise leaves an \
        ext-session-lock-v1 session locked, as that protocol asks.
        """))
    var lock = false

    @Option(help: ArgumentHelp("The seat whose devices drive the gestures, by the name the compositor gives it "
                               + "(default: the first seat it announces).", valueName: "name"))
    var seat: String?

    @Flag(name: .customLong("release-seats"), help: ArgumentHelp(
        """
        Release every wl_seat object once the gestures are committed, as a client that needs them no longer \
        does: the gestures keep working, since they follow the seat.
        """))
    var releaseSeats = false

    @Flag(name: .customLong("no-gestures"), help: ArgumentHelp(
        "Subscribe to no gesture: only the window, and what --touch and --pointer print, where the compositor offers no "
        + "tactus-gestures-v1 (one that tactusd runs beside)."))
    var noGestures = false

    @Flag(help: "Take the size the compositor suggests for the window (a tiling compositor's tile) instead of 600 x 400.")
    var fill = false

    @Option(help: "The window's title, where the compositor is a desktop.")
    var title = "tactus-demo-client"

    @Option(name: .customLong("app-id"), help: ArgumentHelp(
        "The window's app id, by which the compositor and bindings with app-id tell applications apart.",
        valueName: "id"))
    var appID = "tactus-demo-client"

    public func validate() throws {
        if let exitAfter, exitAfter < 0 { throw ValidationError("--exit-after must not be negative") }
        if noGestures, !gestures.isEmpty || !exclusion.isEmpty || seat != nil {
            throw ValidationError("--no-gestures subscribes to nothing: it takes no --gesture, --exclusion or --seat")
        }
        var names = Set<String>()
        for gesture in namedGestures where !names.insert(gesture.name).inserted {
            throw ValidationError("two gestures are named \"\(gesture.name)\"")
        }
        for pair in simultaneousPairs + requireFailure {
            for name in [pair.first, pair.second] where !names.contains(name) {
                throw ValidationError("no gesture is named \"\(name)\"")
            }
        }
    }

    public func run() throws {
        do {
            try subscribeAndPrint()
        } catch WaylandClientError.connectionFailed(nil, let code) where code == EPIPE || code == ECONNRESET {
            return  // The compositor closed the connection without an error.
        } catch let error as WaylandClientError {
            StandardError.write("tactus-demo-client: \(error)\n")
            throw ExitCode(1)
        }
    }

    /// The gestures given, or pinch and rotate.
    private var namedGestures: [NamedGesture] {
        guard gestures.isEmpty, !noGestures else { return gestures }
        return [NamedGesture(name: "pinch", gesture: RemoteGesture(kind: .magnify)),
                NamedGesture(name: "rotate", gesture: RemoteGesture(kind: .rotate))]
    }

    /// The simultaneous pairs given, and pinch with rotate when they are the default gestures.
    private var simultaneousPairs: [GesturePair] {
        gestures.isEmpty && !noGestures ? simultaneous + [GesturePair(first: "pinch", second: "rotate")] : simultaneous
    }

    /// SIGTERM and SIGINT, blocked in every thread from the start, for `unlockOnTermination(_:)`.
    private static func blockTermination() {
        var signals = terminationSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    fileprivate static var terminationSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        return signals
    }

    /// A lock screen unlocks when asked to end: a thread waits for SIGTERM or SIGINT, notes it, and wakes the main
    /// thread's dispatch with a `wl_display.sync` (libwayland takes requests from any thread), which then unlocks and
    /// waits for the compositor's answer before the client ends: a compositor drops what a client that hung up sent
    /// last, an unlock among it, and would leave the session locked.
    private static func noteTermination(_ connection: WaylandConnection) {
        let context = Unmanaged.passRetained(LockedConnection(connection: connection)).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, waitForTermination, context) == 0 { pthread_detach(thread) }
    }

    private func subscribeAndPrint() throws {
        if lock { DemoClient.blockTermination() }
        let connection = try WaylandConnection(socket: socket)
        let client = noGestures ? nil : try GestureClient(connection: connection)
        // A window where the compositor is a desktop (xdg-shell); a bare surface where it is not (a test's).
        let window = Window(connection: connection, title: title, appID: appID, width: 600, height: 400,
                            fillsSuggestedSize: fill)
        guard let surface = window?.surface ?? connection.makeSurface() else {
            throw WaylandClientError.missingGlobal("wl_compositor")
        }

        // The seats' names come in the roundtrip after the one that bound them.
        var chosenSeat: OpaquePointer?
        if let seat {
            try connection.roundtrip()
            guard let named = connection.seat(named: seat) else {
                throw WaylandClientError.missingGlobal("wl_seat named \(seat)")
            }
            chosenSeat = named
        }

        // Events that come before the ready line (an interaction already under way) wait for it.
        var waiting: [String]? = []
        var printed = 0
        let isDone = { exitAfter.map { printed >= $0 } ?? false }
        let subscriptions = namedGestures.compactMap { named -> (String, GestureSubscription)? in
            // No client, no gestures: --no-gestures names none.
            guard let client else { return nil }
            let subscription = client.subscribe(named.gesture, on: surface, seat: chosenSeat, commit: false)
            subscription.onEvent = { event in
                // One read can bring several frames; --exit-after means exactly that many lines.
                guard !isDone() else { return }
                let line = event.jsonLine(kind: named.gesture.kind, name: named.name)
                if waiting != nil { waiting?.append(line) } else { emit(line) }
                printed += 1
            }
            return (named.name, subscription)
        }
        let byName = Dictionary(uniqueKeysWithValues: subscriptions)
        relate(simultaneousPairs, in: byName) { $0.recognizeSimultaneously(with: $1) }
        relate(requireFailure, in: byName) { $0.requireFailure(of: $1) }
        for (_, subscription) in subscriptions { subscription.commit() }
        if releaseSeats { connection.releaseSeats() }
        let excluded = exclusion.isEmpty ? nil : client?.exclude(exclusion.flatMap { $0 }, on: surface)
        let touches = touch ? TouchObserver(connection: connection) : nil
        touches?.onEvent = { event in
            let line = DemoClient.touchLine(event)
            if waiting != nil { waiting?.append(line) } else { emit(line) }
        }
        let pointing = pointer ? PointerObserver(connection: connection) : nil
        pointing?.onEvent = { event in
            let line = DemoClient.pointerLine(event)
            if waiting != nil { waiting?.append(line) } else { emit(line) }
        }
        let forwarded = pointerGestures ? PointerGestureObserver(connection: connection) : nil
        if pointerGestures, forwarded == nil {
            throw WaylandClientError.missingGlobal(connection.seat == nil ? "wl_seat" : "zwp_pointer_gestures_v1")
        }
        forwarded?.onEvent = { event in
            let line = DemoClient.pointerGestureLine(event)
            if waiting != nil { waiting?.append(line) } else { emit(line) }
        }
        if lock {
            try connection.lockSession()
            DemoClient.noteTermination(connection)
        }
        if window == nil { connection.commit(surface) }
        try connection.roundtrip()
        if let window { try connection.dispatch(until: { window.isMapped }) }

        var ready = JSONLine()
        ready.add("event", "ready")
        ready.add("gestures", strings: namedGestures.map(\.name))
        if let how = connection.sessionLockProtocol { ready.add("lock", how.rawValue) }
        emit(ready.text)
        waiting?.forEach(emit)
        waiting = nil
        try withExtendedLifetime((byName, excluded, window, touches, pointing, forwarded)) {
            try connection.dispatch(until: {
                isDone() || window?.closeRequested == true || terminationAsked.load(ordering: .sequentiallyConsistent)
            })
        }
        if window?.closeRequested == true { emit(#"{"event":"closed"}"#) }
        if terminationAsked.load(ordering: .sequentiallyConsistent) {
            connection.unlockSession()
            try connection.roundtrip()
        }
    }

    /// A parameter's key in the --gesture help: its name, with its unit or values, in ASCII (the manual generator
    /// drops every other character).
    static func help(for parameter: GestureParameter) -> String {
        switch parameter {
        case .directions: return "directions (left, right, up, down joined by +)"
        case .edge: return "edge (\(Edge.allCases.map(\.rawValue).joined(separator: ", ")))"
        default: return parameter.unit.map { "\(parameter.kebabName) (\($0 == "°" ? "degrees" : $0))" } ?? parameter.kebabName
        }
    }

    /// A raw touch event as a JSON line.
    static func touchLine(_ event: TouchObserver.Event) -> String {
        var line = JSONLine()
        line.add("event", "touch")
        switch event {
        case .down(let id, let p, let time):
            line.add("type", "down"); line.add("id", Int(id)); line.add("location", [p.x, p.y]); line.add("time_ms", Int(time))
        case .motion(let id, let p, let time):
            line.add("type", "motion"); line.add("id", Int(id)); line.add("location", [p.x, p.y]); line.add("time_ms", Int(time))
        case .up(let id, let time): line.add("type", "up"); line.add("id", Int(id)); line.add("time_ms", Int(time))
        case .frame: line.add("type", "frame")
        case .cancel: line.add("type", "cancel")
        }
        return line.text
    }

    /// A pointer event as a JSON line.
    static func pointerLine(_ event: PointerObserver.Event) -> String {
        var line = JSONLine()
        line.add("event", "pointer")
        switch event {
        case .enter(let p): line.add("type", "enter"); line.add("location", [p.x, p.y])
        case .leave: line.add("type", "leave")
        case .motion(let p): line.add("type", "motion"); line.add("location", [p.x, p.y])
        case .button(let button, let pressed):
            line.add("type", "button"); line.add("button", Int(button)); line.add("state", pressed ? "pressed" : "released")
        }
        return line.text
    }

    /// A forwarded touchpad gesture event as a JSON line.
    static func pointerGestureLine(_ event: PointerGestureObserver.Event) -> String {
        var line = JSONLine()
        line.add("event", "pointer-gesture")
        switch event {
        case .begin(let kind, let fingers):
            line.add("type", "begin"); line.add("kind", kind.rawValue); line.add("fingers", Int(fingers))
        case .update(let kind, let delta, let scale, let rotation):
            line.add("type", "update"); line.add("kind", kind.rawValue); line.add("delta", [delta.dx, delta.dy])
            if let scale { line.add("scale", scale) }
            if let rotation { line.add("rotation_deg", rotation) }
        case .end(let kind, let cancelled):
            line.add("type", "end"); line.add("kind", kind.rawValue); line.add("cancelled", cancelled)
        }
        return line.text
    }

    private func relate(_ pairs: [GesturePair], in subscriptions: [String: GestureSubscription],
                        _ relation: (GestureSubscription, GestureSubscription) -> Void) {
        for pair in pairs {
            if let first = subscriptions[pair.first], let second = subscriptions[pair.second] { relation(first, second) }
        }
    }
}

/// Prints a line and flushes it, so that a reader on a pipe sees each line as it comes.
private func emit(_ line: String) {
    print(line)
    fflush(nil)
}

/// The connection a lock screen's signal thread wakes: `wakeDispatch()` is the one call that crosses threads.
/// The thread of `noteTermination`: waits for SIGTERM or SIGINT, notes it, and wakes the main thread's dispatch.
private func waitForTermination(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let locked = Unmanaged<LockedConnection>.fromOpaque(context!).takeRetainedValue()
    var signals = DemoClient.terminationSignals
    var received: Int32 = 0
    sigwait(&signals, &received)
    terminationAsked.store(true, ordering: .sequentiallyConsistent)
    locked.connection.wakeDispatch()
    return nil
}

private final class LockedConnection: @unchecked Sendable {
    let connection: WaylandConnection
    init(connection: WaylandConnection) { self.connection = connection }
}

/// Set once SIGTERM or SIGINT came to a lock screen (`noteTermination`).
private let terminationAsked = Atomic<Bool>(false)
