// SPDX-License-Identifier: MIT
import TactusClient
import TactusCore
import TactusWaylandTestbed

/// A client of the test compositor: a connection, one surface the test places, and what its gestures heard.
final class TestClient {
    /// The connection, the gesture client and the surface on both sides.
    let base: TestbedClient
    var connection: WaylandConnection { base.connection }
    var gestures: GestureClient { base.gestures }
    var surface: OpaquePointer { base.surface }
    var serverSurface: TestbedSurface { base.serverSurface }
    /// Every event each subscription received, in order, by the name the test gave it.
    private(set) var heard: [(name: String, event: GestureEvent)] = []
    /// The subscriptions and exclusions, kept alive here: one that is let go destroys its object.
    private var subscriptions: [GestureSubscription] = []
    private var exclusions: [GestureExclusion] = []

    /// Connects, binds the globals (the gesture manager at `gestureVersion` at most; nil: the newest) and creates a
    /// surface, taking turns with `compositor` throughout.
    init(_ compositor: TestCompositor, gestureVersion: UInt32? = nil) throws {
        base = try TestbedClient(compositor.testbed, gestureVersion: gestureVersion)
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

    /// Subscribes to a pinch ("pinch") and a rotation ("rotate") recognized together, as a photo viewer does.
    func subscribePinchAndRotateTogether() {
        let pinch = subscribe("pinch", .magnify(), commit: false)
        let rotate = subscribe("rotate", .rotate(), commit: false)
        pinch.recognizeSimultaneously(with: rotate)
        pinch.commit()
        rotate.commit()
    }

    /// Asks that compositor gestures do not start in `rectangles` of the client's surface, or of another.
    @discardableResult
    func exclude(_ rectangles: [Rect], on surface: OpaquePointer? = nil) -> GestureExclusion {
        let exclusion = gestures.exclude(rectangles, on: surface ?? self.surface)
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
