// SPDX-License-Identifier: MIT
import CTactusPlugin
import CTactusWaylandServer
import Glibc
import TactusClient
import TactusCore
import TactusWaylandTestbed

/// Input to client, over real sockets: libtactus on an in-process compositor (its C ABI, libwayland-server), and
/// clients in the same process (TactusClient, libwayland-client), each with one window in a grid over the output and
/// several gestures on it. One-finger drags at 240 Hz rotate over the windows.
///
/// Each input frame is timed from just before its first touch entry (`tactus_plugin_touch_down`, `_motion` or
/// `_up`) to just after `wl_display_flush_clients` returns, through `tactus_plugin_touch_frame`: the gesture's
/// `frame` event is then in the client's socket. Only frames that sent the drag an event are samples. Between
/// frames, outside the timing, the display's event loop runs (timers) and the client reads what it received, which
/// is checked: once the drag began, every frame must bring it exactly one event (changed, then ended at the lift),
/// and no event may arrive outside its frame.
public enum LatencyBenchmark {
    /// What every client subscribes on its window; the strokes make the drag succeed and the others fail.
    static let gestures: [RemoteGesture] = [.drag(), .tap(), .longPress(), .magnify(), .rotate()]
    /// The output the windows share, layout pixels (the touchscreen has 10 px per mm).
    static let output = Rect(x: 0, y: 0, width: 3840, height: 2160)
    /// A stroke: motion frames after the touch down, and how far each moves (1.5 mm a frame: 360 mm/s).
    static let motionsPerStroke = 12
    static let step = Vector(dx: 15, dy: 0)

    /// Runs strokes over `clients` windows until at least `events` frames were timed (after one stroke per client to
    /// warm up, not counted).
    public static func measure(clients count: Int, events: Int) throws -> LatencyReport {
        let compositor = try PluginCompositor(output: output)
        let clients = try (0..<count).map { _ in try LatencyClient(compositor.testbed) }
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let rows = (count + columns - 1) / columns
        let cell = Size(width: output.size.width / Double(columns), height: output.size.height / Double(rows))
        for (i, client) in clients.enumerated() {
            let origin = Point(x: Double(i % columns) * cell.width, y: Double(i / columns) * cell.height)
            client.window = Rect(origin: origin, size: cell)
            compositor.testbed.place(client.base.serverSurface, at: client.window)
        }
        compositor.testbed.pump(clients.map(\.base.connection))

        var run = StrokeRun(compositor: compositor)
        for client in clients { run.drag(on: client) }
        run.samples.removeAll(keepingCapacity: true)
        run.samples.reserveCapacity(events + motionsPerStroke + 1)
        var next = 0
        while run.samples.count < events {
            run.drag(on: clients[next % count])
            next += 1
        }
        // Whatever reached a window that was not being dragged is read now, and counts against the run.
        compositor.testbed.pump(clients.map(\.base.connection))
        let strays = clients.reduce(0) { $0 + $1.unaccountedEvents }
        return LatencyReport(clients: count, nanoseconds: run.samples, mismatches: run.mismatches + strays)
    }
}

/// One client: a window with the benchmark's gestures, and the phases its drag received.
final class LatencyClient {
    let base: TestbedClient
    /// Kept alive here: a subscription that is let go destroys its object.
    private var subscriptions: [GestureSubscription] = []
    /// Every drag event received, in order.
    private(set) var dragPhases: [GesturePhase] = []
    /// How many of `dragPhases` a frame accounted for.
    var accounted = 0
    /// Where its window is, layout pixels.
    var window = Rect(x: 0, y: 0, width: 0, height: 0)

    init(_ testbed: Testbed) throws {
        base = try TestbedClient(testbed)
        subscriptions = LatencyBenchmark.gestures.map { base.gestures.subscribe($0, on: base.surface) }
        subscriptions[0].onEvent = { [unowned self] event in dragPhases.append(event.phase) }
    }

    /// Drag events that arrived outside the frame that should have sent them.
    var unaccountedEvents: Int { dragPhases.count - accounted }
}

/// The strokes of one run: the input clock, the samples and the mismatches so far.
struct StrokeRun {
    let compositor: PluginCompositor
    /// The input clock: frames at 240 Hz from the run's start, in wlroots' milliseconds of CLOCK_MONOTONIC (the clock
    /// the plugin's timers read), running ahead of it since frames come as fast as they are handled.
    private var frame = 0
    private let firstTime = UInt32(truncatingIfNeeded: monotonicNanoseconds() / 1_000_000)
    /// The timed frames, in nanoseconds.
    var samples: [Int64] = []
    /// Frames whose client did not receive what the drag should have sent, strokes whose drag never began, and
    /// events that arrived outside their frame.
    private(set) var mismatches = 0

    init(compositor: PluginCompositor) { self.compositor = compositor }

    /// One touch entry and its frame.
    enum Touch {
        case down(Point)
        case motion(Point)
        case up
    }

    /// Drags one finger across `client`'s window from a third of its width, timing every frame.
    mutating func drag(on client: LatencyClient) {
        let window = client.window
        let start = Point(x: window.origin.x + window.size.width * 0.3, y: window.origin.y + window.size.height * 0.5)
        let motions = (1...LatencyBenchmark.motionsPerStroke).map { Touch.motion(start + LatencyBenchmark.step * Double($0)) }
        var began = false
        for touch in [.down(start)] + motions + [.up] {
            // Outside the timing: the loop's timers, and whatever the client has not read yet (none is expected).
            compositor.testbed.run(forMilliseconds: 0)
            client.base.connection.dispatchAvailable()
            mismatches += client.unaccountedEvents
            client.accounted = client.dragPhases.count

            let elapsed = timed(touch)

            client.base.connection.dispatchAvailable()
            let heard = Array(client.dragPhases[client.accounted...])
            client.accounted = client.dragPhases.count
            if began {
                let lifted = if case .up = touch { true } else { false }
                if heard != [lifted ? .ended : .changed] { mismatches += 1 }
            } else if heard == [.began] {
                began = true
            } else if !heard.isEmpty {
                mismatches += 1
            }
            if !heard.isEmpty { samples.append(elapsed) }
        }
        if !began { mismatches += 1 }
        // A pause between strokes, as between two touches of a hand (a quarter of a second).
        frame += 60
    }

    /// Hands one frame to the plugin and returns the nanoseconds until its events are in the clients' sockets.
    private mutating func timed(_ touch: Touch) -> Int64 {
        let plugin = compositor.plugin, device = compositor.device
        let time = firstTime &+ UInt32(frame * 1000 / 240)
        frame += 1
        let before = monotonicNanoseconds()
        switch touch {
        case .down(let point):
            let position = compositor.normalized(point)
            _ = tactus_plugin_touch_down(plugin, device, time, 0, position.x, position.y)
        case .motion(let point):
            let position = compositor.normalized(point)
            _ = tactus_plugin_touch_motion(plugin, device, time, 0, position.x, position.y)
        case .up:
            _ = tactus_plugin_touch_up(plugin, device, time, 0)
        }
        _ = tactus_plugin_touch_frame(plugin, device)
        wl_display_flush_clients(compositor.testbed.display)
        return monotonicNanoseconds() - before
    }
}

/// CLOCK_MONOTONIC in nanoseconds.
func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
