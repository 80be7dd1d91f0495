@_spi(Testing) import TactusClient
import TactusCore

extension WaylandConnection: PumpedClient {}

/// A client of the test compositor: a connection, one surface the test places, and what its gestures heard.
final class TestClient {
    let connection: WaylandConnection
    let gestures: GestureClient
    let surface: OpaquePointer
    /// The compositor's side of the surface.
    let serverSurface: TestSurface
    /// Every event each subscription received, in order, by the name the test gave it.
    private(set) var heard: [(name: String, event: GestureEvent)] = []
    /// The subscriptions and exclusions, kept alive here: one that is let go destroys its object.
    private var subscriptions: [GestureSubscription] = []
    private var exclusions: [GestureExclusion] = []

    /// Connects, binds the globals (the gesture manager at `gestureVersion` at most; nil: the newest) and creates a
    /// surface, taking turns with `compositor` throughout.
    init(_ compositor: TestCompositor, gestureVersion: UInt32? = nil) throws {
        connection = try gestureVersion.map {
            try WaylandConnection(socket: compositor.socket, roundtripOnConnect: false, newestGestureVersion: $0)
        } ?? WaylandConnection(socket: compositor.socket, roundtripOnConnect: false)
        compositor.pump([connection])
        gestures = try GestureClient(connection: connection)
        guard let surface = connection.makeSurface() else { throw TestFailure("no wl_compositor") }
        self.surface = surface
        connection.commit(surface)
        compositor.pump([connection])
        guard let serverSurface = compositor.surfaces.last else { throw TestFailure("the surface did not arrive") }
        self.serverSurface = serverSurface
    }

    /// Subscribes to a gesture under a name (on the client's surface unless told another); its events are
    /// recorded in `heard`.
    @discardableResult
    func subscribe(_ name: String, _ gesture: RemoteGesture, on surface: OpaquePointer? = nil,
                   commit: Bool = true) -> GestureSubscription {
        let subscription = gestures.subscribe(gesture, on: surface ?? self.surface, seat: connection.seat, commit: commit)
        subscription.onEvent = { [unowned self] event in heard.append((name, event)) }
        subscriptions.append(subscription)
        return subscription
    }

    /// Asks that compositor gestures do not start in `rectangles` of the client's surface.
    @discardableResult
    func exclude(_ rectangles: [Rect]) -> GestureExclusion {
        let exclusion = gestures.exclude(rectangles, on: surface)
        exclusions.append(exclusion)
        return exclusion
    }

    /// The events one subscription heard.
    func events(_ name: String) -> [GestureEvent] { heard.filter { $0.name == name }.map(\.event) }

    /// Its phases, without repeated `changed`.
    func path(_ name: String) -> [GesturePhase] {
        var result: [GesturePhase] = []
        for event in events(name) where !(event.phase == .changed && result.last == .changed) { result.append(event.phase) }
        return result
    }
}
