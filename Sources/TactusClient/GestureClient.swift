// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusCore

/// Creates gesture objects on a connection's surfaces.
///
/// ```swift
/// let connection = try WaylandConnection()
/// let gestures = try GestureClient(connection: connection)
/// let pinch = gestures.subscribe(.magnify(), on: surface)  // a wl_surface the client shows
/// pinch.onChanged = { print($0.scale ?? 1) }
/// try connection.dispatch(until: { false })
/// ```
public final class GestureClient {
    /// The connection the gesture objects live on.
    public let connection: WaylandConnection

    /// Receives what each input frame brought, once per frame, after each subscription's own handlers: every
    /// gesture object's event of that frame (all of them carry the same time), in the order their groups closed.
    /// A client that moves and scales content with a pinch and a rotation together applies both here. The
    /// connection's gesture clients share it.
    public var onFrame: (([(subscription: GestureSubscription, event: GestureEvent)]) -> Void)? {
        get { connection.inputFrameGroups.onFrame }
        set { connection.inputFrameGroups.onFrame = newValue }
    }

    /// Creates a client on a connection that has bound `tactus_gesture_manager_v1` and a `wl_seat`.
    public init(connection: WaylandConnection) throws {
        guard connection.gestureManager != nil else { throw WaylandClientError.missingGlobal("tactus_gesture_manager_v1") }
        guard connection.seat != nil else { throw WaylandClientError.missingGlobal("wl_seat") }
        self.connection = connection
    }

    /// Creates a gesture object on `surface` for `seat`'s devices (nil: the connection's seat), sends every
    /// parameter `gesture` gives, and commits unless `commit` is false (to add relations first). A region takes
    /// effect at the surface's next `wl_surface.commit`, which is the caller's. Once the
    /// manager is destroyed, returns a subscription that is already destroyed.
    public func subscribe(_ gesture: RemoteGesture, on surface: OpaquePointer, seat: OpaquePointer? = nil,
                          commit: Bool = true) -> GestureSubscription {
        let subscription = subscribe(kind: gesture.kind.number, gesture: gesture, on: surface, seat: seat)
        subscription.apply(gesture)
        if commit { subscription.commit() }
        return subscription
    }

    /// Creates a gesture object with any kind value, valid or not, and sends nothing else: for testing how the
    /// compositor handles misbehaving clients.
    @_spi(Testing) public func subscribe(rawKind: UInt32, on surface: OpaquePointer, seat: OpaquePointer? = nil) -> GestureSubscription {
        subscribe(kind: rawKind, gesture: GestureKind(number: rawKind).map { RemoteGesture(kind: $0) }, on: surface, seat: seat)
    }

    /// Asks that compositor gestures do not start in `rectangles` of `surface` (surface-local pixels; nil: nowhere
    /// yet), from the surface's next commit on. Once the manager is destroyed, the exclusion does nothing.
    public func exclude(_ rectangles: [Rect]?, on surface: OpaquePointer) -> GestureExclusion {
        let proxy = connection.gestureManager.flatMap { tactus_gesture_manager_v1_get_exclusion($0, surface) }
        let exclusion = GestureExclusion(proxy: proxy, connection: connection)
        exclusion.setRegion(rectangles)
        return exclusion
    }

    /// Destroys the manager; gesture and exclusion objects already made keep working.
    public func destroy() {
        connection.destroyGestureManager()
    }

    private func subscribe(kind: UInt32, gesture: RemoteGesture?, on surface: OpaquePointer, seat: OpaquePointer?) -> GestureSubscription {
        var proxy: OpaquePointer?
        if let manager = connection.gestureManager, let seat = seat ?? connection.seat {
            proxy = tactus_gesture_manager_v1_get_gesture(manager, surface, seat, kind)
        }
        return GestureSubscription(gesture: gesture, proxy: proxy, connection: connection)
    }
}
