// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import TactusCore
import TactusEventLoop
import TactusWayland

/// The compositor of the Wayland tests and of the protocol's fuzzer: the testbed (a display on a private socket,
/// `wl_compositor`, `wl_seat`, a scene where the caller places surfaces) with the Tactus global served by a
/// `GestureServer` on an `EngineLoop` the caller feeds directly. It hit-tests for the engine from the testbed's scene.
public final class TestCompositor: SurfaceLocator, GestureServerHost {
    /// The display, its globals and the scene.
    public let testbed: Testbed
    /// The engine the caller feeds, on the display's event loop.
    public private(set) var engineLoop: EngineLoop!
    /// The Tactus global and the clients' gesture objects.
    public private(set) var server: GestureServer!
    /// The engine loop's engine.
    public var engine: Engine { engineLoop.engine }
    /// The display's socket (`Testbed.socket`).
    public var socket: String { testbed.socket }
    /// The clients' surfaces (`Testbed.surfaces`).
    public var surfaces: [TestbedSurface] { testbed.surfaces }
    /// How many clients are connected.
    public var clientCount: Int { testbed.clientCount }
    /// Updates of gestures that are not the clients' (the compositor's own bindings).
    public private(set) var bindingUpdates: [GestureUpdate] = []
    /// The protocol errors the server raised, as it reported them: the object, and the message.
    public private(set) var protocolErrors: [(object: String, message: String)] = []
    /// Where the pointer is, for the engine's touchpad gestures.
    public var pointerLocation = Point(x: 0, y: 0)

    /// A display on a fresh socket, serving the Tactus global. `clock` is the input clock the engine loop's timer
    /// reads (`EngineLoop.init`): a caller that feeds virtual time and wants the timer to follow it gives its own.
    public init(clock: @escaping () -> Timestamp = Timestamp.monotonicNow) throws {
        testbed = try Testbed()
        engineLoop = EngineLoop(loop: wl_display_get_event_loop(testbed.display), clock: clock)
        engine.surfaceLocator = self
        server = GestureServer(display: testbed.display, engineLoop: engineLoop, host: self)
        // The tests' own bindings are attached on the engine directly.
        engineLoop.onUnownedUpdate = { [unowned self] update in bindingUpdates.append(update) }
        testbed.onSurfaceCommitted = { [unowned self] surface in server?.surfaceCommitted(surface.resource) }
    }

    /// Records the error in `protocolErrors`.
    public func protocolErrorRaised(on object: String, message: String) {
        protocolErrors.append((object, message))
    }

    deinit {
        engineLoop.onUnownedUpdate = nil
        server = nil
        // Before the testbed's display: the loop's timer is on the display's event loop.
        engineLoop = nil
    }

    /// Drops the Tactus server as a compositor that turns the protocol off would.
    public func shutDownServer() {
        // The server goes outside the assignment: its deinit cancels the clients' gestures, through the engine.
        let going = server
        server = nil
        withExtendedLifetime(going) {}
    }

    // MARK: The scene

    /// Puts a surface at `frame` (layout pixels), in front of the others (`Testbed.place`).
    public func place(_ surface: TestbedSurface, at frame: Rect, reportsSize: Bool = true) {
        testbed.place(surface, at: frame, reportsSize: reportsSize)
    }

    /// The front surface under the point, as the scene has it.
    public func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        guard let (surface, frame, reportsSize) = testbed.frontSurface(at: point) else { return }
        let local = Point(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
        let size = reportsSize ? frame.size : nil
        let excluded = server?.excludesCompositorGestures(on: surface.id, at: local, surfaceSize: size) ?? false
        stack.append(SurfaceHit(surface: surface.id, origin: frame.origin, excludesCompositorGestures: excluded,
                                size: size))
    }

    /// The rectangles of a client's region (`Testbed.rectangles(ofRegion:)`).
    public func rectangles(ofRegion region: OpaquePointer) -> [Rect] { testbed.rectangles(ofRegion: region) }

    // MARK: Running

    /// Lets the server and the clients take turns (`Testbed.pump`).
    public func pump(_ clients: [PumpedClient], rounds: Int = 8) { testbed.pump(clients, rounds: rounds) }

    /// Runs the event loop for up to `milliseconds` (`Testbed.run`).
    public func run(forMilliseconds milliseconds: Int32) { testbed.run(forMilliseconds: milliseconds) }

    /// Feeds a trace to the server with its devices, then lets `settle` of virtual time pass.
    public func feed(_ events: [(time: Timestamp, event: InputEvent)], settle: TimeSpan = .milliseconds(1000)) {
        for (time, event) in events { engineLoop.handle(event, at: time) }
        if let last = events.last { engineLoop.advance(to: last.time + settle) }
    }
}
